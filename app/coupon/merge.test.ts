import { describe, expect, it } from "vitest";
import { COUPON_TYPE } from "./constants";
import { mergeCookieCouponIntoStored } from "./merge";
import { type CouponBet, type StoredCoupon, emptyStoredCoupon } from "./model";
import { makeBet } from "./test-fixtures";

function stored(entries: [CouponBet, number][], typeId: number = COUPON_TYPE.SINGLE, systemValue = 2): StoredCoupon {
  return {
    bets: entries.map(([bet]) => bet),
    addedAtByBetId: Object.fromEntries(entries.map(([bet, at]) => [bet.market.id, at])),
    typeId,
    systemValue,
  };
}

describe("mergeCookieCouponIntoStored", () => {
  it("an empty cookie changes nothing", () => {
    const local = stored([[makeBet({ id: "a" }), 1]]);
    expect(mergeCookieCouponIntoStored(local, emptyStoredCoupon())).toBe(local);
  });

  it("the cookie's bets join localStorage's, in the order they were added", () => {
    const a = makeBet({ id: "a" });
    const b = makeBet({ id: "b" });
    const c = makeBet({ id: "c" });
    const merged = mergeCookieCouponIntoStored(stored([[a, 10], [c, 30]]), stored([[b, 20]]));
    expect(merged.bets).toEqual([a, b, c]);
    expect(merged.addedAtByBetId).toEqual({ a: 10, b: 20, c: 30 });
    expect(merged.typeId).toBe(COUPON_TYPE.EXPRESS);
  });

  it("a bet in both keeps the newest copy", () => {
    const older = makeBet({ id: "a", coef: 1.5 });
    const newer = makeBet({ id: "a", coef: 1.6 });
    expect(mergeCookieCouponIntoStored(stored([[older, 10]]), stored([[newer, 20]])).bets).toEqual([newer]);
    expect(mergeCookieCouponIntoStored(stored([[newer, 20]]), stored([[older, 10]])).bets).toEqual([newer]);
  });

  it("on a tie localStorage's copy stays", () => {
    const local = makeBet({ id: "a", coef: 1.5 });
    const cookie = makeBet({ id: "a", coef: 1.6 });
    expect(mergeCookieCouponIntoStored(stored([[local, 10]]), stored([[cookie, 10]])).bets).toEqual([local]);
  });

  it("the coupon touched last gives the type and the system value", () => {
    const bets = ["a", "b", "c", "d"].map((id) => makeBet({ id }));
    const local = stored([[bets[0]!, 10], [bets[1]!, 11]], COUPON_TYPE.EXPRESS);
    const cookie = stored([[bets[2]!, 20], [bets[3]!, 21]], COUPON_TYPE.SYSTEM, 3);
    expect(mergeCookieCouponIntoStored(local, cookie)).toMatchObject({ typeId: COUPON_TYPE.SYSTEM, systemValue: 3 });
    const newerLocal = stored([[bets[0]!, 30], [bets[1]!, 31]], COUPON_TYPE.MULTIPLE_SINGLES);
    expect(mergeCookieCouponIntoStored(newerLocal, cookie)).toMatchObject({ typeId: COUPON_TYPE.MULTIPLE_SINGLES });
  });

  it("keeps the system value within the merged selections", () => {
    const bets = ["a", "b", "c"].map((id) => makeBet({ id }));
    const cookie = stored([[bets[0]!, 20], [bets[1]!, 21], [bets[2]!, 22]], COUPON_TYPE.SYSTEM, 9);
    expect(mergeCookieCouponIntoStored(emptyStoredCoupon(), cookie).systemValue).toBe(2);
  });
});
