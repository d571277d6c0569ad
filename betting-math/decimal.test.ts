import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decimalFromNumber, decimalToFixed, decimalToNumber, decimalToString, formatRational, gcd, multiplyDecimals } from "./decimal";

describe("decimal", () => {
  it("reads a number as the decimal it prints as", () => {
    expect(decimalFromNumber(1.1)).toEqual({ units: 11n, scale: 1 });
    expect(decimalFromNumber(2)).toEqual({ units: 2n, scale: 0 });
    expect(decimalFromNumber(5e-7)).toEqual({ units: 5n, scale: 7 });
    expect(decimalFromNumber(1.5e21)).toEqual({ units: 1_500_000_000_000_000_000_000n, scale: 0 });
  });

  it("reads 0 (a stake or payout of nothing), -0 included", () => {
    expect(decimalFromNumber(0)).toEqual({ units: 0n, scale: 0 });
    expect(decimalFromNumber(-0)).toEqual({ units: 0n, scale: 0 });
  });

  it("refuses what is not a finite non-negative number", () => {
    expect(() => decimalFromNumber(-1)).toThrow(RangeError);
    expect(() => decimalFromNumber(Number.NaN)).toThrow(RangeError);
  });

  it("multiplies exactly", () => {
    expect(decimalToString(multiplyDecimals([1.1, 1.1, 1.1].map(decimalFromNumber)))).toBe("1.331");
  });

  it("writes a decimal without its trailing zeros", () => {
    // 1.5 × 2.0 at scale 2: 300 hundredths is "3", not "3.00" nor "3.0".
    expect(decimalToString({ units: 300n, scale: 2 })).toBe("3");
    expect(decimalToString({ units: 1500n, scale: 3 })).toBe("1.5");
    expect(decimalToString({ units: 1050n, scale: 3 })).toBe("1.05");
    expect(decimalToString({ units: 5n, scale: 3 })).toBe("0.005");
  });

  it("writes decimals with a fixed number of places, rounding half away from zero", () => {
    expect(decimalToFixed({ units: 1005n, scale: 3 }, 2)).toBe("1.01");
    expect(decimalToFixed({ units: 2n, scale: 0 }, 2)).toBe("2.00");
    expect(decimalToFixed({ units: 5n, scale: 2 }, 0)).toBe("0");
    expect(formatRational(2n, 3n, 2)).toBe("0.67");
    expect(formatRational(1n, 200n, 2)).toBe("0.01");
  });

  it("round-trips every number through its decimal", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e12, noNaN: true }), (value) => {
        expect(decimalToNumber(decimalFromNumber(value))).toBe(value);
      }),
    );
  });

  it("gcd", () => {
    expect(gcd(12n, 18n)).toBe(6n);
    expect(gcd(7n, 0n)).toBe(7n);
  });

  it("gcd is never negative, whatever the signs", () => {
    expect(gcd(-12n, 0n)).toBe(12n);
    expect(gcd(0n, -12n)).toBe(12n);
    expect(gcd(-12n, 18n)).toBe(6n);
    expect(gcd(12n, -18n)).toBe(6n);
    expect(gcd(-12n, -18n)).toBe(6n);
  });
});
