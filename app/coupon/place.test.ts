import { describe, expect, it } from "vitest";
import { defaultCouponSettings } from "./model";
import { couponBetName, couponPlaceKey, decodeSelections, encodeSelections, isExactCoefRefusal, offersVipBet, refusalOffer, sendsVipBet, withNewCoefs } from "./place";
import { makeBet } from "./test-fixtures";
import { placeFormSchema, placeSettings } from "./place-form";

describe("place form selections", () => {
  it("round-trips live, pre-match and banker selections", () => {
    const selections = [
      { outcomeId: 12, coef: 2.1, isLive: true, isBanker: false },
      { outcomeId: 900000001, coef: 1.05, isLive: false, isBanker: true },
    ];
    const text = encodeSelections(selections);
    expect(text).toBe("12:2.1:L,900000001:1.05:P:B");
    expect(decodeSelections(text)).toEqual(selections);
  });

  it("refuses anything that is not a list of selections", () => {
    for (const bad of ["", "x", "1:2.123:L", "1:-2:L", "1:2:X", "1:2:L,,2:3:P", `${"1:2:L,".repeat(41)}1:2:L`]) {
      expect(decodeSelections(bad), bad).toBeNull();
    }
  });

  it("puts the new coefficients of a price change in place", () => {
    const selections = decodeSelections("1:2:L,2:3:P")!;
    expect(withNewCoefs(selections, [{ outcomeId: 2, coef: 2.8 }]).map((s) => s.coef)).toEqual([2, 2.8]);
  });
});

describe("the place form schema", () => {
  it("reads a full form and refuses a bad key or type", () => {
    const ok = placeFormSchema.safeParse({ key: "0b9e4a52-1f7c-4c1e-9a55-5a8d5f1b2c3d", typeId: "2", systemValue: "2", amount: "10", bets: "1:2:L", changeCoefAction: "0" });
    expect(ok.success && ok.data).toMatchObject({ typeId: 2, systemValue: 2, intent: "place", changeCoefAction: 0 });
    expect(placeFormSchema.safeParse({ key: "short", typeId: "0", amount: "1", bets: "1:2:L" }).success).toBe(false);
    expect(placeFormSchema.safeParse({ key: "0b9e4a52-1f7c", typeId: "7", amount: "1", bets: "1:2:L" }).success).toBe(false);
  });
});

describe("what a refusal offers", () => {
  it("offers the new coefficients, the maximum, the minimum or the bet to remove", () => {
    expect(refusalOffer({ code: "coef_changed", bets: [{ outcomeId: 1, coef: 1.9 }] })).toEqual({ kind: "new-coefs", bets: [{ outcomeId: 1, coef: 1.9 }] });
    expect(refusalOffer({ code: "amount_above_max", maxBetAmount: 5000 })).toEqual({ kind: "stake", amount: 5000, reason: "max" });
    expect(refusalOffer({ code: "insufficient_balance", maxBetAmount: 0 })).toEqual({ kind: "none" });
    expect(refusalOffer({ code: "amount_below_min", minBetAmount: 100 })).toEqual({ kind: "stake", amount: 100, reason: "min" });
    // Nothing was placed though the slip was sent (issue 37): the same slip, the same key, again.
    expect(refusalOffer({ code: "not_placed" })).toEqual({ kind: "resend" });
    expect(refusalOffer({ code: "unavailable" })).toEqual({ kind: "resend" });
    expect(refusalOffer({ code: "blocked", outcomeId: 7 })).toEqual({ kind: "remove-bet", outcomeId: 7 });
    expect(refusalOffer({ code: "account_frozen" })).toEqual({ kind: "none" });
  });
});

describe("refusals of a bet on a sport the bettor may not bet on, and the VIP offer", () => {
  it("offers to remove the bet of a disallowed sport and names it from the coupon", () => {
    expect(refusalOffer({ code: "sport_disallowed", outcomeId: 7 })).toEqual({ kind: "remove-bet", outcomeId: 7 });
    const bets = [{ market: { id: "7", opponent1Name: "Home FC", opponent2Name: "Away FC", outcomeName: "1" } }];
    expect(couponBetName(bets as never, 7)).toBe("Home FC — Away FC: 1");
    expect(couponBetName(bets as never, 8)).toBeNull();
  });

  it("offers a VIP bet for a stake above the maximum on line bets, when the config allows it", () => {
    const line = { typeId: 0, selections: [{ outcomeId: 1, coef: 2.1, isLive: false, isBanker: false }], vipBet: false };
    for (const code of ["amount_above_max", "max_payout_exceeded", "limit_reached"]) expect(offersVipBet({ code }, line, true), code).toBe(true);
    expect(offersVipBet({ code: "amount_below_min" }, line, true)).toBe(false);
    expect(offersVipBet({ code: "amount_above_max" }, line, false)).toBe(false);
    expect(offersVipBet({ code: "amount_above_max" }, { ...line, vipBet: true }, true)).toBe(false);
    expect(offersVipBet({ code: "amount_above_max" }, { ...line, selections: [{ ...line.selections[0]!, isLive: true }] }, true)).toBe(false);
    expect(offersVipBet({ code: "amount_above_max" }, { ...line, typeId: 9 }, true)).toBe(false);
  });
});

describe("the coupon's placement key", () => {
  const a = makeBet({ id: "11", coef: 2 });
  const b = makeBet({ id: "12", coef: 3 });
  const coupon = { bets: [a, b], addedAtByBetId: { "11": 1_000, "12": 2_000 }, typeId: 1 as const, systemValue: 2 };
  it("is the same for the same coupon whatever its prices, from any tab or render", () => {
    const key = couponPlaceKey(coupon);
    expect(key).toMatch(/^[A-Za-z0-9-]{8,128}$/);
    expect(couponPlaceKey({ ...coupon, bets: [makeBet({ id: "11", coef: 2.2 }), b] })).toBe(key);
    expect(couponPlaceKey(structuredClone(coupon))).toBe(key);
  });
  it("is another for another coupon: other bets, the same bets added again later, another type or system", () => {
    const key = couponPlaceKey(coupon);
    const others = [
      { ...coupon, bets: [a] },
      { ...coupon, addedAtByBetId: { "11": 1_000, "12": 2_001 } },
      { ...coupon, typeId: 2 as const },
      { ...coupon, typeId: 2 as const, systemValue: 3 },
    ].map(couponPlaceKey);
    expect(new Set([key, ...others]).size).toBe(5);
  });
});

describe("the settings a placement is sent with", () => {
  const form = (fields: Record<string, string>) => placeFormSchema.parse({ key: "0b9e4a52-1f7c-4c1e-9a55", typeId: "0", amount: "10", bets: "1:2:P", ...fields });
  const carries = (fields: Record<string, string>) => (name: string) => name in fields;
  const kept = { ...defaultCouponSettings(), changeCoefAction: 1 as const, exactCoef: 1.9, isDropOnScoreChange: true, isVipBet: true };

  it("without JavaScript, a form that carries none takes the bettor's kept settings", () => {
    expect(placeSettings(form({}), carries({}), kept)).toEqual({ changeCoefAction: 1, exactCoef: 1.9, isDropOnScoreChange: true, isVipBet: true });
    expect(placeSettings(form({}), carries({}), null)).toEqual({ changeCoefAction: 2, exactCoef: null, isDropOnScoreChange: false, isVipBet: false });
  });

  it("the fields a form carries win, an empty exact coefficient included (a refusal's offer sends them)", () => {
    const fields = { changeCoefAction: "0", exactCoef: "", dropOnScoreChange: "0", vipBet: "0" };
    expect(placeSettings(form(fields), carries(fields), kept)).toEqual({ changeCoefAction: 0, exactCoef: null, isDropOnScoreChange: false, isVipBet: false });
  });

  it("with JavaScript the browser's fields are all there is: a setting it leaves out is off, never the cookie's", () => {
    const fields = { js: "1", exactCoef: "2.05" };
    expect(placeSettings(form(fields), carries(fields), kept)).toEqual({ changeCoefAction: 2, exactCoef: 2.05, isDropOnScoreChange: false, isVipBet: false });
  });

  it("refuses an exact coefficient the platform would not take", () => {
    expect(placeFormSchema.safeParse({ key: "0b9e4a52-1f7c-4c1e", typeId: "0", amount: "1", bets: "1:2:P", exactCoef: "1.001" }).success).toBe(false);
    expect(placeFormSchema.safeParse({ key: "0b9e4a52-1f7c-4c1e", typeId: "0", amount: "1", bets: "1:2:P", promoCode: "X".repeat(33) }).success).toBe(false);
  });
});

describe("the exact coefficient's refusal", () => {
  const selections = decodeSelections("1:2:P,2:1.5:P")!;

  it("is a coef_changed whose prices the bettor's changeCoefAction accepts: only the exact coefficient refused it", () => {
    const fell = { code: "coef_changed", bets: [{ outcomeId: 1, coef: 1.8 }, { outcomeId: 2, coef: 1.5 }] };
    expect(isExactCoefRefusal(fell, { selections, changeCoefAction: 1, exactCoef: 3 })).toBe(true);
    expect(isExactCoefRefusal(fell, { selections, changeCoefAction: 2, exactCoef: 3 })).toBe(false);
    expect(isExactCoefRefusal(fell, { selections, changeCoefAction: 1, exactCoef: null })).toBe(false);
    // Nothing moved: the coupon was below the exact coefficient from the start.
    const same = { code: "coef_changed", bets: [{ outcomeId: 1, coef: 2 }, { outcomeId: 2, coef: 1.5 }] };
    expect(isExactCoefRefusal(same, { selections, changeCoefAction: 0, exactCoef: 3.5 })).toBe(true);
    expect(isExactCoefRefusal({ code: "blocked" }, { selections, changeCoefAction: 1, exactCoef: 3 })).toBe(false);
  });

  it("offers the coupon at the prices it names without the exact coefficient", () => {
    expect(refusalOffer({ code: "exact_coef", bets: [{ outcomeId: 1, coef: 1.8 }] })).toEqual({ kind: "without-exact-coef", bets: [{ outcomeId: 1, coef: 1.8 }] });
  });
});

describe("sendsVipBet", () => {
  const line = decodeSelections("1:2:P,2:3:P")!;
  it("sends the VIP setting only where a coupon can be one and the site offers it", () => {
    expect(sendsVipBet(true, { typeId: 1, selections: line }, true)).toBe(true);
    expect(sendsVipBet(false, { typeId: 1, selections: line }, true)).toBe(false);
    expect(sendsVipBet(true, { typeId: 1, selections: line }, false)).toBe(false);
    expect(sendsVipBet(true, { typeId: 9, selections: line }, true)).toBe(false);
    expect(sendsVipBet(true, { typeId: 0, selections: decodeSelections("1:2:L")! }, true)).toBe(false);
  });
});
