// Client state of the coupon as Jotai atoms.
//
// Persistence (SPEC §3): localStorage keeps exactly the stored part of the coupon (bets,
// addedAtByBetId, typeId, systemValue) and the coupon settings; sessionStorage keeps the
// coupon notification record. Every stored value is parsed with zod when read (the parsers of
// storage-parsers.ts, passed in so the atoms do not pull zod into the first load): a corrupt
// or outdated value is removed and the default used, the page never crashes.
//
// Server rendering: atoms hold no storage until connectCouponStorage runs in an effect on
// the client, so the server and the first client render see the same value (the seed of
// createCouponStore, e.g. the cookie's coupon from the loader) and hydration cannot
// mismatch. Every request gets its own store (createCouponStore + <Provider store>):
// without one, atoms would live in a module-level store shared between requests.
// Other tabs' writes arrive as "storage" events and are applied without writing back.

import { type OneClickRequest, oneClickStake } from "./one-click";
import { atom, createStore } from "jotai";
import { COUPON_NOTIFICATION_STORAGE_KEY, COUPON_SETTINGS_STORAGE_KEY, COUPON_STORAGE_KEY } from "./constants";
import {
  type CouponBetChange,
  addBetToCoupon,
  clearCoupon,
  couponBetChanges,
  couponCoef,
  couponPossibleWin,
  couponSystemOptions,
  couponSystemReturn,
  deleteBetFromCoupon,
  setBetAsBanker,
  setCouponType,
  setSystemValue,
  updateCouponBets,
} from "./coupon";
import { type CouponCurrency, FALLBACK_CURRENCY, amountStepFor } from "./currency";
import { formatOdds, type OddsFormat } from "./math";
import { mergeCookieCouponIntoStored } from "./merge";
import {
  type Coupon,
  type CouponBet,
  type CouponConfig,
  type CouponRuntime,
  type CouponSettings,
  type CookieCoupon,
  type CouponNotificationRecord,
  type StoredCoupon,
  defaultCouponConfig,
  defaultCouponRuntime,
  defaultCouponSettings,
  emptyStoredCoupon,
  getBetId,
} from "./model";
import {
  type CouponNotificationState,
  INITIAL_COUPON_NOTIFICATION_STATE,
  dismissCouponNotification,
  notificationBetsOf,
  stepCouponNotification,
} from "./notification";
import {
  type TurnOnOneClickResult,
  betLockReason,
  betRefusals,
  bonusBetOffer,
  couponPlacementRefusals,
  isBetLive,
  isSystemWithBanker,
  maxAmountApplies,
  minAmountApplies,
  oneClickAvailability,
  promoCodeAccess,
  setExactCoef,
  turnOffOneClickBetting,
  turnOnOneClickBetting,
  vipBetAvailability,
} from "./rules";

/** The part of the Web Storage API the coupon uses (window.localStorage, or a fake in tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface Clock {
  now(): number;
}

/** Who is betting, as the coupon needs it. */
export interface CouponAccountContext {
  readonly isSignedIn: boolean;
  /** The currency's row of the table, as the server seeds it. */
  readonly currency: CouponCurrency;
  readonly isBonusAccount: boolean;
  readonly oddsFormat: OddsFormat;
}

export const DEFAULT_COUPON_ACCOUNT: CouponAccountContext = Object.freeze({
  isSignedIn: false,
  currency: FALLBACK_CURRENCY,
  isBonusAccount: false,
  oddsFormat: "decimal",
});

// ------------------------------------------------------------ inputs

export const couponConfigAtom = atom<CouponConfig>(defaultCouponConfig());
export const couponAccountAtom = atom<CouponAccountContext>(DEFAULT_COUPON_ACCOUNT);
export const couponClockAtom = atom<Clock>({ now: () => Date.now() });
/** null on the server and until connectCouponStorage: writes then stay in memory. */
export const couponLocalStorageAtom = atom<KeyValueStorage | null>(null);
export const couponSessionStorageAtom = atom<KeyValueStorage | null>(null);
/** null until connectCouponStorage: nothing is read from storage before. */
const couponStorageParsersAtom = atom<CouponStorageParsers | null>(null);

// ------------------------------------------------------------ storage helpers

/** Parsers of what storage holds: null for a value that is not valid. */
export interface CouponStorageParsers {
  storedCoupon(value: unknown): StoredCoupon | null;
  settings(value: unknown): CouponSettings | null;
  notificationRecord(value: unknown): CouponNotificationRecord | null;
}

function readStored<T>(storage: KeyValueStorage, key: string, parse: (value: unknown) => T | null, fallback: T): T {
  try {
    const raw = storage.getItem(key);
    if (raw === null) return fallback;
    return parseStored(raw, parse, fallback, () => storage.removeItem(key));
  } catch {
    // storage disabled (private mode, blocked cookies): run from memory
    return fallback;
  }
}

function parseStored<T>(raw: string | null, parse: (value: unknown) => T | null, fallback: T, onInvalid: () => void = () => undefined): T {
  if (raw === null) return fallback;
  try {
    const parsed = parse(JSON.parse(raw));
    if (parsed !== null) return parsed;
  } catch {
    // not JSON: handled as invalid below
  }
  onInvalid();
  return fallback;
}

function writeStored(storage: KeyValueStorage | null, key: string, value: unknown): void {
  if (!storage) return;
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // quota exceeded or storage disabled: the coupon keeps working in memory
  }
}

// ------------------------------------------------------------ base state

const storedCouponAtom = atom<StoredCoupon>(emptyStoredCoupon());
const couponRuntimeAtom = atom<CouponRuntime>(defaultCouponRuntime());
const couponSettingsBaseAtom = atom<CouponSettings>(defaultCouponSettings());
const couponNotificationBaseAtom = atom<CouponNotificationState>(INITIAL_COUPON_NOTIFICATION_STATE);
const cookieCouponMergedAtom = atom(false);
/**
 * Changes made before storage is connected (a click while the storage parsers load): kept
 * through the hydration instead of being replaced by what storage holds.
 */
const storedTouchedBeforeStorageAtom = atom(false);
const settingsTouchedBeforeStorageAtom = atom(false);

type Update<T> = T | ((previous: T) => T);
function resolve<T>(update: Update<T>, previous: T): T {
  return typeof update === "function" ? (update as (previous: T) => T)(previous) : update;
}

/** The fields couponAtom computes on read: a write keeps their base values. */
function derivedFieldsOf(runtime: CouponRuntime) {
  const { coef, coefByView, calcSystemsMin, systemValues, amountStep, initialAmount } = runtime;
  return { coef, coefByView, calcSystemsMin, systemValues, amountStep, initialAmount };
}

/**
 * The whole coupon. Reading it computes what derives from the bets, the settings and the
 * account (coef, coefByView, calcSystemsMin, systemValues, amountStep, initialAmount);
 * values written to those fields are ignored, so they never go stale. Writing keeps the
 * stored part in localStorage and the rest in memory.
 */
export const couponAtom = atom(
  (get): Coupon => {
    const coupon: Coupon = { ...get(couponRuntimeAtom), ...get(storedCouponAtom) };
    const config = get(couponConfigAtom);
    const account = get(couponAccountAtom);
    const coef = couponCoef(coupon, config);
    return {
      ...coupon,
      coef,
      coefByView: coef > 0 ? formatOdds(coef, account.oddsFormat) : "",
      calcSystemsMin: couponSystemReturn(coupon)?.minWin ?? null,
      systemValues: couponSystemOptions(coupon).map((option) => option.value),
      amountStep: amountStepFor(account.currency, get(couponSettingsBaseAtom)),
      initialAmount: account.currency.initialAmount,
    };
  },
  (get, set, update: Update<Coupon>) => {
    const next = resolve(update, get(couponAtom));
    const { bets, addedAtByBetId, typeId, systemValue, ...written } = next;
    const previous = get(storedCouponAtom);
    if (
      bets !== previous.bets ||
      addedAtByBetId !== previous.addedAtByBetId ||
      typeId !== previous.typeId ||
      systemValue !== previous.systemValue
    ) {
      const stored: StoredCoupon = { bets, addedAtByBetId, typeId, systemValue };
      set(storedCouponAtom, stored);
      const storage = get(couponLocalStorageAtom);
      if (storage) writeStored(storage, COUPON_STORAGE_KEY, stored);
      else set(storedTouchedBeforeStorageAtom, true);
    }
    set(couponRuntimeAtom, { ...written, ...derivedFieldsOf(get(couponRuntimeAtom)) });
  },
);

/** The coupon settings, all stored in localStorage. */
export const couponSettingsAtom = atom(
  (get) => get(couponSettingsBaseAtom),
  (get, set, update: Update<CouponSettings>) => {
    const next = resolve(update, get(couponSettingsBaseAtom));
    set(couponSettingsBaseAtom, next);
    const storage = get(couponLocalStorageAtom);
    if (storage) writeStored(storage, COUPON_SETTINGS_STORAGE_KEY, next);
    else set(settingsTouchedBeforeStorageAtom, true);
  },
);

// ------------------------------------------------------------ derived

export const couponCoefAtom = atom((get) => get(couponAtom).coef);
export const couponPossibleWinAtom = atom((get) =>
  couponPossibleWin(get(couponAtom), get(couponSettingsAtom), get(couponConfigAtom)),
);
export const couponSystemOptionsAtom = atom((get) => couponSystemOptions(get(couponAtom)));
export const couponSystemReturnAtom = atom((get) => couponSystemReturn(get(couponAtom)));
export const isSystemWithBankerAtom = atom((get) => isSystemWithBanker(get(couponAtom)));
export const bonusBetOfferAtom = atom((get) => bonusBetOffer(get(couponAtom), get(couponConfigAtom)));
export const vipBetAvailabilityAtom = atom((get) => vipBetAvailability(get(couponAtom), get(couponConfigAtom)));
export const oneClickAvailabilityAtom = atom((get) =>
  oneClickAvailability(get(couponConfigAtom), get(couponAccountAtom).isSignedIn),
);
/** The stake one click on a coefficient places now, or null when the click fills the coupon (app/coupon/one-click.ts). */
export const oneClickStakeAtom = atom((get) => {
  const account = get(couponAccountAtom);
  return oneClickStake({
    settings: get(couponSettingsAtom),
    config: get(couponConfigAtom),
    isSignedIn: account.isSignedIn,
    isBonusAccount: account.isBonusAccount,
    currency: account.currency,
  });
});
/** The latest one-click placement asked for by a coefficient; OneClickBet sends it and shows the answer. */
export const oneClickRequestAtom = atom<OneClickRequest | null>(null);
/**
 * True while a one-click placement is on its way: a second click then does nothing, because
 * sending another would abort the first request in the browser while the server may still place
 * it, and its answer (the coupon number) would be lost.
 */
export const oneClickBusyAtom = atom(false);
export const promoCodeAccessAtom = atom((get) => promoCodeAccess(get(couponAtom).typeId));
export const minAmountAppliesAtom = atom((get) => minAmountApplies(get(couponAtom).typeId, get(couponConfigAtom)));
export const maxAmountAppliesAtom = atom((get) =>
  maxAmountApplies(get(couponAtom).typeId, get(couponConfigAtom), get(couponAccountAtom).isBonusAccount),
);
/** Per bet: live or not, its lock reason, and why it cannot be placed. */
export const couponBetStatesAtom = atom((get) =>
  Object.fromEntries(
    get(couponAtom).bets.map((bet) => [
      getBetId(bet),
      { isLive: isBetLive(bet), lock: betLockReason(bet), refusals: betRefusals(bet) },
    ]),
  ),
);
/** Every reason the coupon cannot be placed now; empty when it can. */
export const couponPlacementRefusalsAtom = atom((get) =>
  couponPlacementRefusals(get(couponAtom), {
    config: get(couponConfigAtom),
    isBonusAccount: get(couponAccountAtom).isBonusAccount,
  }),
);

// ------------------------------------------------------------ actions

export const addBetToCouponAtom = atom(null, (get, set, bet: CouponBet) => {
  set(couponAtom, (coupon) => addBetToCoupon(coupon, bet, get(couponClockAtom).now()));
});
export const deleteBetFromCouponAtom = atom(null, (_get, set, betId: string) => {
  set(couponAtom, (coupon) => deleteBetFromCoupon(coupon, betId));
});
export const clearCouponAtom = atom(null, (_get, set) => {
  set(couponAtom, clearCoupon);
});
export const setCouponTypeAtom = atom(null, (_get, set, typeId: number) => {
  set(couponAtom, (coupon) => setCouponType(coupon, typeId));
});
export const setSystemValueAtom = atom(null, (_get, set, value: number) => {
  set(couponAtom, (coupon) => setSystemValue(coupon, value));
});
export const setCouponAmountAtom = atom(null, (_get, set, amount: number) => {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`amount must be whole minor units, got ${amount}`);
  set(couponAtom, (coupon) => ({ ...coupon, amount }));
});
/** The largest stake the platform accepts for this coupon now (auto-max, SPEC §3 maxBetAmount): a VIP bet needs it known. */
export const setCouponMaxBetAmountAtom = atom(null, (_get, set, maxBetAmount: number) => {
  if (!Number.isSafeInteger(maxBetAmount) || maxBetAmount < 0) throw new RangeError(`maxBetAmount must be whole minor units, got ${maxBetAmount}`);
  set(couponAtom, (coupon) => ({ ...coupon, maxBetAmount }));
});
/** Returns the refusal when the bet cannot become (or stop being) a banker. */
export const setBetAsBankerAtom = atom(null, (get, set, input: { betId: string; isBanker: boolean }) => {
  const result = setBetAsBanker(get(couponAtom), input.betId, input.isBanker);
  if (result.ok) set(couponAtom, result.coupon);
  return result.ok ? ({ ok: true } as const) : result;
});
/** Fresh copies of bets from the odds feed; answers what changed that the bettor should hear about. */
export const updateCouponBetsAtom = atom(null, (get, set, bets: readonly CouponBet[]): CouponBetChange[] => {
  const changes = couponBetChanges(get(couponAtom), bets);
  set(couponAtom, (coupon) => updateCouponBets(coupon, bets));
  return changes;
});
export const setExactCoefAtom = atom(null, (get, set, exactCoef: number | null) => {
  set(couponSettingsAtom, (settings) => setExactCoef(settings, exactCoef, get(couponCoefAtom)));
});
/**
 * Turns one-click betting on. With bets in the coupon the first call answers
 * "confirmation-required"; calling again with confirmed: true clears the coupon.
 */
export const turnOnOneClickAtom = atom(null, (get, set, input: { confirmed: boolean }): TurnOnOneClickResult => {
  const result = turnOnOneClickBetting({
    settings: get(couponSettingsAtom),
    betCount: get(couponAtom).bets.length,
    config: get(couponConfigAtom),
    isSignedIn: get(couponAccountAtom).isSignedIn,
    confirmed: input.confirmed,
  });
  if (result.status === "turned-on") {
    if (result.clearsCoupon) set(couponAtom, clearCoupon);
    set(couponSettingsAtom, result.settings);
  }
  return result;
});
export const turnOffOneClickAtom = atom(null, (_get, set) => {
  set(couponSettingsAtom, turnOffOneClickBetting);
});

// ------------------------------------------------------------ coupon notification

export const couponNotificationAtom = atom((get) => get(couponNotificationBaseAtom));

/** Where the player is, as the notification needs it. */
export interface CouponNotificationPage {
  readonly isOnCouponPage: boolean;
  readonly isQuickCouponOpen: boolean;
}

/** One step of the notification machine at the clock's time; the record goes to sessionStorage. */
export const stepCouponNotificationAtom = atom(null, (get, set, page: CouponNotificationPage) => {
  const previous = get(couponNotificationBaseAtom);
  const next = stepCouponNotification(previous, {
    now: get(couponClockAtom).now(),
    bets: notificationBetsOf(get(couponAtom).bets),
    ...page,
  });
  if (next === previous) return next;
  set(couponNotificationBaseAtom, next);
  if (next.record !== previous.record) {
    writeStored(get(couponSessionStorageAtom), COUPON_NOTIFICATION_STORAGE_KEY, next.record);
  }
  return next;
});
export const dismissCouponNotificationAtom = atom(null, (get, set) => {
  set(couponNotificationBaseAtom, dismissCouponNotification(get(couponNotificationBaseAtom)));
});

// ------------------------------------------------------------ hydration and tabs

export interface CouponStorageSources {
  readonly parsers: CouponStorageParsers;
  readonly localStorage: KeyValueStorage | null;
  readonly sessionStorage?: KeyValueStorage | null;
  /** The coupon of the no-JavaScript cookie, as the loader read it. */
  readonly cookieCoupon?: StoredCoupon | null;
}

/**
 * Reads the stored coupon, settings and notification record, merges the cookie's
 * coupon in (once per store) and writes the merge back. Answers whether the cookie was
 * merged, so the caller can clear it.
 */
export const hydrateCouponFromStorageAtom = atom(null, (get, set, sources: CouponStorageSources) => {
  const { parsers, localStorage, sessionStorage = null, cookieCoupon = null } = sources;
  const inMemory = get(storedCouponAtom);
  const storedTouched = get(storedTouchedBeforeStorageAtom);
  const settingsTouched = get(settingsTouchedBeforeStorageAtom);
  set(storedTouchedBeforeStorageAtom, false);
  set(settingsTouchedBeforeStorageAtom, false);
  set(couponStorageParsersAtom, parsers);
  set(couponLocalStorageAtom, localStorage);
  set(couponSessionStorageAtom, sessionStorage);

  let stored = localStorage ? readStored(localStorage, COUPON_STORAGE_KEY, parsers.storedCoupon, emptyStoredCoupon()) : inMemory;
  const mergesCookie = cookieCoupon !== null && cookieCoupon.bets.length > 0 && !get(cookieCouponMergedAtom);
  if (mergesCookie) {
    stored = mergeCookieCouponIntoStored(stored, cookieCoupon);
    set(cookieCouponMergedAtom, true);
  }
  // Bets the bettor added before storage was connected join it, as the cookie's do.
  if (storedTouched) stored = mergeCookieCouponIntoStored(stored, inMemory);
  if (mergesCookie || storedTouched) writeStored(localStorage, COUPON_STORAGE_KEY, stored);
  set(storedCouponAtom, stored);
  if (localStorage) {
    // Settings changed before storage was connected are the newest: they replace the stored ones.
    if (settingsTouched) writeStored(localStorage, COUPON_SETTINGS_STORAGE_KEY, get(couponSettingsBaseAtom));
    else set(couponSettingsBaseAtom, readStored(localStorage, COUPON_SETTINGS_STORAGE_KEY, parsers.settings, defaultCouponSettings()));
  }
  if (sessionStorage) {
    const record = readStored(sessionStorage, COUPON_NOTIFICATION_STORAGE_KEY, parsers.notificationRecord, INITIAL_COUPON_NOTIFICATION_STATE.record);
    set(couponNotificationBaseAtom, { record, alert: null });
  }
  return { cookieMerged: mergesCookie };
});

/** A "storage" event: another tab changed (or cleared) what this tab shows. */
export const applyCouponStorageEventAtom = atom(null, (get, set, event: { key: string | null; newValue: string | null }) => {
  const parsers = get(couponStorageParsersAtom);
  if (!parsers) return;
  if (event.key === null || event.key === COUPON_STORAGE_KEY) {
    set(storedCouponAtom, parseStored(event.key === null ? null : event.newValue, parsers.storedCoupon, emptyStoredCoupon()));
  }
  if (event.key === null || event.key === COUPON_SETTINGS_STORAGE_KEY) {
    set(couponSettingsBaseAtom, parseStored(event.key === null ? null : event.newValue, parsers.settings, defaultCouponSettings()));
  }
});

/** Where "storage" events of other tabs arrive: window in a browser. */
export interface StorageEventSource {
  addEventListener(type: "storage", listener: (event: Event) => void): void;
  removeEventListener(type: "storage", listener: (event: Event) => void): void;
}

export interface CouponStorageConnection extends CouponStorageSources {
  readonly events?: StorageEventSource | null;
  /** Called once when the cookie's coupon has joined localStorage: clear the cookie now. */
  readonly onCookieMerged?: () => void;
}

type CouponStore = ReturnType<typeof createStore>;

/** Hydrates the store from storage and follows other tabs; returns the disconnect. */
export function connectCouponStorage(store: CouponStore, connection: CouponStorageConnection): () => void {
  const { cookieMerged } = store.set(hydrateCouponFromStorageAtom, connection);
  if (cookieMerged) connection.onCookieMerged?.();
  const listener = (event: Event) => {
    const { key = null, newValue = null, storageArea } = event as Event & {
      key?: string | null;
      newValue?: string | null;
      storageArea?: unknown;
    };
    // sessionStorage events and other areas are not ours
    if (storageArea !== undefined && storageArea !== null && storageArea !== connection.localStorage) return;
    store.set(applyCouponStorageEventAtom, { key, newValue });
  };
  connection.events?.addEventListener("storage", listener);
  return () => connection.events?.removeEventListener("storage", listener);
}

// ------------------------------------------------------------ store per request

export interface CouponStoreSeed {
  /** The coupon of the cookie: rendered on the server for bettors without JavaScript. */
  readonly cookieCoupon?: CookieCoupon | null;
  readonly config?: CouponConfig;
  readonly account?: CouponAccountContext;
  readonly clock?: Clock;
}

/**
 * A fresh store for one request (server) or one page (client). Seed both with the same
 * loader data so the first client render matches the server's.
 */
export function createCouponStore(seed: CouponStoreSeed = {}): CouponStore {
  const store = createStore();
  if (seed.cookieCoupon) {
    const { manuallyDeletedBonusBet, ...stored } = seed.cookieCoupon;
    store.set(storedCouponAtom, stored);
    if (manuallyDeletedBonusBet) store.set(couponRuntimeAtom, { ...store.get(couponRuntimeAtom), manuallyDeletedBonusBet });
  }
  if (seed.config) store.set(couponConfigAtom, seed.config);
  if (seed.account) store.set(couponAccountAtom, seed.account);
  if (seed.clock) store.set(couponClockAtom, seed.clock);
  return store;
}

export type { CouponStore };
