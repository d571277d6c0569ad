// The coupon's state in the browser as Jotai atoms: what every page with odds needs on its first
// load (decision 053). The stored coupon and its bets, the settings, the account, the
// notification, the one-click request, storage and the store per request live here; the coupon
// domain (its derived values, rules, transitions and the hydration from storage) lives in
// atoms.ts, which builds on these atoms and loads after hydration (loadCouponAtoms).
//
// Persistence (SPEC §3): localStorage keeps exactly the stored part of the coupon (bets,
// addedAtByBetId, typeId, systemValue) and the coupon settings; sessionStorage keeps the
// coupon notification record. Every stored value is parsed with zod when read (the parsers of
// storage-parsers.ts, passed in so the atoms do not pull zod into the first load): a corrupt
// or outdated value is removed and the default used, the page never crashes.
//
// Server rendering: atoms hold no storage until connectCouponStorage (atoms.ts) runs in an effect on
// the client, so the server and the first client render see the same value (the seed of
// createCouponStore, e.g. the cookie's coupon from the loader) and hydration cannot
// mismatch. Every request gets its own store (createCouponStore + <Provider store>):
// without one, atoms would live in a module-level store shared between requests.
// Other tabs' writes arrive as "storage" events and are applied without writing back.

import { atom, createStore } from "jotai";
import type * as Atoms from "./atoms";
import { COUPON_NOTIFICATION_STORAGE_KEY, COUPON_SETTINGS_STORAGE_KEY } from "./constants";
import { FALLBACK_CURRENCY, type CouponCurrency, startingStake } from "./currency";
import type { OddsFormat } from "./odds-format";
import {
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
} from "./model";
import {
  type CouponNotificationState,
  INITIAL_COUPON_NOTIFICATION_STATE,
  dismissCouponNotification,
  notificationBetsOf,
  stepCouponNotification,
} from "./notification";
import { type OneClickRequest, oneClickStake } from "./one-click";

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
  /** What the bettor can stake now (minor units), when the page knows it: the stake never starts above it. */
  readonly available?: number | null;
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
export const couponStorageParsersAtom = atom<CouponStorageParsers | null>(null);
/** Whether the stored coupon and settings have been read (a control showing a setting is only honest after). */
export const couponStorageReadAtom = atom((get) => get(couponStorageParsersAtom) !== null);

// ------------------------------------------------------------ storage helpers

/** Parsers of what storage holds: null for a value that is not valid. */
export interface CouponStorageParsers {
  storedCoupon(value: unknown): StoredCoupon | null;
  settings(value: unknown): CouponSettings | null;
  notificationRecord(value: unknown): CouponNotificationRecord | null;
}

export function readStored<T>(storage: KeyValueStorage, key: string, parse: (value: unknown) => T | null, fallback: T): T {
  try {
    const raw = storage.getItem(key);
    if (raw === null) return fallback;
    return parseStored(raw, parse, fallback, () => storage.removeItem(key));
  } catch {
    // storage disabled (private mode, blocked cookies): run from memory
    return fallback;
  }
}

export function parseStored<T>(raw: string | null, parse: (value: unknown) => T | null, fallback: T, onInvalid: () => void = () => undefined): T {
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

export function writeStored(storage: KeyValueStorage | null, key: string, value: unknown): void {
  if (!storage) return;
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // quota exceeded or storage disabled: the coupon keeps working in memory
  }
}

// ------------------------------------------------------------ base state

/** The stored part of the coupon; atoms.ts's couponAtom adds what derives from it. */
export const storedCouponAtom = atom<StoredCoupon>(emptyStoredCoupon());
export const couponRuntimeAtom = atom<CouponRuntime>(defaultCouponRuntime());
export const couponSettingsBaseAtom = atom<CouponSettings>(defaultCouponSettings());
export const couponNotificationBaseAtom = atom<CouponNotificationState>(INITIAL_COUPON_NOTIFICATION_STATE);
export const cookieCouponMergedAtom = atom(false);
/**
 * Changes made before storage is connected (a click while the storage parsers load): kept
 * through the hydration instead of being replaced by what storage holds.
 */
export const storedTouchedBeforeStorageAtom = atom(false);
export const settingsTouchedBeforeStorageAtom = atom(false);

export type Update<T> = T | ((previous: T) => T);
export function resolve<T>(update: Update<T>, previous: T): T {
  return typeof update === "function" ? (update as (previous: T) => T)(previous) : update;
}

/** The coupon's bets: all that a coefficient's button, the coupon's count and the feed need of it. */
export const couponBetsAtom = atom((get): readonly CouponBet[] => get(storedCouponAtom).bets);

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

// ------------------------------------------------------------ one click

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
    bets: notificationBetsOf(get(couponBetsAtom)),
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

export type CouponStore = ReturnType<typeof createStore>;

// ------------------------------------------------------------ store per request

export interface CouponStoreSeed {
  /** The coupon of the cookie: rendered on the server for bettors without JavaScript. */
  readonly cookieCoupon?: CookieCoupon | null;
  readonly config?: CouponConfig;
  readonly account?: CouponAccountContext;
  readonly clock?: Clock;
  /**
   * The settings kept in the coupon-settings cookie (the bettor without JavaScript), so the
   * server renders the coupon with them; with JavaScript, localStorage's replace them once read.
   */
  readonly settings?: CouponSettings | null;
  /** The largest stake accepted now, when the server asked the platform for it (auto-max without JavaScript). */
  readonly maxBetAmount?: number | null;
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
  if (seed.settings) store.set(couponSettingsBaseAtom, seed.settings);
  // The stake starts at the currency's initial amount (SPEC §9), or at the maximum with auto-max:
  // already in the server's render, so a coupon without JavaScript shows the win of the stake it shows.
  const runtime = store.get(couponRuntimeAtom);
  if (seed.maxBetAmount != null) store.set(couponRuntimeAtom, { ...runtime, amount: seed.maxBetAmount, maxBetAmount: seed.maxBetAmount });
  else if (seed.account) store.set(couponRuntimeAtom, { ...runtime, amount: startingStake(seed.account.currency, seed.account.available) });
  return store;
}

/**
 * The bettor's account as the page now knows it (signed in or out without a new document): a
 * store made before keeps the stake it has in the same currency, and starts afresh in another.
 */
export function syncCouponAccount(store: CouponStore, account: CouponAccountContext): void {
  const before = store.get(couponAccountAtom);
  if (
    before.isSignedIn === account.isSignedIn &&
    before.currency.iso === account.currency.iso &&
    before.oddsFormat === account.oddsFormat &&
    (before.available ?? null) === (account.available ?? null)
  ) {
    return;
  }
  store.set(couponAccountAtom, account);
  if (before.currency.iso !== account.currency.iso) store.set(couponRuntimeAtom, { ...store.get(couponRuntimeAtom), amount: startingStake(account.currency, account.available) });
}

// ------------------------------------------------------------ the coupon domain, loaded later

type CouponAtoms = typeof Atoms;
let loaded: CouponAtoms | null = null;
let loading: Promise<CouponAtoms> | null = null;

/**
 * The coupon domain's atoms (atoms.ts). Loaded once; a failed load (a network blip) is tried
 * again by the next caller.
 */
export function loadCouponAtoms(): Promise<CouponAtoms> {
  if (loaded) return Promise.resolve(loaded);
  loading ??= import("./atoms").then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Runs `run` with the coupon domain: at once when it is loaded (a click changes the coupon in
 * the same event, as before the split), else once it is. `failed` runs if it cannot load.
 */
export function withCouponAtoms(run: (atoms: CouponAtoms) => void, failed: () => void = () => undefined): void {
  if (loaded) run(loaded);
  else loadCouponAtoms().then(run, failed);
}
