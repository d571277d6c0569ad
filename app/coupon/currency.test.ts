import { describe, expect, it } from "vitest";
import { startingStake } from "./currency";

describe("startingStake (issue 34)", () => {
  const rub = { initialAmount: 15_000 };
  it("is the currency's initial amount when the balance is unknown or larger", () => {
    expect(startingStake(rub, null)).toBe(15_000);
    expect(startingStake(rub, undefined)).toBe(15_000);
    expect(startingStake(rub, 15_000)).toBe(15_000);
    expect(startingStake(rub, 1_000_000)).toBe(15_000);
  });
  it("never starts above what the bettor can spend", () => {
    expect(startingStake(rub, 6_400)).toBe(6_400);
    expect(startingStake(rub, 14_999)).toBe(14_999);
    expect(startingStake(rub, 0)).toBe(0);
    expect(startingStake(rub, -50)).toBe(0);
  });
});
