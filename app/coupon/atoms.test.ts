import { describe, expect, it, vi } from "vitest";
import {
  type CouponStore,
  addBetToCouponAtom,
  applyCouponStorageEventAtom,
  bonusBetOfferAtom,
  clearCouponAtom,
  connectCouponStorage,
  couponAccountAtom,
  couponAtom,
  couponBetStatesAtom,
  couponCoefAtom,
  couponConfigAtom,
  couponNotificationAtom,
  couponPlacementRefusalsAtom,
  couponPossibleWinAtom,
  couponSettingsAtom,
  couponStorageReadAtom,
  couponSystemOptionsAtom,
  couponSystemReturnAtom,
  createCouponStore,
  deleteBetFromCouponAtom,
  dismissCouponNotificationAtom,
  isSystemWithBankerAtom,
  maxAmountAppliesAtom,
  minAmountAppliesAtom,
  oneClickAvailabilityAtom,
  promoCodeAccessAtom,
  setBetAsBankerAtom,
  setCouponAmountAtom,
  setCouponMaxBetAmountAtom,
  setCouponPromoCodeAtom,
  setCouponTypeAtom,
  setExactCoefAtom,
  setSystemValueAtom,
  stepCouponNotificationAtom,
  turnOffOneClickAtom,
  turnOnOneClickAtom,
  updateCouponBetsAtom,
  vipBetAvailabilityAtom,
} from "./atoms";
import { couponCurrency } from "./currency-defaults";
import {
  BONUS_BET_ID,
  COUPON_NOTIFICATION_STORAGE_KEY,
  COUPON_SETTINGS_STORAGE_KEY,
  COUPON_STORAGE_KEY,
  COUPON_TYPE,
} from "./constants";
import { type StoredCoupon, defaultCouponConfig, defaultCouponSettings, emptyStoredCoupon } from "./model";
import { couponStorageParsers } from "./storage-parsers";
import { MemoryStorage, makeBet } from "./test-fixtures";

const config = { ...defaultCouponConfig(), isBonusBetEnabled: true, isVipBetEnabled: true, isOneClickEnabled: true };
const account = { isSignedIn: true, currency: couponCurrency("USD"), isBonusAccount: false, oddsFormat: "american" as const };

function storedJson(storage: MemoryStorage, key = COUPON_STORAGE_KEY): unknown {
  const raw = storage.getItem(key);
  return raw === null ? null : JSON.parse(raw);
}

/** A fake local storage as a returning bettor's browser holds it: one bet (added at 7) and balance hidden. */
function storageWithBet(bet: ReturnType<typeof makeBet>): MemoryStorage {
  const localStorage = new MemoryStorage();
  localStorage.setItem(COUPON_STORAGE_KEY, JSON.stringify({ bets: [bet], addedAtByBetId: { [bet.market.id]: 7 }, typeId: 0, systemValue: 2 }));
  localStorage.setItem(COUPON_SETTINGS_STORAGE_KEY, JSON.stringify({ isBalanceShown: false }));
  return localStorage;
}

/** A store connected to fresh fake storages, as after hydration in a browser. */
function connected(seed: Parameters<typeof createCouponStore>[0] = {}) {
  let now = 1_000_000;
  const store = createCouponStore({ config, account, clock: { now: () => now }, ...seed });
  const localStorage = new MemoryStorage();
  const sessionStorage = new MemoryStorage();
  const events = new EventTarget();
  const disconnect = connectCouponStorage(store, { parsers: couponStorageParsers, localStorage, sessionStorage, events });
  return { store, localStorage, sessionStorage, events, disconnect, advance: (ms: number) => (now += ms) };
}

function storageEvent(fields: { key: string | null; newValue: string | null; storageArea?: unknown }): Event {
  return Object.assign(new Event("storage"), fields);
}

describe("server rendering", () => {
  it("a store reads no storage until it is connected", () => {
    const spy = { getItem: vi.fn(() => null), setItem: vi.fn(), removeItem: vi.fn() };
    vi.stubGlobal("localStorage", spy);
    try {
      const store = createCouponStore();
      store.set(addBetToCouponAtom, makeBet());
      expect(store.get(couponAtom).bets).toHaveLength(1);
      expect(spy.getItem).not.toHaveBeenCalled();
      expect(spy.setItem).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("each request gets its own store", () => {
    const first = createCouponStore();
    const second = createCouponStore();
    first.set(addBetToCouponAtom, makeBet());
    expect(second.get(couponAtom).bets).toEqual([]);
  });

  it("the cookie's coupon seeds the store, so the server renders it and the first client render matches", () => {
    const cookieCoupon: StoredCoupon = { ...emptyStoredCoupon(), bets: [makeBet({ id: "c" })], addedAtByBetId: { c: 5 } };
    const server = createCouponStore({ cookieCoupon });
    const client = createCouponStore({ cookieCoupon });
    expect(server.get(couponAtom)).toEqual(client.get(couponAtom));
    expect(server.get(couponAtom).bets.map((bet) => bet.market.id)).toEqual(["c"]);
  });
});

describe("persistence", () => {
  it("stores exactly bets, addedAtByBetId, typeId and systemValue", () => {
    const { store, localStorage } = connected();
    const bet = makeBet({ id: "a" });
    store.set(addBetToCouponAtom, bet);
    store.set(setCouponAmountAtom, 500);
    expect(storedJson(localStorage)).toEqual({ bets: [bet], addedAtByBetId: { a: 1_000_000 }, typeId: 0, systemValue: 2 });
  });

  it("does not write the coupon when only in-memory fields change", () => {
    const { store, localStorage } = connected();
    const setItem = vi.spyOn(localStorage, "setItem");
    store.set(setCouponAmountAtom, 700);
    expect(setItem).not.toHaveBeenCalled();
    expect(store.get(couponAtom).amount).toBe(700);
  });

  it("stores the coupon settings", () => {
    const { store, localStorage } = connected();
    store.set(couponSettingsAtom, (settings) => ({ ...settings, isAutoMax: true }));
    expect(storedJson(localStorage, COUPON_SETTINGS_STORAGE_KEY)).toEqual({ ...defaultCouponSettings(), isAutoMax: true });
  });

  it("a bet added and settings changed before storage is connected survive the connection and are stored", () => {
    const store = createCouponStore();
    const localStorage = storageWithBet(makeBet({ id: "kept" }));
    // Clicks while the storage parsers load: nothing is written yet.
    store.set(addBetToCouponAtom, makeBet({ id: "early" }));
    store.set(couponSettingsAtom, (settings) => ({ ...settings, isAutoMax: true }));
    connectCouponStorage(store, { parsers: couponStorageParsers, localStorage });
    expect(store.get(couponAtom).bets.map((b) => b.market.id)).toEqual(["kept", "early"]);
    expect((storedJson(localStorage) as StoredCoupon).bets.map((b) => b.market.id)).toEqual(["kept", "early"]);
    expect(store.get(couponSettingsAtom)).toMatchObject({ isAutoMax: true, isBalanceShown: true });
    expect(storedJson(localStorage, COUPON_SETTINGS_STORAGE_KEY)).toMatchObject({ isAutoMax: true });
  });

  it("reads a stored coupon and settings when connected", () => {
    const store = createCouponStore();
    const bet = makeBet({ id: "a" });
    const localStorage = storageWithBet(bet);
    connectCouponStorage(store, { parsers: couponStorageParsers, localStorage });
    expect(store.get(couponAtom).bets).toEqual([bet]);
    expect(store.get(couponSettingsAtom)).toEqual({ ...defaultCouponSettings(), isBalanceShown: false });
  });

  it("settings the page came with (the no-JavaScript cookie's) stay while the browser stores none; stored ones replace them", () => {
    const kept = { ...defaultCouponSettings(), exactCoef: 1.8, isDropOnScoreChange: true, isPossibleWinShown: false };
    const fresh = createCouponStore({ settings: kept });
    expect(fresh.get(couponSettingsAtom)).toEqual(kept);
    expect(fresh.get(couponStorageReadAtom)).toBe(false);
    connectCouponStorage(fresh, { parsers: couponStorageParsers, localStorage: new MemoryStorage() });
    expect(fresh.get(couponStorageReadAtom)).toBe(true);
    expect(fresh.get(couponSettingsAtom)).toEqual(kept);

    const returning = createCouponStore({ settings: kept });
    connectCouponStorage(returning, { parsers: couponStorageParsers, localStorage: storageWithBet(makeBet({ id: "a" })) });
    expect(returning.get(couponSettingsAtom)).toEqual({ ...defaultCouponSettings(), isBalanceShown: false });
  });

  it.each([
    ["not JSON", "{oops"],
    ["a wrong type", JSON.stringify({ bets: "many" })],
    ["null", "null"],
  ])("a stored value that is %s resets cleanly and is removed", (_, raw) => {
    const store = createCouponStore();
    const localStorage = new MemoryStorage();
    localStorage.setItem(COUPON_STORAGE_KEY, raw);
    localStorage.setItem(COUPON_SETTINGS_STORAGE_KEY, raw);
    expect(() => connectCouponStorage(store, { parsers: couponStorageParsers, localStorage })).not.toThrow();
    expect(store.get(couponAtom).bets).toEqual([]);
    expect(store.get(couponSettingsAtom)).toEqual(defaultCouponSettings());
    expect(localStorage.getItem(COUPON_STORAGE_KEY)).toBeNull();
  });

  it("settings of a wrong type reset to the defaults and are removed", () => {
    const store = createCouponStore();
    const localStorage = new MemoryStorage();
    localStorage.setItem(COUPON_SETTINGS_STORAGE_KEY, JSON.stringify({ changeCoefAction: 7, isAutoMax: true }));
    connectCouponStorage(store, { parsers: couponStorageParsers, localStorage });
    expect(store.get(couponSettingsAtom)).toEqual(defaultCouponSettings());
    expect(localStorage.getItem(COUPON_SETTINGS_STORAGE_KEY)).toBeNull();
  });

  it("an outdated shape reads as the empty coupon (unknown fields are dropped, missing ones defaulted)", () => {
    const store = createCouponStore();
    const localStorage = new MemoryStorage();
    localStorage.setItem(COUPON_STORAGE_KEY, JSON.stringify({ items: [{ id: 1 }], version: 0 }));
    connectCouponStorage(store, { parsers: couponStorageParsers, localStorage });
    expect(store.get(couponAtom).bets).toEqual([]);
    store.set(addBetToCouponAtom, makeBet({ id: "n" }));
    expect(storedJson(localStorage)).toMatchObject({ addedAtByBetId: { n: expect.any(Number) } });
  });

  it("one bad bet resets the stored coupon rather than crash", () => {
    const store = createCouponStore();
    const localStorage = new MemoryStorage();
    const good = makeBet({ id: "good" });
    const bad = { ...makeBet({ id: "bad" }), market: { id: "bad", coef: "high" } };
    localStorage.setItem(COUPON_STORAGE_KEY, JSON.stringify({ bets: [good, bad], addedAtByBetId: {}, typeId: 1, systemValue: 2 }));
    connectCouponStorage(store, { parsers: couponStorageParsers, localStorage });
    expect(store.get(couponAtom).bets).toEqual([]);
  });

  it("a stored system value below 2 reads as 2", () => {
    const store = createCouponStore();
    const localStorage = new MemoryStorage();
    localStorage.setItem(COUPON_STORAGE_KEY, JSON.stringify({ bets: [], addedAtByBetId: {}, typeId: 2, systemValue: 1 }));
    connectCouponStorage(store, { parsers: couponStorageParsers, localStorage });
    expect(store.get(couponAtom).systemValue).toBe(2);
  });

  it("storage that refuses to read or write leaves the coupon working in memory", () => {
    const store = createCouponStore();
    const broken = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => undefined,
    };
    connectCouponStorage(store, { parsers: couponStorageParsers, localStorage: broken, sessionStorage: broken });
    store.set(addBetToCouponAtom, makeBet());
    store.set(couponSettingsAtom, (settings) => ({ ...settings, isAutoMax: true }));
    expect(store.get(couponAtom).bets).toHaveLength(1);
    expect(store.get(couponSettingsAtom).isAutoMax).toBe(true);
  });
});

describe("other tabs", () => {
  it("a storage event from another tab updates the coupon without writing back", () => {
    const { store, localStorage, events } = connected();
    const setItem = vi.spyOn(localStorage, "setItem");
    const bet = makeBet({ id: "t" });
    const value = JSON.stringify({ bets: [bet], addedAtByBetId: { t: 3 }, typeId: 0, systemValue: 2 });
    events.dispatchEvent(storageEvent({ key: COUPON_STORAGE_KEY, newValue: value, storageArea: localStorage }));
    expect(store.get(couponAtom).bets).toEqual([bet]);
    expect(setItem).not.toHaveBeenCalled();
  });

  it("settings changed in another tab apply here", () => {
    const { store, events } = connected();
    events.dispatchEvent(storageEvent({ key: COUPON_SETTINGS_STORAGE_KEY, newValue: JSON.stringify({ isPossibleWinShown: false }) }));
    expect(store.get(couponSettingsAtom).isPossibleWinShown).toBe(false);
  });

  it("a corrupt value from another tab resets, a cleared storage resets everything", () => {
    const { store, events } = connected();
    store.set(addBetToCouponAtom, makeBet());
    store.set(couponSettingsAtom, (settings) => ({ ...settings, isAutoMax: true }));
    events.dispatchEvent(storageEvent({ key: COUPON_STORAGE_KEY, newValue: "garbage" }));
    expect(store.get(couponAtom).bets).toEqual([]);
    events.dispatchEvent(storageEvent({ key: null, newValue: null }));
    expect(store.get(couponSettingsAtom)).toEqual(defaultCouponSettings());
  });

  it("ignores other keys and other storage areas", () => {
    const { store, events } = connected();
    store.set(addBetToCouponAtom, makeBet());
    events.dispatchEvent(storageEvent({ key: "something-else", newValue: "1" }));
    events.dispatchEvent(storageEvent({ key: null, newValue: null, storageArea: new MemoryStorage() }));
    expect(store.get(couponAtom).bets).toHaveLength(1);
  });

  it("stops following after disconnect", () => {
    const { store, events, disconnect } = connected();
    store.set(addBetToCouponAtom, makeBet());
    disconnect();
    events.dispatchEvent(storageEvent({ key: null, newValue: null }));
    expect(store.get(couponAtom).bets).toHaveLength(1);
  });

  it("applyCouponStorageEventAtom reads a removed key as the default", () => {
    const store = createCouponStore();
    connectCouponStorage(store, { parsers: couponStorageParsers, localStorage: new MemoryStorage() });
    store.set(addBetToCouponAtom, makeBet());
    store.set(applyCouponStorageEventAtom, { key: COUPON_STORAGE_KEY, newValue: null });
    expect(store.get(couponAtom).bets).toEqual([]);
  });

  it("an event before storage is connected changes nothing (the parsers load after hydration)", () => {
    const store = createCouponStore();
    store.set(addBetToCouponAtom, makeBet());
    store.set(applyCouponStorageEventAtom, { key: COUPON_STORAGE_KEY, newValue: null });
    expect(store.get(couponAtom).bets).toHaveLength(1);
  });
});

describe("cookie merge when scripts start", () => {
  it("the cookie's bets join localStorage, the merge is stored, and the cookie is cleared once", () => {
    const local = makeBet({ id: "local" });
    const fromCookie = makeBet({ id: "cookie" });
    const cookieCoupon: StoredCoupon = { bets: [fromCookie], addedAtByBetId: { cookie: 20 }, typeId: 0, systemValue: 2 };
    const store = createCouponStore({ cookieCoupon });
    const localStorage = new MemoryStorage();
    localStorage.setItem(COUPON_STORAGE_KEY, JSON.stringify({ bets: [local], addedAtByBetId: { local: 10 }, typeId: 0, systemValue: 2 }));
    const onCookieMerged = vi.fn();

    connectCouponStorage(store, { parsers: couponStorageParsers, localStorage, cookieCoupon, onCookieMerged });
    expect(store.get(couponAtom).bets).toEqual([local, fromCookie]);
    expect(store.get(couponAtom).typeId).toBe(COUPON_TYPE.EXPRESS);
    expect(storedJson(localStorage)).toMatchObject({ addedAtByBetId: { local: 10, cookie: 20 } });
    expect(onCookieMerged).toHaveBeenCalledTimes(1);

    // React StrictMode connects twice: the cookie is merged (and cleared) only once
    connectCouponStorage(store, { parsers: couponStorageParsers, localStorage, cookieCoupon, onCookieMerged });
    expect(onCookieMerged).toHaveBeenCalledTimes(1);
    expect(store.get(couponAtom).bets).toHaveLength(2);
  });

  it("an empty cookie asks for nothing", () => {
    const onCookieMerged = vi.fn();
    connectCouponStorage(createCouponStore(), { parsers: couponStorageParsers, localStorage: new MemoryStorage(), cookieCoupon: emptyStoredCoupon(), onCookieMerged });
    expect(onCookieMerged).not.toHaveBeenCalled();
  });
});

describe("derived atoms", () => {
  function express(store: CouponStore, coefs: number[]) {
    coefs.forEach((coef, index) => store.set(addBetToCouponAtom, makeBet({ id: `b${index}`, coef })));
  }

  it("coef and coefByView follow the bets, the bonus and the bettor's odds format", () => {
    const { store } = connected();
    express(store, [1.5, 2, 2.5]);
    expect(store.get(couponCoefAtom)).toBe(7.725); // 7.5 × bonus 1.03
    expect(store.get(couponAtom).coefByView).toBe("+673"); // american, 6.725 × 100 rounded
    store.set(couponAccountAtom, { ...account, oddsFormat: "decimal" });
    expect(store.get(couponAtom).coefByView).toBe("7.725");
  });

  it("possible win uses the exact coef when set", () => {
    const { store } = connected();
    store.set(addBetToCouponAtom, makeBet({ coef: 2 }));
    store.set(setCouponAmountAtom, 1000);
    expect(store.get(couponPossibleWinAtom)).toBe(2000);
    store.set(setExactCoefAtom, 2.2);
    expect(store.get(couponPossibleWinAtom)).toBe(2200);
  });

  it("bonus bet offer and its deletion", () => {
    const { store } = connected();
    express(store, [1.5, 1.5]);
    expect(store.get(bonusBetOfferAtom)).toEqual({ ok: false, reason: "too-few-bets" });
    store.set(addBetToCouponAtom, makeBet({ coef: 1.5 }));
    expect(store.get(bonusBetOfferAtom)).toEqual({ ok: true, coef: 1.03 });
    store.set(deleteBetFromCouponAtom, BONUS_BET_ID);
    expect(store.get(bonusBetOfferAtom)).toEqual({ ok: false, reason: "bonus-bet-manually-deleted" });
    expect(store.get(couponCoefAtom)).toBe(3.375);
  });

  it("a bonus bet deleted in the cookie coupon stays deleted in the store seeded from it", () => {
    const bets = [1.5, 1.5, 1.5].map((coef, i) => makeBet({ coef, id: `b${i}`, gameId: 100 + i }));
    const cookieCoupon = { ...emptyStoredCoupon(), bets, typeId: COUPON_TYPE.EXPRESS, manuallyDeletedBonusBet: true };
    const store = createCouponStore({ config, account, cookieCoupon });
    expect(store.get(bonusBetOfferAtom)).toEqual({ ok: false, reason: "bonus-bet-manually-deleted" });
    expect(store.get(couponAtom).bets).toHaveLength(3);
    const offered = createCouponStore({ config, account, cookieCoupon: { ...cookieCoupon, manuallyDeletedBonusBet: false } });
    expect(offered.get(bonusBetOfferAtom)).toEqual({ ok: true, coef: 1.03 });
  });

  it("system options, system return, banker and calcSystemsMin", () => {
    const { store } = connected();
    express(store, [1.9, 2, 2.5, 1.5]);
    store.set(setCouponTypeAtom, COUPON_TYPE.SYSTEM);
    store.set(setCouponAmountAtom, 60_000);
    store.set(couponAtom, (coupon) => ({ ...coupon, minBetAmount: 100 }));
    expect(store.get(couponSystemOptionsAtom).map((option) => option.value)).toEqual([2, 3]);
    expect(store.set(setBetAsBankerAtom, { betId: "b3", isBanker: true })).toEqual({ ok: true });
    expect(store.get(isSystemWithBankerAtom)).toBe(true);
    expect(store.get(couponSystemOptionsAtom)).toEqual([{ value: 2, offset: 1, combo: 3, minBetAmount: 300 }]);
    expect(store.get(couponSystemReturnAtom)).toEqual({ lines: 3, stakePerLine: 20_000, maxWin: 406_500, minWin: 114_000 });
    expect(store.get(couponAtom).calcSystemsMin).toBe(114_000);
    expect(store.get(couponAtom).systemValues).toEqual([2]);
    expect(store.get(couponPossibleWinAtom)).toBe(406_500);
    expect(store.set(setBetAsBankerAtom, { betId: "nope", isBanker: true })).toEqual({ ok: false, reason: "bet-not-in-coupon" });
  });

  it("system value through the atom never goes below 2", () => {
    const { store, localStorage } = connected();
    express(store, [1.5, 1.5, 1.5, 1.5]);
    store.set(setCouponTypeAtom, COUPON_TYPE.SYSTEM);
    store.set(setSystemValueAtom, 3);
    expect(store.get(couponAtom).systemValue).toBe(3);
    store.set(setSystemValueAtom, 1);
    expect(store.get(couponAtom).systemValue).toBe(2);
    expect(storedJson(localStorage)).toMatchObject({ typeId: 2, systemValue: 2 });
  });

  it("VIP availability, promo code access and min/max applicability", () => {
    const { store } = connected();
    store.set(couponConfigAtom, { ...config, minAmountCouponTypes: [1], maxAmountCouponTypes: [1] });
    express(store, [1.5, 1.5]);
    expect(store.get(vipBetAvailabilityAtom)).toEqual({ ok: false, reason: "max-bet-not-finite" });
    // the platform's answer to auto-max makes the maximum known
    store.set(setCouponMaxBetAmountAtom, 10_000);
    expect(store.get(couponAtom).maxBetAmount).toBe(10_000);
    expect(store.get(vipBetAvailabilityAtom)).toEqual({ ok: true });
    expect(() => store.set(setCouponMaxBetAmountAtom, 1.5)).toThrow(RangeError);
    expect(store.get(minAmountAppliesAtom)).toBe(true);
    expect(store.get(maxAmountAppliesAtom)).toBe(true);
    store.set(couponAccountAtom, { ...account, isBonusAccount: true });
    expect(store.get(maxAmountAppliesAtom)).toBe(false);
    store.set(setCouponTypeAtom, COUPON_TYPE.MULTIPLE_SINGLES);
    expect(store.get(promoCodeAccessAtom)).toEqual({ ok: false, reason: "promo-codes-not-for-multiple-singles" });
    expect(store.get(vipBetAvailabilityAtom)).toEqual({ ok: false, reason: "multiple-singles" });
  });

  it("every bet's state and the coupon's refusals", () => {
    const { store } = connected();
    store.set(addBetToCouponAtom, makeBet({ id: "a", isBlocked: true, isLive: true }));
    store.set(setCouponAmountAtom, 0);
    expect(store.get(couponBetStatesAtom)).toEqual({
      a: { isLive: true, lock: "blocked", refusals: [{ reason: "bet-locked", betId: "a", lock: "blocked" }] },
    });
    expect(store.get(couponPlacementRefusalsAtom)).toEqual([
      { reason: "bet-locked", betId: "a", lock: "blocked" },
      { reason: "amount-not-set" },
    ]);
    store.set(updateCouponBetsAtom, [makeBet({ id: "a", isLive: true })]);
    store.set(setCouponAmountAtom, 100);
    expect(store.get(couponPlacementRefusalsAtom)).toEqual([]);
  });

  it("the stake starts at the currency's initial amount, or at the maximum the server asked for (auto-max without JavaScript)", () => {
    expect(createCouponStore({ account }).get(couponAtom).amount).toBe(account.currency.initialAmount);
    const max = createCouponStore({ account, maxBetAmount: 50_000 }).get(couponAtom);
    expect(max).toMatchObject({ amount: 50_000, maxBetAmount: 50_000 });
    expect(createCouponStore().get(couponAtom).amount).toBe(0);
  });

  it("amount step and initial amount come from the currency, or the bettor's own step", () => {
    const { store } = connected();
    expect(store.get(couponAtom)).toMatchObject({ amountStep: 250, initialAmount: 500 });
    store.set(couponAccountAtom, { ...account, currency: couponCurrency("KWD") });
    expect(store.get(couponAtom)).toMatchObject({ amountStep: 500, initialAmount: 2000 });
    store.set(couponSettingsAtom, (settings) => ({ ...settings, isManualAmountStep: true, amountStepByCurrencyIso: { KWD: 100 } }));
    expect(store.get(couponAtom).amountStep).toBe(100);
    store.set(couponAccountAtom, { ...account, currency: couponCurrency("ZZZ") });
    expect(store.get(couponAtom)).toMatchObject({ amountStep: 10_000, initialAmount: 15_000 });
  });

  it("derived fields never go stale: writing the coupon does not freeze them", () => {
    const { store } = connected();
    store.set(couponAtom, (coupon) => ({ ...coupon, amount: 300, amountStep: 1, coef: 99 }));
    store.set(addBetToCouponAtom, makeBet({ coef: 1.5 }));
    expect(store.get(couponAtom)).toMatchObject({ amount: 300, amountStep: 250, coef: 1.5 });
    store.set(couponAccountAtom, { ...account, currency: couponCurrency("RUB") });
    expect(store.get(couponAtom)).toMatchObject({ amountStep: 10_000, initialAmount: 15_000 });
  });

  it("a stake must be whole minor units", () => {
    const { store } = connected();
    expect(() => store.set(setCouponAmountAtom, 10.5)).toThrow(RangeError);
    expect(() => store.set(setCouponAmountAtom, -1)).toThrow(RangeError);
  });

  it("the promo code lives in memory, at most 32 characters, and outlives clearing the coupon's bets", () => {
    const { store, localStorage } = connected();
    store.set(addBetToCouponAtom, makeBet({ id: "a" }));
    store.set(setCouponPromoCodeAtom, `SPRING${"X".repeat(40)}`);
    expect(store.get(couponAtom).promoCode).toHaveLength(32);
    expect(JSON.stringify(storedJson(localStorage))).not.toContain("SPRING");
    store.set(clearCouponAtom);
    expect(store.get(couponAtom).promoCode).toMatch(/^SPRING/);
  });

  it("clearing empties the coupon in memory and in storage", () => {
    const { store, localStorage } = connected();
    express(store, [1.5, 1.5]);
    store.set(clearCouponAtom);
    expect(store.get(couponAtom).bets).toEqual([]);
    expect(storedJson(localStorage)).toEqual({ bets: [], addedAtByBetId: {}, typeId: 0, systemValue: 2 });
  });
});

describe("one-click and exact coef through the atoms", () => {
  it("asks before clearing a coupon with bets, then clears it when confirmed", () => {
    const { store } = connected();
    store.set(addBetToCouponAtom, makeBet());
    expect(store.set(turnOnOneClickAtom, { confirmed: false })).toEqual({
      status: "confirmation-required",
      titleKey: "coupon_will_be_cleared",
    });
    expect(store.get(couponSettingsAtom).isActiveOneClick).toBe(false);
    expect(store.get(couponAtom).bets).toHaveLength(1);

    expect(store.set(turnOnOneClickAtom, { confirmed: true })).toMatchObject({ status: "turned-on", clearsCoupon: true });
    expect(store.get(couponSettingsAtom).isActiveOneClick).toBe(true);
    expect(store.get(couponAtom).bets).toEqual([]);

    store.set(turnOffOneClickAtom);
    expect(store.get(couponSettingsAtom).isActiveOneClick).toBe(false);
  });

  it("refuses a guest", () => {
    const { store } = connected({ account: { ...account, isSignedIn: false } });
    expect(store.get(oneClickAvailabilityAtom)).toEqual({ ok: false, reason: "not-signed-in" });
    expect(store.set(turnOnOneClickAtom, { confirmed: true })).toEqual({ status: "refused", reason: "not-signed-in" });
  });

  it("a dropping exact coef turns one-click off; an empty one turns drop-on-score-change off", () => {
    const { store } = connected();
    store.set(addBetToCouponAtom, makeBet({ coef: 2 }));
    store.set(couponSettingsAtom, (settings) => ({ ...settings, isActiveOneClick: true, isDropOnScoreChange: true }));
    store.set(setExactCoefAtom, 1.9);
    expect(store.get(couponSettingsAtom)).toMatchObject({ exactCoef: 1.9, isActiveOneClick: false, isDropOnScoreChange: true });
    store.set(setExactCoefAtom, null);
    expect(store.get(couponSettingsAtom)).toMatchObject({ exactCoef: null, isDropOnScoreChange: false });
  });
});

describe("coupon notification atoms", () => {
  const away = { isOnCouponPage: false, isQuickCouponOpen: false };

  it("steps on the store's clock and keeps the record in sessionStorage", () => {
    const { store, sessionStorage, advance } = connected();
    store.set(addBetToCouponAtom, makeBet({ id: "a", isLive: true }));
    store.set(stepCouponNotificationAtom, away);
    expect(store.get(couponNotificationAtom).record).toEqual({ betMarketId: "a", timeToShow: 1_030_000, isShown: false });
    expect(storedJson(sessionStorage, COUPON_NOTIFICATION_STORAGE_KEY)).toEqual({
      betMarketId: "a",
      timeToShow: 1_030_000,
      isShown: false,
    });
    advance(30_000);
    store.set(stepCouponNotificationAtom, away);
    expect(store.get(couponNotificationAtom).alert).toEqual({ betMarketId: "a" });
    store.set(dismissCouponNotificationAtom);
    expect(store.get(couponNotificationAtom).alert).toBeNull();
  });

  it("a shown record read back from sessionStorage is not shown again in the session", () => {
    const store = createCouponStore({ clock: { now: () => 10_000_000 } });
    const sessionStorage = new MemoryStorage();
    const localStorage = new MemoryStorage();
    const bet = makeBet({ id: "a" });
    localStorage.setItem(COUPON_STORAGE_KEY, JSON.stringify({ bets: [bet], addedAtByBetId: { a: 1 }, typeId: 0, systemValue: 2 }));
    sessionStorage.setItem(COUPON_NOTIFICATION_STORAGE_KEY, JSON.stringify({ betMarketId: "a", timeToShow: 5, isShown: true }));
    connectCouponStorage(store, { parsers: couponStorageParsers, localStorage, sessionStorage });
    store.set(stepCouponNotificationAtom, away);
    expect(store.get(couponNotificationAtom)).toEqual({ record: { betMarketId: "a", timeToShow: 5, isShown: true }, alert: null });
  });
});
