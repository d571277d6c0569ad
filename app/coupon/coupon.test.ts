import { describe, expect, it } from "vitest";
import { BONUS_BET_ID, COUPON_TYPE, LOBBY_BLOCK_ID } from "./constants";
import {
  addBetToCoupon,
  betsInAddedOrder,
  clearCoupon,
  couponCoef,
  couponPossibleWin,
  couponSystemOptions,
  couponSystemReturn,
  couponTypeForBetCount,
  deleteBetFromCoupon,
  isBetInCoupon,
  setBetAsBanker,
  setCouponType,
  setSystemValue,
  updateCouponBets,
  couponBetChanges,
} from "./coupon";
import { defaultCouponConfig, defaultCouponSettings } from "./model";
import { createCoupon } from "./schemas";
import { makeBet, makeCoupon } from "./test-fixtures";

const noBonus = defaultCouponConfig();
const withBonus = { ...noBonus, isBonusBetEnabled: true };
const settings = defaultCouponSettings();

describe("coupon type follows the number of bets", () => {
  it("one bet or none is a single; a single that grows becomes an express; other choices stay", () => {
    expect(couponTypeForBetCount(COUPON_TYPE.EXPRESS, 1)).toBe(COUPON_TYPE.SINGLE);
    expect(couponTypeForBetCount(COUPON_TYPE.SYSTEM, 0)).toBe(COUPON_TYPE.SINGLE);
    expect(couponTypeForBetCount(COUPON_TYPE.SINGLE, 2)).toBe(COUPON_TYPE.EXPRESS);
    expect(couponTypeForBetCount(COUPON_TYPE.SYSTEM, 4)).toBe(COUPON_TYPE.SYSTEM);
    expect(couponTypeForBetCount(COUPON_TYPE.MULTIPLE_SINGLES, 2)).toBe(COUPON_TYPE.MULTIPLE_SINGLES);
  });
});

describe("addBetToCoupon", () => {
  it("adds the bet with the time it was added", () => {
    const bet = makeBet({ id: "a" });
    const coupon = addBetToCoupon(createCoupon(), bet, 5000);
    expect(coupon.bets).toEqual([bet]);
    expect(coupon.addedAtByBetId).toEqual({ a: 5000 });
    expect(coupon.typeId).toBe(COUPON_TYPE.SINGLE);
    expect(isBetInCoupon(coupon, "a")).toBe(true);
  });

  it("turns a single into an express on the second bet", () => {
    const coupon = addBetToCoupon(addBetToCoupon(createCoupon(), makeBet(), 1), makeBet(), 2);
    expect(coupon.typeId).toBe(COUPON_TYPE.EXPRESS);
  });

  it("refreshes a bet already in the coupon instead of doubling it", () => {
    const first = makeBet({ id: "a", coef: 1.5 });
    const again = makeBet({ id: "a", coef: 1.7 });
    const coupon = addBetToCoupon(addBetToCoupon(createCoupon(), first, 1), again, 9);
    expect(coupon.bets).toEqual([again]);
    expect(coupon.addedAtByBetId).toEqual({ a: 9 });
  });

  it("starts a new coupon after a placed one", () => {
    const placed = createCoupon({ successCoupon: { id: "123", typeId: 0, amount: 100, coef: 2 } });
    expect(addBetToCoupon(placed, makeBet(), 1).successCoupon).toBeNull();
  });
});

describe("deleteBetFromCoupon", () => {
  it("removes the bet, its added-at time and its own stake", () => {
    const a = makeBet({ id: "a" });
    const b = makeBet({ id: "b" });
    const c = makeBet({ id: "c" });
    const coupon = makeCoupon([a, b, c], { typeId: COUPON_TYPE.MULTIPLE_SINGLES, amountByBetId: { a: 10, b: 20 } });
    const next = deleteBetFromCoupon(coupon, "a");
    expect(next.bets).toEqual([b, c]);
    expect(next.addedAtByBetId).toEqual({ b: 1001, c: 1002 });
    expect(next.amountByBetId).toEqual({ b: 20 });
    expect(next.typeId).toBe(COUPON_TYPE.MULTIPLE_SINGLES);
  });

  it("deleting the bonus-type bet sets manuallyDeletedBonusBet", () => {
    const coupon = makeCoupon([makeBet(), makeBet(), makeBet()], { typeId: COUPON_TYPE.EXPRESS });
    const next = deleteBetFromCoupon(coupon, BONUS_BET_ID);
    expect(next.manuallyDeletedBonusBet).toBe(true);
    expect(next.bets).toHaveLength(3);
  });

  it("deleting the last bet clears the coupon, so the bonus may be offered again", () => {
    const coupon = makeCoupon([makeBet({ id: "a" })], { manuallyDeletedBonusBet: true });
    const next = deleteBetFromCoupon(coupon, "a");
    expect(next.bets).toEqual([]);
    expect(next.manuallyDeletedBonusBet).toBe(false);
  });

  it("back to one bet, the coupon is a single", () => {
    const coupon = makeCoupon([makeBet({ id: "a" }), makeBet({ id: "b" })], { typeId: COUPON_TYPE.EXPRESS });
    expect(deleteBetFromCoupon(coupon, "a").typeId).toBe(COUPON_TYPE.SINGLE);
  });

  it("a system that loses a selection keeps its value below n", () => {
    const bets = ["a", "b", "c", "d"].map((id) => makeBet({ id }));
    const coupon = makeCoupon(bets, { typeId: COUPON_TYPE.SYSTEM, systemValue: 3 });
    expect(deleteBetFromCoupon(coupon, "a").systemValue).toBe(2);
  });

  it("ignores an unknown bet", () => {
    const coupon = makeCoupon([makeBet()]);
    expect(deleteBetFromCoupon(coupon, "nope")).toBe(coupon);
  });
});

describe("clearCoupon", () => {
  it("empties the composition and keeps the stake and limits", () => {
    const coupon = makeCoupon([makeBet({ blockId: LOBBY_BLOCK_ID }), makeBet(), makeBet(), makeBet()], {
      typeId: COUPON_TYPE.SYSTEM,
      systemValue: 3,
      amount: 700,
      maxBetAmount: 9000,
      manuallyDeletedBonusBet: true,
      isActiveSystemBanker: true,
      amountByBlockId: { "1": 5 },
    });
    const cleared = clearCoupon(coupon);
    expect(cleared).toMatchObject({
      bets: [],
      addedAtByBetId: {},
      typeId: COUPON_TYPE.SINGLE,
      systemValue: 2,
      amountByBlockId: {},
      manuallyDeletedBonusBet: false,
      isActiveSystemBanker: false,
      amount: 700,
      maxBetAmount: 9000,
    });
  });
});

describe("setCouponType and setSystemValue", () => {
  const bets = ["a", "b", "c", "d", "e"].map((id) => makeBet({ id }));

  it("sets the type the bettor picks", () => {
    expect(setCouponType(makeCoupon(bets, { typeId: COUPON_TYPE.EXPRESS }), COUPON_TYPE.SYSTEM).typeId).toBe(COUPON_TYPE.SYSTEM);
  });

  it("a single coupon stays single even when asked otherwise", () => {
    expect(setCouponType(makeCoupon([makeBet()]), COUPON_TYPE.EXPRESS).typeId).toBe(COUPON_TYPE.SINGLE);
  });

  it("the system value never goes below 2", () => {
    const system = makeCoupon(bets, { typeId: COUPON_TYPE.SYSTEM, systemValue: 3 });
    expect(setSystemValue(system, 1).systemValue).toBe(2);
    expect(setSystemValue(system, 0).systemValue).toBe(2);
    expect(setSystemValue(system, 4).systemValue).toBe(4);
    expect(setSystemValue(system, 5).systemValue).toBe(4);
  });
});

describe("setBetAsBanker", () => {
  const bets = ["a", "b", "c", "d"].map((id) => makeBet({ id, isDisabledBanker: id === "d" }));
  const system = makeCoupon(bets, { typeId: COUPON_TYPE.SYSTEM });

  it("moves the bet into the lobby block and marks the coupon a system with banker", () => {
    const result = setBetAsBanker(system, "a", true);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.coupon.bets[0]?.blockId).toBe(LOBBY_BLOCK_ID);
    expect(result.coupon.isActiveSystemBanker).toBe(true);
    const back = setBetAsBanker(result.coupon, "a", false);
    expect(back.ok && back.coupon.bets[0]?.blockId).toBeNull();
    expect(back.ok && back.coupon.isActiveSystemBanker).toBe(false);
  });

  it("is refused outside a system", () => {
    expect(setBetAsBanker({ ...system, typeId: COUPON_TYPE.EXPRESS }, "a", true)).toEqual({ ok: false, reason: "not-system" });
  });

  it("is refused for a bet not in the coupon", () => {
    expect(setBetAsBanker(system, "zz", true)).toEqual({ ok: false, reason: "bet-not-in-coupon" });
  });

  it("is refused for a bet that cannot be a banker", () => {
    expect(setBetAsBanker(system, "d", true)).toEqual({ ok: false, reason: "banker-disabled-for-bet" });
  });
});

describe("updateCouponBets", () => {
  it("takes fresh copies from the feed and keeps their block", () => {
    const coupon = makeCoupon([makeBet({ id: "a", coef: 1.5, blockId: LOBBY_BLOCK_ID }), makeBet({ id: "b" })], {
      typeId: COUPON_TYPE.SYSTEM,
    });
    const next = updateCouponBets(coupon, [makeBet({ id: "a", coef: 1.6, isBlocked: true }), makeBet({ id: "elsewhere" })]);
    expect(next.bets[0]).toMatchObject({ market: { coef: 1.6 }, isBlocked: true, blockId: LOBBY_BLOCK_ID });
    expect(next.bets).toHaveLength(2);
  });

  it("leaves the coupon as it is when no bet of it changed", () => {
    const coupon = makeCoupon([makeBet({ id: "a" })]);
    expect(updateCouponBets(coupon, [makeBet({ id: "other" })])).toBe(coupon);
  });
});

describe("couponBetChanges", () => {
  const coupon = makeCoupon([makeBet({ id: "a", coef: 1.5 }), makeBet({ id: "b", coef: 2 }), makeBet({ id: "c", coef: 3, isBlocked: true })]);

  it("reports a moved coefficient with the old and the new one", () => {
    const changes = couponBetChanges(coupon, [makeBet({ id: "a", coef: 1.65 })]);
    expect(changes).toEqual([expect.objectContaining({ type: "coef", from: 1.5, to: 1.65 })]);
    expect(changes[0]!.bet.market.id).toBe("a");
  });

  it("reports a bet that became locked with its reason, not its hidden coefficient", () => {
    expect(couponBetChanges(coupon, [makeBet({ id: "b", coef: 2.2, isBlocked: true })])).toEqual([expect.objectContaining({ type: "locked", lock: "blocked" })]);
    expect(couponBetChanges(coupon, [makeBet({ id: "b", coef: 2, isDepend: true })])).toEqual([expect.objectContaining({ type: "locked", lock: "dependent" })]);
  });

  it("says nothing of a locked bet that stays locked, and reports the coefficient a bet reopens at", () => {
    expect(couponBetChanges(coupon, [makeBet({ id: "c", coef: 4, isBlocked: true })])).toEqual([]);
    expect(couponBetChanges(coupon, [makeBet({ id: "c", coef: 3.4 })])).toEqual([expect.objectContaining({ type: "coef", from: 3, to: 3.4 })]);
  });

  it("reports a bet that reopens at the coefficient it had as open again", () => {
    const changes = couponBetChanges(coupon, [makeBet({ id: "c", coef: 3 })]);
    expect(changes).toEqual([expect.objectContaining({ type: "reopened" })]);
    expect(changes[0]!.bet.market.coef).toBe(3);
  });

  it("ignores bets that are not in the coupon and bets that did not change", () => {
    expect(couponBetChanges(coupon, [makeBet({ id: "elsewhere", coef: 9 }), makeBet({ id: "a", coef: 1.5 })])).toEqual([]);
  });
});

describe("couponCoef", () => {
  it("is 0 for an empty coupon", () => {
    expect(couponCoef(createCoupon(), noBonus)).toBe(0);
  });

  it("is the bet's coef for a single", () => {
    expect(couponCoef(makeCoupon([makeBet({ coef: 1.85 })]), noBonus)).toBe(1.85);
  });

  it("is the accumulator for an express", () => {
    const coupon = makeCoupon([1.5, 2, 2.5].map((coef) => makeBet({ coef })), { typeId: COUPON_TYPE.EXPRESS });
    expect(couponCoef(coupon, noBonus)).toBe(7.5);
  });

  it("includes the bonus coef when the bonus bet is offered", () => {
    const coupon = makeCoupon([1.5, 2, 2.5].map((coef) => makeBet({ coef })), { typeId: COUPON_TYPE.EXPRESS });
    expect(couponCoef(coupon, withBonus)).toBe(7.725); // 7.5 × 1.03
    expect(couponCoef({ ...coupon, manuallyDeletedBonusBet: true }, withBonus)).toBe(7.5);
  });

  it("is 0 where no single coefficient describes the coupon", () => {
    const bets = [makeBet(), makeBet(), makeBet()];
    expect(couponCoef(makeCoupon(bets, { typeId: COUPON_TYPE.SYSTEM }), noBonus)).toBe(0);
    expect(couponCoef(makeCoupon(bets, { typeId: COUPON_TYPE.MULTIPLE_SINGLES }), noBonus)).toBe(0);
    expect(couponCoef(makeCoupon(bets, { typeId: 3 }), noBonus)).toBe(0);
  });
});

describe("couponSystemReturn and couponSystemOptions", () => {
  it("a system with banker combines the selections and carries the banker", () => {
    const bets = [makeBet({ coef: 1.9 }), makeBet({ coef: 2 }), makeBet({ coef: 2.5 }), makeBet({ coef: 1.5, blockId: LOBBY_BLOCK_ID })];
    const coupon = makeCoupon(bets, { typeId: COUPON_TYPE.SYSTEM, systemValue: 2, amount: 60_000, minBetAmount: 100 });
    expect(couponSystemReturn(coupon)).toEqual({ lines: 3, stakePerLine: 20_000, maxWin: 406_500, minWin: 114_000 });
    expect(couponSystemOptions(coupon)).toEqual([{ value: 2, offset: 1, combo: 3, minBetAmount: 300 }]);
  });

  it("system-style (type 4) combines like a system, without bankers", () => {
    const bets = [makeBet({ coef: 1.9 }), makeBet({ coef: 2 }), makeBet({ coef: 2.5, blockId: LOBBY_BLOCK_ID })];
    const coupon = makeCoupon(bets, { typeId: COUPON_TYPE.SYSTEM_STYLE, systemValue: 2, amount: 60_000 });
    expect(couponSystemReturn(coupon)?.maxWin).toBe(271_000);
  });

  it("is null when the coupon is not a system or the value does not fit", () => {
    const bets = [makeBet(), makeBet(), makeBet()];
    expect(couponSystemReturn(makeCoupon(bets, { typeId: COUPON_TYPE.EXPRESS }))).toBeNull();
    expect(couponSystemReturn(makeCoupon(bets.slice(0, 2), { typeId: COUPON_TYPE.SYSTEM }))).toBeNull();
    expect(couponSystemReturn({ ...makeCoupon(bets, { typeId: COUPON_TYPE.SYSTEM }), systemValue: 3 })).toBeNull();
  });
});

describe("couponPossibleWin", () => {
  it("is 0 for an empty coupon", () => {
    expect(couponPossibleWin(createCoupon({ amount: 100 }), settings, noBonus)).toBe(0);
  });

  it("is amount × coef for a single and an express", () => {
    expect(couponPossibleWin(makeCoupon([makeBet({ coef: 1.13 })], { amount: 100 }), settings, noBonus)).toBe(113);
    const express = makeCoupon([makeBet({ coef: 1.5 }), makeBet({ coef: 2 })], { typeId: COUPON_TYPE.EXPRESS, amount: 1000 });
    expect(couponPossibleWin(express, settings, noBonus)).toBe(3000);
  });

  it("uses the exact coef when set", () => {
    const single = makeCoupon([makeBet({ coef: 2 })], { amount: 1000 });
    expect(couponPossibleWin(single, { exactCoef: 1.9 }, noBonus)).toBe(1900);
  });

  it("is the system's maximum for a system", () => {
    const bets = [1.9, 2, 2.5].map((coef) => makeBet({ coef }));
    expect(couponPossibleWin(makeCoupon(bets, { typeId: COUPON_TYPE.SYSTEM, amount: 60_000 }), settings, noBonus)).toBe(271_000);
    expect(couponPossibleWin(makeCoupon(bets.slice(0, 2), { typeId: COUPON_TYPE.SYSTEM, amount: 60_000 }), settings, noBonus)).toBe(0);
  });

  it("adds each single's win for multiple singles", () => {
    const coupon = makeCoupon([makeBet({ id: "a", coef: 2 }), makeBet({ id: "b", coef: 3 })], {
      typeId: COUPON_TYPE.MULTIPLE_SINGLES,
      amount: 100,
      amountByBetId: { b: 200 },
    });
    expect(couponPossibleWin(coupon, settings, noBonus)).toBe(800);
  });

  it("is null for block types, whose payout the spec does not define", () => {
    expect(couponPossibleWin(makeCoupon([makeBet(), makeBet()], { typeId: 3, amount: 100 }), settings, noBonus)).toBeNull();
  });
});

describe("betsInAddedOrder", () => {
  it("orders the bets by the time they were added", () => {
    const a = makeBet({ id: "a" });
    const b = makeBet({ id: "b" });
    expect(betsInAddedOrder({ bets: [a, b], addedAtByBetId: { a: 9, b: 3 } })).toEqual([b, a]);
  });
});
