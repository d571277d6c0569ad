import { describe, expect, it } from "vitest";
import { formatMoney, minorToInput, parseAmountInput } from "./amount-input";

describe("stake input", () => {
  it("reads decimals into minor units exactly", () => {
    expect(parseAmountInput("12.5", 2)).toBe(1250);
    expect(parseAmountInput("0,1", 2)).toBe(10);
    expect(parseAmountInput("150", 2)).toBe(15000);
    expect(parseAmountInput("1.10", 2)).toBe(110);
    expect(parseAmountInput("1.230", 2)).toBe(123);
    expect(parseAmountInput("7", 0)).toBe(7);
    expect(parseAmountInput("0.500", 3)).toBe(500);
  });
  it("refuses what is not an amount", () => {
    for (const bad of ["", "-1", "1e3", "1.234", "abc", "1.2.3", "9999999999999"]) expect(parseAmountInput(bad, 2)).toBeNull();
  });
  it("writes minor units back", () => {
    expect(minorToInput(1250, 2)).toBe("12.5");
    expect(minorToInput(15000, 2)).toBe("150");
    expect(minorToInput(5, 0)).toBe("5");
    expect(formatMoney(125050, 2, "RUB", "en")).toBe("1,250.50 RUB");
  });
});
