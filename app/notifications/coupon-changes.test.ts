import { describe, expect, it } from "vitest";
import type { CouponBetChange } from "~/coupon/coupon";
import { makeBet } from "~/coupon/test-fixtures";
import { couponChangesNotice, couponChangesTitle, mergeCouponChanges } from "./coupon-changes";

const a = makeBet({ id: "a" });
const b = makeBet({ id: "b" });
const coef = (bet: typeof a, from: number, to: number): CouponBetChange => ({ type: "coef", bet, from, to });
const locked = (bet: typeof a): CouponBetChange => ({ type: "locked", bet, lock: "blocked" });
const reopened = (bet: typeof a): CouponBetChange => ({ type: "reopened", bet });

describe("the coupon-changes notification", () => {
  it("is titled by what happened: odds changed, bet locked, or both", () => {
    expect(couponChangesTitle([coef(a, 1.5, 1.6)])).toBe("notifications.oddsChanged");
    expect(couponChangesTitle([locked(a), locked(b)])).toBe("notifications.betLocked");
    expect(couponChangesTitle([coef(a, 1.5, 1.6), locked(b)])).toBe("notifications.couponChanged");
    expect(couponChangesTitle([reopened(a), reopened(b)])).toBe("notifications.betReopened");
    expect(couponChangesTitle([reopened(a), locked(b)])).toBe("notifications.couponChanged");
  });

  it("replaces a bet's lock with its reopening, so the last word on it is that it is open again", () => {
    expect(mergeCouponChanges([locked(a), coef(b, 2, 2.1)], [reopened(a)])).toEqual([coef(b, 2, 2.1), reopened(a)]);
    expect(couponChangesNotice([locked(a)], [reopened(a)])).toMatchObject({ title: "notifications.betReopened", body: { changes: [reopened(a)] } });
  });

  it("joins a later move of the same bet to the first one reported, and drops a move back", () => {
    expect(mergeCouponChanges([coef(a, 1.5, 1.6)], [coef(a, 1.6, 1.75)])).toEqual([coef(a, 1.5, 1.75)]);
    expect(mergeCouponChanges([coef(a, 1.5, 1.6), coef(b, 2, 2.1)], [coef(a, 1.6, 1.5)])).toEqual([coef(b, 2, 2.1)]);
  });

  it("keeps the newest news of a bet last: a lock after a move, a reopening move after a lock", () => {
    expect(mergeCouponChanges([coef(a, 1.5, 1.6), coef(b, 2, 2.1)], [locked(a)])).toEqual([coef(b, 2, 2.1), locked(a)]);
    expect(mergeCouponChanges([locked(a)], [coef(a, 1.5, 1.4)])).toEqual([coef(a, 1.5, 1.4)]);
  });

  it("is a warning about the coupon, or nothing when nothing is left to say", () => {
    expect(couponChangesNotice([], [coef(a, 1.5, 1.6)])).toMatchObject({ key: "coupon-changes", kind: "warning", title: "notifications.oddsChanged", body: { type: "coupon-changes" } });
    expect(couponChangesNotice([coef(a, 1.5, 1.6)], [coef(a, 1.6, 1.5)])).toBeNull();
  });
});
