import { describe, expect, it } from "vitest";
import { CHANGE_COEF_ACTION, COUPON_TYPE } from "./constants";
import { defaultCouponConfig, defaultCouponSettings } from "./model";
import { buildCouponToSubmit } from "./submit";
import { makeBet, makeCoupon } from "./test-fixtures";

const context = { id: "7f1c", userId: 42, refId: 1, coefViewId: 1, config: defaultCouponConfig(), isBonusAccount: false };
const settings = { ...defaultCouponSettings(), exactCoef: 3.1, isDropOnScoreChange: true };

describe("buildCouponToSubmit", () => {
  it("builds the coupon to submit from an express", () => {
    const bets = [makeBet({ id: "a", coef: 1.5, gameId: 1 }), makeBet({ id: "b", coef: 2, gameId: 2 })];
    const coupon = makeCoupon(bets, { typeId: COUPON_TYPE.EXPRESS, amount: 1000, accountId: 5, availablePrepaidAmount: 300, hyperBonusPercent: 5 });
    const result = buildCouponToSubmit(coupon, settings, context);
    expect(result).toEqual({
      ok: true,
      coupon: {
        id: "7f1c",
        accountId: 5,
        amount: 1000,
        amountByBlockId: {},
        bets: [
          { marketId: "a", gameId: 1, marketTypeId: 1, kind: 1, coef: 1.5, blockId: null },
          { marketId: "b", gameId: 2, marketTypeId: 1, kind: 1, coef: 2, blockId: null },
        ],
        changeCoefAction: CHANGE_COEF_ACTION.ACCEPT_HIGHER,
        coef: 3,
        coefByView: "+200",
        coefViewId: 1,
        exactCoef: 3.1,
        isDropOnScoreChange: true,
        prepaidAmount: 300,
        refId: 1,
        systemValue: 2,
        typeId: COUPON_TYPE.EXPRESS,
        userId: 42,
        hyperBonusPercent: 5,
        minHyperBonusBetLimit: 0,
        maxHyperBonusLimit: 0,
      },
    });
  });

  it("gives each of multiple singles its own stake", () => {
    const bets = [makeBet({ id: "a" }), makeBet({ id: "b" })];
    const coupon = makeCoupon(bets, { typeId: COUPON_TYPE.MULTIPLE_SINGLES, amount: 100, amountByBetId: { b: 300 }, accountId: 5 });
    const result = buildCouponToSubmit(coupon, settings, context);
    expect(result.ok && result.coupon.bets.map((bet) => bet.amount)).toEqual([100, 300]);
    expect(result.ok && result.coupon.coefByView).toBe("");
  });

  it("refuses without an account, with every other reason too", () => {
    const coupon = makeCoupon([makeBet({ id: "a", isBlocked: true })], { amount: 100 });
    expect(buildCouponToSubmit(coupon, settings, context)).toEqual({
      ok: false,
      refusals: [{ reason: "bet-locked", betId: "a", lock: "blocked" }, { reason: "account-not-selected" }],
    });
  });

  it("refuses an empty coupon", () => {
    expect(buildCouponToSubmit(makeCoupon([], { accountId: 1 }), settings, context)).toEqual({
      ok: false,
      refusals: [{ reason: "coupon-empty" }],
    });
  });
});
