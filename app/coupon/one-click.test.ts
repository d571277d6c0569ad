import { describe, expect, it } from "vitest";
import { couponCurrency, currencyDefaults } from "./currency-defaults";
import { defaultCouponSettings } from "./model";
import { makeBet } from "./test-fixtures";
import { oneClickPlaceFields, oneClickSelection, oneClickStake } from "./one-click";
import { decodeSelections } from "./place";
import { placeFormSchema } from "./place-form";

const on = { ...defaultCouponSettings(), isActiveOneClick: true, oneClickAmount: 5_000, bonusAccountOneClickAmount: 700 };
const base = { settings: on, config: { isOneClickEnabled: true }, isSignedIn: true, isBonusAccount: false, currency: couponCurrency("RUB") };

describe("oneClickStake", () => {
  it("places the one-click amount for a signed-in bettor with the flag and the setting on", () => {
    expect(oneClickStake(base)).toBe(5_000);
  });

  it("keeps the coupon behaviour for guests, with the site flag off and with the setting off", () => {
    expect(oneClickStake({ ...base, isSignedIn: false })).toBeNull();
    expect(oneClickStake({ ...base, config: { isOneClickEnabled: false } })).toBeNull();
    expect(oneClickStake({ ...base, settings: { ...on, isActiveOneClick: false } })).toBeNull();
  });

  it("uses the bonus account's own one-click amount, falling back to the main one", () => {
    expect(oneClickStake({ ...base, isBonusAccount: true })).toBe(700);
    expect(oneClickStake({ ...base, isBonusAccount: true, settings: { ...on, bonusAccountOneClickAmount: null } })).toBe(5_000);
  });

  it("falls back to the currency's initial stake, which the settings field shows", () => {
    const settings = { ...on, oneClickAmount: null, bonusAccountOneClickAmount: null };
    expect(oneClickStake({ ...base, settings, currency: couponCurrency("USD") })).toBe(currencyDefaults("USD").initialAmount);
  });
});

describe("oneClickPlaceFields", () => {
  const request = {
    key: "0f0e0d0c-1111-4222-8333-444455556666",
    bet: makeBet({ id: "812", coef: 1.85, isLive: true }),
    selection: { outcomeId: 812, coef: 1.85, isLive: true, isBanker: false },
    amount: 12_350,
    currency: couponCurrency("RUB"),
    changeCoefAction: 2,
    exactCoef: 1.8,
    isDropOnScoreChange: true,
    returnTo: "/en/live",
  };

  it("is a single of one selection that the place form's schema accepts", () => {
    const fields = oneClickPlaceFields(request);
    const parsed = placeFormSchema.parse(fields);
    expect(parsed).toMatchObject({ key: request.key, intent: "place", typeId: 0, amount: "123.5", changeCoefAction: 2, exactCoef: 1.8, dropOnScoreChange: true, js: "1", returnTo: "/en/live" });
    expect(decodeSelections(parsed.bets)).toEqual([request.selection]);
  });

  it("sends no exact coefficient as an empty field, which the action reads as none", () => {
    const fields = oneClickPlaceFields({ ...request, exactCoef: null, isDropOnScoreChange: false });
    expect(fields).toMatchObject({ exactCoef: "", dropOnScoreChange: "0" });
  });

  it("writes the stake in the currency's own minor-unit exponent", () => {
    expect(oneClickPlaceFields({ ...request, currency: couponCurrency("JPY"), amount: 500 }).amount).toBe("500");
  });
});

describe("oneClickSelection", () => {
  const market = { id: "812", coef: 2.4, isLive: false };
  it("carries the outcome at the coefficient the bettor saw, never as a banker", () => {
    expect(oneClickSelection({ market: market as never })).toEqual({ outcomeId: 812, coef: 2.4, isLive: false, isBanker: false });
  });
  it("leaves a bet whose id is not an outcome id to the coupon", () => {
    expect(oneClickSelection({ market: { ...market, id: "lobby-1" } as never })).toBeNull();
  });
});
