import { describe, expect, it } from "vitest";
import { BET_STATUS_ID, CHANGE_COEF_ACTION, COUPON_DEFAULTS, COUPON_TYPE } from "./constants";
import {
  EMPTY_COUPON_NOTIFICATION_RECORD,
  clampSystemValue,
  defaultCouponConfig,
  defaultCouponRuntime,
  defaultCouponSettings,
  emptyStoredCoupon,
  storedPartOfCoupon,
} from "./model";
import {
  couponConfigSchema,
  couponNotificationRecordSchema,
  couponRuntimeSchema,
  couponSettingsSchema,
  createCoupon,
  storedCouponSchema,
  systemOptionSchema,
} from "./schemas";
import { makeBet } from "./test-fixtures";

describe("model", () => {
  // model.ts writes the defaults out so the first load needs no zod; they must not drift from the schemas
  it("each default written out equals its schema's parse of nothing", () => {
    expect(emptyStoredCoupon()).toEqual(storedCouponSchema.parse({}));
    expect(defaultCouponRuntime()).toEqual(couponRuntimeSchema.parse({}));
    expect(defaultCouponSettings()).toEqual(couponSettingsSchema.parse({}));
    expect(defaultCouponConfig()).toEqual(couponConfigSchema.parse({}));
    expect(couponNotificationRecordSchema.parse(EMPTY_COUPON_NOTIFICATION_RECORD)).toEqual(EMPTY_COUPON_NOTIFICATION_RECORD);
    expect({ ...createCoupon() }).toEqual({ ...defaultCouponRuntime(), ...emptyStoredCoupon() });
  });

  it("bet status ids and coupon types are the spec's numbers", () => {
    expect(BET_STATUS_ID).toEqual({
      NOT_CALCULATED: -2,
      GAME_NOT_STARTED: -1,
      LOSE: 0,
      WIN: 1,
      RETURN: 2,
      FORCED_RETURN: 3,
      HALF_WIN_HALF_RETURN: 4,
      HALF_LOSE_HALF_RETURN: 5,
      HALF_LOSE_HALF_WIN: 6,
    });
    expect(COUPON_TYPE).toEqual({ SINGLE: 0, EXPRESS: 1, SYSTEM: 2, SYSTEM_STYLE: 4, MULTIPLE_SINGLES: 9 });
  });

  it("a new coupon has the spec's defaults: tab 1, type 0, system value 2, max bet infinity", () => {
    const coupon = createCoupon();
    expect(coupon).toMatchObject({ tab: 1, typeId: 0, systemValue: 2, bets: [], amount: 0, manuallyDeletedBonusBet: false });
    expect(coupon.maxBetAmount).toBe(Number.POSITIVE_INFINITY);
    expect(COUPON_DEFAULTS).toEqual({ tab: 1, typeId: 0, changeCoefAction: 2, systemValue: 2, maxBetAmount: Number.POSITIVE_INFINITY });
  });

  it("coupon settings default to change coef action 2", () => {
    expect(defaultCouponSettings()).toMatchObject({ changeCoefAction: CHANGE_COEF_ACTION.ACCEPT_HIGHER, exactCoef: null, isActiveOneClick: false });
    expect(couponSettingsSchema.safeParse({ changeCoefAction: 3 }).success).toBe(false);
  });

  it("the config is off and empty until loaded", () => {
    expect(defaultCouponConfig()).toEqual({
      isBonusBetEnabled: false,
      isVipBetEnabled: false,
      isOneClickEnabled: false,
      minAmountCouponTypes: [],
      maxAmountCouponTypes: [],
    });
  });

  it("the system value never goes below 2", () => {
    expect(clampSystemValue(1)).toBe(2);
    expect(clampSystemValue(5)).toBe(5);
    expect(createCoupon({ systemValue: 0 }).systemValue).toBe(2);
  });

  it("money is whole minor units", () => {
    expect(() => createCoupon({ amount: 10.5 })).toThrow();
    expect(() => createCoupon({ amount: -1 })).toThrow();
  });

  it("a stored coupon keeps one copy per market and an added-at time per bet", () => {
    const a1 = makeBet({ id: "a", coef: 1.5 });
    const a2 = makeBet({ id: "a", coef: 1.7 });
    const b = makeBet({ id: "b" });
    const parsed = storedCouponSchema.parse({ bets: [a1, b, a2], addedAtByBetId: { a: 3, gone: 9 } });
    expect(parsed.bets).toEqual([b, a2]);
    expect(parsed.addedAtByBetId).toEqual({ a: 3, b: 0 });
  });

  it("the stored part is the four fields SPEC §3 lists", () => {
    expect(Object.keys(storedPartOfCoupon(createCoupon())).sort()).toEqual(["addedAtByBetId", "bets", "systemValue", "typeId"]);
    expect(emptyStoredCoupon()).toEqual({ bets: [], addedAtByBetId: {}, typeId: 0, systemValue: 2 });
  });

  it("a bet in coupon fills its optional fields", () => {
    const bet = makeBet();
    expect(bet).toMatchObject({ statusId: BET_STATUS_ID.NOT_CALCULATED, blockId: null, isBlocked: false, playersDuel: null, scores: null });
  });

  it("a system option has a value of at least 2", () => {
    expect(systemOptionSchema.safeParse({ value: 1, offset: 0, minBetAmount: 0, combo: 1 }).success).toBe(false);
  });
});
