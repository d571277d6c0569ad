import { describe, expect, it } from "vitest";
import { COUPON_TYPE, LOBBY_BLOCK_ID, ONE_CLICK_CONFIRM_TITLE_KEY } from "./constants";
import { type CouponConfig, defaultCouponConfig, defaultCouponSettings } from "./model";
import {
  betLockReason,
  betRefusals,
  bonusBetCoef,
  bonusBetOffer,
  checkAmount,
  couponPlacementRefusals,
  hasLobbyBlock,
  isBankerBet,
  isBetLive,
  isBetLocked,
  isBlockCouponType,
  isDroppingExactCoef,
  isGameFinished,
  isSystemCouponType,
  isSystemWithBanker,
  maxAmountApplies,
  minAmountApplies,
  oneClickAvailability,
  promoCodeAccess,
  setExactCoef,
  splitSystemBets,
  systemValueRange,
  systemValueWithinRange,
  turnOffOneClickBetting,
  turnOnOneClickBetting,
  vipBetAvailability,
} from "./rules";
import { makeBet, makeCoupon } from "./test-fixtures";

const config = (overrides: Partial<CouponConfig> = {}): CouponConfig => ({ ...defaultCouponConfig(), ...overrides });

describe("live bets", () => {
  it("a game is finished at status 4", () => {
    expect(isGameFinished({ gameStatus: 4 })).toBe(true);
    expect(isGameFinished({ gameStatus: 3 })).toBe(false);
  });

  it("a bet with none of the live signs is a line bet", () => {
    expect(isBetLive(makeBet())).toBe(false);
  });

  it.each([
    ["it has a game time", { gameTimeSec: 0 }],
    ["it is live-in-live", { isLiveInLive: true }],
    ["its game status is 2", { gameStatus: 2 }],
    ["its game status is 3", { gameStatus: 3 }],
    ["its market is live", { isLive: true }],
  ])("a bet is live when %s", (_, options) => {
    expect(isBetLive(makeBet(options))).toBe(true);
  });

  it("a bet on a finished game is not live, whatever else it says", () => {
    expect(isBetLive(makeBet({ gameStatus: 4, gameTimeSec: 5400, isLiveInLive: true, isLive: true }))).toBe(false);
  });
});

describe("locked bets", () => {
  it("a bet is locked if blocked, dependent or banned from express", () => {
    expect(betLockReason(makeBet({ isBlocked: true }))).toBe("blocked");
    expect(betLockReason(makeBet({ isDepend: true }))).toBe("dependent");
    expect(betLockReason(makeBet({ isBannedExpress: true }))).toBe("banned-from-express");
    expect(betLockReason(makeBet())).toBeNull();
    expect(isBetLocked(makeBet({ isDepend: true }))).toBe(true);
    expect(isBetLocked(makeBet())).toBe(false);
  });

  it("names the first lock when several apply", () => {
    expect(betLockReason(makeBet({ isBlocked: true, isDepend: true }))).toBe("blocked");
  });

  it("a bet's refusals: locked, game finished", () => {
    const bet = makeBet({ id: "x", isBlocked: true, gameStatus: 4 });
    expect(betRefusals(bet)).toEqual([
      { reason: "bet-locked", betId: "x", lock: "blocked" },
      { reason: "game-finished", betId: "x" },
    ]);
    expect(betRefusals(makeBet())).toEqual([]);
  });
});

describe("system, bankers and block types", () => {
  const banker = makeBet({ blockId: LOBBY_BLOCK_ID });
  const plain = makeBet();

  it("a bet in the lobby block is a banker", () => {
    expect(isBankerBet(banker)).toBe(true);
    expect(isBankerBet(plain)).toBe(false);
    expect(isBankerBet(makeBet({ blockId: 3 }))).toBe(false);
    expect(hasLobbyBlock([plain, banker])).toBe(true);
    expect(hasLobbyBlock([plain])).toBe(false);
  });

  it("type 2 is a system with banker when a lobby block exists", () => {
    expect(isSystemWithBanker({ typeId: COUPON_TYPE.SYSTEM, bets: [plain, banker] })).toBe(true);
    expect(isSystemWithBanker({ typeId: COUPON_TYPE.SYSTEM, bets: [plain] })).toBe(false);
    expect(isSystemWithBanker({ typeId: COUPON_TYPE.EXPRESS, bets: [plain, banker] })).toBe(false);
  });

  it("splits bankers from the selections only in a system with banker", () => {
    expect(splitSystemBets({ typeId: COUPON_TYPE.SYSTEM, bets: [plain, banker] })).toEqual({ bankers: [banker], selections: [plain] });
    expect(splitSystemBets({ typeId: COUPON_TYPE.EXPRESS, bets: [plain, banker] })).toEqual({ bankers: [], selections: [plain, banker] });
  });

  it("system types are 2 and 4; types outside the named ones are block types", () => {
    expect(isSystemCouponType(COUPON_TYPE.SYSTEM)).toBe(true);
    expect(isSystemCouponType(COUPON_TYPE.SYSTEM_STYLE)).toBe(true);
    expect(isSystemCouponType(COUPON_TYPE.EXPRESS)).toBe(false);
    for (const typeId of Object.values(COUPON_TYPE)) expect(isBlockCouponType(typeId)).toBe(false);
    expect(isBlockCouponType(3)).toBe(true);
    expect(isBlockCouponType(12)).toBe(true);
  });

  it("the system value never goes below 2 and stays below n", () => {
    expect(systemValueRange(2)).toBeNull();
    expect(systemValueRange(3)).toEqual({ min: 2, max: 2 });
    expect(systemValueRange(20)).toEqual({ min: 2, max: 19 });
    expect(systemValueWithinRange(1, 5)).toBe(2);
    expect(systemValueWithinRange(-7, 5)).toBe(2);
    expect(systemValueWithinRange(9, 5)).toBe(4);
    expect(systemValueWithinRange(3.7, 5)).toBe(3);
    expect(systemValueWithinRange(6, 1)).toBe(6); // no selections yet: only the floor applies
  });
});

describe("bonus bet", () => {
  const enabled = config({ isBonusBetEnabled: true });
  const express = (coefs: number[], kinds: number[] = []) =>
    makeCoupon(coefs.map((coef, index) => makeBet({ coef, kind: kinds[index] ?? 1 })), { typeId: COUPON_TYPE.EXPRESS });

  it("is offered for an express of at least 3 bets of coef ≥ 1.1, not kind 7, with the coef 1 + n/100", () => {
    expect(bonusBetOffer(express([1.1, 1.5, 2]), enabled)).toEqual({ ok: true, coef: 1.03 });
  });

  it("is refused when the config does not allow it", () => {
    expect(bonusBetOffer(express([1.5, 1.5, 1.5]), config())).toEqual({ ok: false, reason: "bonus-bet-disabled" });
  });

  it("is refused after the bettor deleted it", () => {
    const coupon = { ...express([1.5, 1.5, 1.5]), manuallyDeletedBonusBet: true };
    expect(bonusBetOffer(coupon, enabled)).toEqual({ ok: false, reason: "bonus-bet-manually-deleted" });
  });

  it("is refused when the coupon is not an express", () => {
    const coupon = { ...express([1.5, 1.5, 1.5]), typeId: COUPON_TYPE.SYSTEM };
    expect(bonusBetOffer(coupon, enabled)).toEqual({ ok: false, reason: "not-express" });
  });

  it("is refused below 3 bets", () => {
    expect(bonusBetOffer(express([1.5, 1.5]), enabled)).toEqual({ ok: false, reason: "too-few-bets" });
  });

  it("is refused when the total coef is below 1.01", () => {
    expect(bonusBetOffer(express([1, 1, 1]), enabled)).toEqual({ ok: false, reason: "total-coef-too-low" });
  });

  it("takes a total of exactly 1.01 as enough, so a selection's own minimum speaks", () => {
    // 1.01 × 1 × 1 = 1.01, not below 1.01; 1 is below 1.1.
    expect(bonusBetOffer(express([1.01, 1, 1]), enabled)).toEqual({ ok: false, reason: "bet-coef-too-low" });
  });

  it("is refused when a bet's coef is below 1.1", () => {
    expect(bonusBetOffer(express([1.09, 2, 2]), enabled)).toEqual({ ok: false, reason: "bet-coef-too-low" });
  });

  it("is refused when a bet is of market kind 7", () => {
    expect(bonusBetOffer(express([1.5, 1.5, 1.5], [1, 7, 1]), enabled)).toEqual({ ok: false, reason: "market-kind-excluded" });
  });

  it("the bonus coef is 1 + n/100 for 1 to 9 bets, otherwise 1.1", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(bonusBetCoef)).toEqual([1.01, 1.02, 1.03, 1.04, 1.05, 1.06, 1.07, 1.08, 1.09]);
    expect(bonusBetCoef(10)).toBe(1.1);
    expect(bonusBetCoef(25)).toBe(1.1);
    expect(bonusBetCoef(0)).toBe(1.1);
  });

  it("an offered bonus for 12 bets has the 1.1 coef", () => {
    expect(bonusBetOffer(express(new Array<number>(12).fill(1.2)), enabled)).toEqual({ ok: true, coef: 1.1 });
  });
});

describe("VIP bet", () => {
  const enabled = config({ isVipBetEnabled: true });
  const line = makeCoupon([makeBet(), makeBet()], { typeId: COUPON_TYPE.EXPRESS, maxBetAmount: 500_000 });

  it("is available with a finite max bet, at least one bet, all line bets, not multiple singles", () => {
    expect(vipBetAvailability(line, enabled)).toEqual({ ok: true });
  });

  it("is refused when the config flag is off", () => {
    expect(vipBetAvailability(line, config())).toEqual({ ok: false, reason: "vip-bet-disabled" });
  });

  it("is refused while max bet is infinite", () => {
    expect(vipBetAvailability({ ...line, maxBetAmount: Number.POSITIVE_INFINITY }, enabled)).toEqual({
      ok: false,
      reason: "max-bet-not-finite",
    });
  });

  it("is refused for an empty coupon", () => {
    expect(vipBetAvailability({ ...line, bets: [] }, enabled)).toEqual({ ok: false, reason: "no-bets" });
  });

  it("is refused when a bet is live", () => {
    expect(vipBetAvailability({ ...line, bets: [makeBet(), makeBet({ isLive: true })] }, enabled)).toEqual({
      ok: false,
      reason: "live-bet-in-coupon",
    });
  });

  it("is refused for multiple singles", () => {
    expect(vipBetAvailability({ ...line, typeId: COUPON_TYPE.MULTIPLE_SINGLES }, enabled)).toEqual({
      ok: false,
      reason: "multiple-singles",
    });
  });
});

describe("promo codes", () => {
  it("are not accessible for type 9", () => {
    expect(promoCodeAccess(COUPON_TYPE.MULTIPLE_SINGLES)).toEqual({ ok: false, reason: "promo-codes-not-for-multiple-singles" });
    for (const typeId of [COUPON_TYPE.SINGLE, COUPON_TYPE.EXPRESS, COUPON_TYPE.SYSTEM, COUPON_TYPE.SYSTEM_STYLE, 3]) {
      expect(promoCodeAccess(typeId)).toEqual({ ok: true });
    }
  });
});

describe("min and max amount", () => {
  const limits = config({ minAmountCouponTypes: [0, 1], maxAmountCouponTypes: [0, 2] });

  it("min amount applies only to coupon types in the config list", () => {
    expect(minAmountApplies(0, limits)).toBe(true);
    expect(minAmountApplies(1, limits)).toBe(true);
    expect(minAmountApplies(2, limits)).toBe(false);
  });

  it("max amount applies only to listed types and not for the bonus account", () => {
    expect(maxAmountApplies(0, limits, false)).toBe(true);
    expect(maxAmountApplies(2, limits, false)).toBe(true);
    expect(maxAmountApplies(1, limits, false)).toBe(false);
    expect(maxAmountApplies(0, limits, true)).toBe(false);
  });

  const check = (amount: number, typeId: number, isBonusAccount = false) =>
    checkAmount({ amount, minAmount: 1000, maxAmount: 5000, typeId, config: limits, isBonusAccount });

  it("refuses a stake that is not set", () => {
    expect(check(0, 0)).toEqual({ reason: "amount-not-set" });
  });

  it("refuses a stake below the min where it applies", () => {
    expect(check(999, 0)).toEqual({ reason: "amount-below-min", minAmount: 1000 });
    expect(check(999, 2)).toBeNull();
  });

  it("refuses a stake above the max where it applies", () => {
    expect(check(5001, 0)).toEqual({ reason: "amount-above-max", maxAmount: 5000 });
    expect(check(5001, 1)).toBeNull();
    expect(check(5001, 0, true)).toBeNull();
  });

  it("accepts a stake within the limits", () => {
    expect(check(1000, 0)).toBeNull();
    expect(check(5000, 0)).toBeNull();
  });
});

describe("one-click betting", () => {
  const settings = defaultCouponSettings();
  const on = config({ isOneClickEnabled: true });

  it("turns on at once when the coupon is empty", () => {
    const result = turnOnOneClickBetting({ settings, betCount: 0, config: on, isSignedIn: true, confirmed: false });
    expect(result).toEqual({ status: "turned-on", settings: { ...settings, isActiveOneClick: true }, clearsCoupon: false });
  });

  it("with bets in the coupon asks for confirmation titled 'coupon will be cleared'", () => {
    const result = turnOnOneClickBetting({ settings, betCount: 2, config: on, isSignedIn: true, confirmed: false });
    expect(result).toEqual({ status: "confirmation-required", titleKey: ONE_CLICK_CONFIRM_TITLE_KEY });
    expect(ONE_CLICK_CONFIRM_TITLE_KEY).toBe("coupon_will_be_cleared");
  });

  it("confirmed, turns on and clears the coupon", () => {
    const result = turnOnOneClickBetting({ settings, betCount: 2, config: on, isSignedIn: true, confirmed: true });
    expect(result).toEqual({ status: "turned-on", settings: { ...settings, isActiveOneClick: true }, clearsCoupon: true });
  });

  it("is refused when the config flag is off", () => {
    expect(turnOnOneClickBetting({ settings, betCount: 0, config: config(), isSignedIn: true, confirmed: true })).toEqual({
      status: "refused",
      reason: "one-click-disabled",
    });
  });

  it("is refused to a guest", () => {
    expect(turnOnOneClickBetting({ settings, betCount: 0, config: on, isSignedIn: false, confirmed: true })).toEqual({
      status: "refused",
      reason: "not-signed-in",
    });
  });

  it("is available only with the config flag and a signed-in user", () => {
    expect(oneClickAvailability(on, true)).toEqual({ ok: true });
    expect(oneClickAvailability(config(), true)).toEqual({ ok: false, reason: "one-click-disabled" });
    expect(oneClickAvailability(on, false)).toEqual({ ok: false, reason: "not-signed-in" });
  });

  it("turns off", () => {
    expect(turnOffOneClickBetting({ ...settings, isActiveOneClick: true }).isActiveOneClick).toBe(false);
  });
});

describe("exact coefficient", () => {
  const settings = { ...defaultCouponSettings(), isActiveOneClick: true, isDropOnScoreChange: true };

  it("a dropping exact coef is one below the current coef", () => {
    expect(isDroppingExactCoef(1.8, 2)).toBe(true);
    expect(isDroppingExactCoef(2, 2)).toBe(false);
    expect(isDroppingExactCoef(2.2, 2)).toBe(false);
    expect(isDroppingExactCoef(1.5, 0)).toBe(false); // no coupon coef yet
  });

  it("setting a dropping exact coefficient turns off one-click", () => {
    expect(setExactCoef(settings, 1.8, 2)).toEqual({ ...settings, exactCoef: 1.8, isActiveOneClick: false });
  });

  it("setting an exact coef that does not drop keeps one-click", () => {
    expect(setExactCoef(settings, 2.1, 2)).toEqual({ ...settings, exactCoef: 2.1 });
  });

  it("setting exact coef to empty also turns off drop-on-score-change", () => {
    expect(setExactCoef({ ...settings, exactCoef: 1.8 }, null, 2)).toEqual({
      ...settings,
      exactCoef: null,
      isDropOnScoreChange: false,
    });
  });
});

describe("couponPlacementRefusals", () => {
  const context = { config: config({ minAmountCouponTypes: [0, 1, 2, 9, 3], maxAmountCouponTypes: [0, 1, 2, 9, 3] }), isBonusAccount: false };
  const limits = { minBetAmount: 100, maxBetAmount: 100_000 };

  it("nothing refuses a sound express", () => {
    const coupon = makeCoupon([makeBet(), makeBet()], { typeId: COUPON_TYPE.EXPRESS, amount: 500, ...limits });
    expect(couponPlacementRefusals(coupon, context)).toEqual([]);
  });

  it("an empty coupon cannot be placed", () => {
    expect(couponPlacementRefusals(makeCoupon([], { amount: 500 }), context)).toEqual([{ reason: "coupon-empty" }]);
  });

  it("names each locked bet and each finished game", () => {
    const coupon = makeCoupon([makeBet({ id: "a", isDepend: true }), makeBet({ id: "b", gameStatus: 4 })], {
      typeId: COUPON_TYPE.EXPRESS,
      amount: 500,
      ...limits,
    });
    expect(couponPlacementRefusals(coupon, context)).toEqual([
      { reason: "bet-locked", betId: "a", lock: "dependent" },
      { reason: "game-finished", betId: "b" },
    ]);
  });

  it("an express needs two bets", () => {
    const coupon = makeCoupon([makeBet()], { typeId: COUPON_TYPE.EXPRESS, amount: 500, ...limits });
    expect(couponPlacementRefusals(coupon, context)).toEqual([{ reason: "express-needs-two-bets" }]);
  });

  it("a system needs three selections besides the bankers", () => {
    const coupon = makeCoupon([makeBet(), makeBet(), makeBet({ blockId: LOBBY_BLOCK_ID })], {
      typeId: COUPON_TYPE.SYSTEM,
      amount: 500,
      ...limits,
    });
    expect(couponPlacementRefusals(coupon, context)).toEqual([{ reason: "system-needs-three-selections" }]);
  });

  it("a system value above n − 1 is out of range", () => {
    const coupon = makeCoupon([makeBet(), makeBet(), makeBet()], { typeId: COUPON_TYPE.SYSTEM, systemValue: 3, amount: 500, ...limits });
    expect(couponPlacementRefusals(coupon, context)).toEqual([{ reason: "system-value-out-of-range", min: 2, max: 2 }]);
  });

  it("a system at its largest value, n − 1, can be placed", () => {
    // 2 of 3: 3 lines × 100 = 300 at least.
    const coupon = makeCoupon([makeBet(), makeBet(), makeBet()], { typeId: COUPON_TYPE.SYSTEM, systemValue: 2, amount: 500, ...limits });
    expect(couponPlacementRefusals(coupon, context)).toEqual([]);
  });

  it("a system's least stake is the least line stake times the lines", () => {
    const bets = [makeBet(), makeBet(), makeBet(), makeBet()];
    // 2 of 4: 6 lines × 100 = 600
    const low = makeCoupon(bets, { typeId: COUPON_TYPE.SYSTEM, systemValue: 2, amount: 599, ...limits });
    expect(couponPlacementRefusals(low, context)).toEqual([{ reason: "amount-below-min", minAmount: 600 }]);
    expect(couponPlacementRefusals({ ...low, amount: 600 }, context)).toEqual([]);
  });

  it("a stake must be set, at least the min and at most the max", () => {
    const coupon = makeCoupon([makeBet()], { typeId: COUPON_TYPE.SINGLE, ...limits });
    expect(couponPlacementRefusals({ ...coupon, amount: 0 }, context)).toEqual([{ reason: "amount-not-set" }]);
    expect(couponPlacementRefusals({ ...coupon, amount: 99 }, context)).toEqual([{ reason: "amount-below-min", minAmount: 100 }]);
    expect(couponPlacementRefusals({ ...coupon, amount: 100_001 }, context)).toEqual([
      { reason: "amount-above-max", maxAmount: 100_000 },
    ]);
  });

  it("the bonus account has no max", () => {
    const coupon = makeCoupon([makeBet()], { typeId: COUPON_TYPE.SINGLE, ...limits, amount: 100_001 });
    expect(couponPlacementRefusals(coupon, { ...context, isBonusAccount: true })).toEqual([]);
  });

  it("multiple singles check each bet's own stake", () => {
    const coupon = makeCoupon([makeBet({ id: "a" }), makeBet({ id: "b" })], {
      typeId: COUPON_TYPE.MULTIPLE_SINGLES,
      amount: 500,
      amountByBetId: { b: 50 },
      ...limits,
    });
    expect(couponPlacementRefusals(coupon, context)).toEqual([{ reason: "amount-below-min", minAmount: 100, betId: "b" }]);
  });

  it("block types check each block's stake", () => {
    const coupon = makeCoupon([makeBet({ blockId: 1 }), makeBet({ blockId: 2 })], {
      typeId: 3,
      amountByBlockId: { "1": 500 },
      ...limits,
    });
    expect(couponPlacementRefusals(coupon, context)).toEqual([{ reason: "amount-not-set", blockId: "2" }]);
  });

  it("a promo code cannot go with multiple singles", () => {
    const coupon = makeCoupon([makeBet(), makeBet()], { typeId: COUPON_TYPE.MULTIPLE_SINGLES, amount: 500, promoCode: "SPRING", ...limits });
    expect(couponPlacementRefusals(coupon, context)).toEqual([{ reason: "promo-codes-not-for-multiple-singles" }]);
    expect(couponPlacementRefusals({ ...coupon, promoCode: "", manualPromoCode: "X1" }, context)).toEqual([
      { reason: "promo-codes-not-for-multiple-singles" },
    ]);
  });

  it("an available VIP bet refuses nothing", () => {
    const coupon = makeCoupon([makeBet()], { typeId: COUPON_TYPE.SINGLE, amount: 500, isActiveVipBet: true, ...limits });
    expect(couponPlacementRefusals(coupon, { ...context, config: { ...context.config, isVipBetEnabled: true } })).toEqual([]);
  });

  it("a VIP bet that is not available says why", () => {
    const coupon = makeCoupon([makeBet()], { typeId: COUPON_TYPE.SINGLE, amount: 500, isActiveVipBet: true, minBetAmount: 100 });
    expect(couponPlacementRefusals(coupon, context)).toEqual([{ reason: "vip-bet-unavailable", because: "vip-bet-disabled" }]);
  });
});
