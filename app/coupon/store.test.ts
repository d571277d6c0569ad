import { describe, expect, it } from "vitest";
import { couponCurrency } from "./currency-defaults";
import { couponAccountAtom, couponRuntimeAtom, createCouponStore, syncCouponAccount } from "./store";

// Signing in through the modal keeps the page, and with it the coupon store made for the guest.
describe("syncCouponAccount (issue 34)", () => {
  const guest = { isSignedIn: false, currency: couponCurrency("RUB"), isBonusAccount: false, oddsFormat: "decimal" as const, available: null };

  it("starts the stake afresh in the bettor's own currency, never above their balance", () => {
    const store = createCouponStore({ account: guest });
    expect(store.get(couponRuntimeAtom).amount).toBe(15_000);
    syncCouponAccount(store, { ...guest, isSignedIn: true, currency: couponCurrency("USD"), available: 300 });
    expect(store.get(couponAccountAtom).currency.iso).toBe("USD");
    expect(store.get(couponRuntimeAtom).amount).toBe(300);
  });

  it("keeps a stake the bettor typed while the currency stays the same", () => {
    const store = createCouponStore({ account: guest });
    store.set(couponRuntimeAtom, { ...store.get(couponRuntimeAtom), amount: 42_00 });
    syncCouponAccount(store, { ...guest, isSignedIn: true, available: 1_000_000 });
    expect(store.get(couponAccountAtom).isSignedIn).toBe(true);
    expect(store.get(couponRuntimeAtom).amount).toBe(42_00);
  });
});
