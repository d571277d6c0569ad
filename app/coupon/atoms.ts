// The coupon domain as Jotai atoms: the whole coupon with what derives from it (coef, system
// options, refusals), and the transitions (add, delete, clear, type, banker, feed updates, one
// click on and off). They build on the state atoms of store.ts, which every page loads first;
// this module comes after the page (decision 053), and with the coupon slip. It re-exports
// store.ts, so the coupon's own parts and the tests import every atom from here.

import { atom } from "jotai";
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
import { amountStepFor, startingStake } from "./currency";
import { COUPON_NOTIFICATION_STORAGE_KEY, COUPON_SETTINGS_STORAGE_KEY, COUPON_STORAGE_KEY } from "./constants";
import { formatOdds } from "./math";
import { type Coupon, type CouponBet, type CouponRuntime, type StoredCoupon, defaultCouponSettings, emptyStoredCoupon, getBetId } from "./model";
import { INITIAL_COUPON_NOTIFICATION_STATE } from "./notification";
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
import { mergeCookieCouponIntoStored } from "./merge";
import {
  type CouponStorageParsers,
  type CouponStore,
  type KeyValueStorage,
  type Update,
  cookieCouponMergedAtom,
  couponAccountAtom,
  couponNotificationBaseAtom,
  couponSessionStorageAtom,
  couponStorageParsersAtom,
  parseStored,
  readStored,
  settingsTouchedBeforeStorageAtom,
  couponClockAtom,
  couponConfigAtom,
  couponLocalStorageAtom,
  couponRuntimeAtom,
  couponSettingsAtom,
  couponSettingsBaseAtom,
  resolve,
  storedCouponAtom,
  storedTouchedBeforeStorageAtom,
  writeStored,
} from "./store";

export * from "./store";

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
      initialAmount: startingStake(account.currency, account.available),
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
/** The promo code typed in the coupon (SPEC §3 promoCode): sent with the placement, kept in memory only. */
export const setCouponPromoCodeAtom = atom(null, (_get, set, promoCode: string) => {
  set(couponAtom, (coupon) => ({ ...coupon, promoCode: promoCode.slice(0, 32) }));
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
    // Nothing stored yet: the settings the page came with (the cookie's, else the defaults) stay.
    else set(couponSettingsBaseAtom, readStored(localStorage, COUPON_SETTINGS_STORAGE_KEY, parsers.settings, get(couponSettingsBaseAtom)));
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
