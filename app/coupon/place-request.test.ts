import { describe, expect, it } from "vitest";
import { decodeSelections } from "./place";
import { placeRequest } from "./place-request";

const base = {
  accountId: 7,
  typeId: 0,
  systemValue: null,
  selections: decodeSelections("11:2.1:L")!,
  amount: 1_000,
  settings: { changeCoefAction: 2 as const, exactCoef: null, isDropOnScoreChange: false, isVipBet: false },
  vipBet: false,
  bonusBet: false,
  promoCode: "",
};

describe("placeRequest", () => {
  it("sends only what is set: no exact coefficient, drop-on-score-change or promo code by default", () => {
    expect(placeRequest(base)).toEqual({ accountId: 7, typeId: 0, amount: 1_000, bets: [{ outcomeId: 11, coef: 2.1, isLive: true }], changeCoefAction: 2 });
  });

  it("sends the settings that change what the platform does with the bet, and the promo code", () => {
    const body = placeRequest({ ...base, settings: { changeCoefAction: 1, exactCoef: 1.95, isDropOnScoreChange: true, isVipBet: true }, vipBet: true, promoCode: "SPRING" });
    expect(body).toMatchObject({ changeCoefAction: 1, exactCoef: 1.95, isDropOnScoreChange: true, isVipBet: true, promoCode: "SPRING" });
  });

  it("stakes each single of multiple singles, asks no amount for auto-max, and marks bankers and the bonus bet only where they exist", () => {
    const two = decodeSelections("11:2.1:P:B,12:3:P")!;
    expect(placeRequest({ ...base, typeId: 9, selections: two }).bets.map((b) => b.amount)).toEqual([1_000, 1_000]);
    expect(placeRequest({ ...base, amount: null })).not.toHaveProperty("amount");
    expect(placeRequest({ ...base, typeId: 2, systemValue: 2, selections: two }).bets[0]).toMatchObject({ isBanker: true });
    expect(placeRequest({ ...base, typeId: 1, selections: two, bonusBet: true })).toMatchObject({ isBonusBet: true });
    expect(placeRequest({ ...base, bonusBet: true })).not.toHaveProperty("isBonusBet");
  });
});
