import { describe, expect, it } from "vitest";
import { exactCoefText, parseExactCoef } from "./exact-coef";
import { exactCoefSchema } from "./schemas";

describe("parseExactCoef", () => {
  it.each([
    ["", null],
    ["  ", null],
    ["2", 2],
    ["2.1", 2.1],
    ["2,10", 2.1],
    [" 1.01 ", 1.01],
    ["100000", 100_000],
  ])("%j reads as %j", (text, value) => {
    expect(parseExactCoef(text)).toBe(value);
  });

  it.each(["1", "1.00", "0.5", "2.105", "abc", "2.", ".5", "-2", "100000.01", "1e3", "2 5"])("%j is not an exact coefficient", (text) => {
    expect(parseExactCoef(text)).toBeUndefined();
  });

  it("reads only what the settings schema keeps, and writes it back as read", () => {
    for (const text of ["1.01", "2.5", "17.35", "100000"]) {
      const value = parseExactCoef(text)!;
      expect(exactCoefSchema.safeParse(value).success).toBe(true);
      expect(parseExactCoef(exactCoefText(value))).toBe(value);
    }
    expect(exactCoefText(null)).toBe("");
  });
});
