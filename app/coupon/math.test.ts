import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expressCoef, possibleWin, systemOptions, systemReturn } from "./math";

// ---------------------------------------------------------------- reference implementation
// Lists every line, on integer hundredths, exactly: what systemReturn must equal without listing.

function combinations<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  if (items.length < size) return [];
  const [first, ...rest] = items as [T, ...T[]];
  return [...combinations(rest, size - 1).map((line) => [first, ...line]), ...combinations(rest, size)];
}

function bruteForceSystem(cents: number[], size: number, bankerCents: number[], stake: number) {
  const lines = combinations(cents.map(BigInt), size);
  const lineProducts = lines.map((line) => line.reduce((p, c) => p * c, 1n));
  const bankerProduct = bankerCents.reduce((p, c) => p * BigInt(c), 1n);
  const denominator = BigInt(lines.length) * 100n ** BigInt(size + bankerCents.length);
  const sum = lineProducts.reduce((s, p) => s + p, 0n);
  const lowest = lineProducts.reduce((m, p) => (p < m ? p : m));
  return {
    lines: lines.length,
    maxWin: Number((BigInt(stake) * bankerProduct * sum) / denominator),
    minWin: Number((BigInt(stake) * bankerProduct * lowest) / denominator),
  };
}

/** Odds with two decimals from 1.01 to 30.00, as integer hundredths. */
const centsArb = fc.integer({ min: 101, max: 3000 });
const stakeArb = fc.integer({ min: 0, max: 100_000_000 });

// ---------------------------------------------------------------- expressCoef

describe("expressCoef", () => {
  it("multiplies the coefficients", () => {
    expect(expressCoef([2, 3])).toBe(6);
    expect(expressCoef([1.5])).toBe(1.5);
  });

  it("is exact where floating point is not (1.1³ = 1.331, not 1.3310000000000004)", () => {
    expect(expressCoef([1.1, 1.1, 1.1])).toBe(1.331);
  });

  // wettzentrale.net, "Systemwette": 3,10 × 3,20 × 3,35 × 30 € = 996,96 €, i.e. a coefficient of 33.232
  it("matches a published accumulator (wettzentrale.net: 3.10 × 3.20 × 3.35)", () => {
    expect(expressCoef([3.1, 3.2, 3.35])).toBe(33.232);
    expect(possibleWin(3000, expressCoef([3.1, 3.2, 3.35]))).toBe(99_696);
  });

  it("is 1 for no coefficients (the neutral accumulator)", () => {
    expect(expressCoef([])).toBe(1);
  });

  it("refuses a coefficient that is not a positive number", () => {
    expect(() => expressCoef([1.5, Number.NaN])).toThrow(RangeError);
    expect(() => expressCoef([0])).toThrow(RangeError);
    expect(() => expressCoef([Number.POSITIVE_INFINITY])).toThrow(RangeError);
  });
});

// ---------------------------------------------------------------- possibleWin

describe("possibleWin", () => {
  it("is amount × coef, floored to a minor unit", () => {
    expect(possibleWin(1000, 1.85)).toBe(1850);
    expect(possibleWin(333, 1.5)).toBe(499); // 499.5 → 499
  });

  it("does not lose a minor unit to floating point (100 × 1.13 is 112.99999999999999 in floats)", () => {
    expect(possibleWin(100, 1.13)).toBe(113);
    expect(possibleWin(100, 2.05)).toBe(205);
  });

  it("uses the exact coef when it is set, the coef otherwise", () => {
    expect(possibleWin(1000, 2, 1.5)).toBe(1500);
    expect(possibleWin(1000, 2, null)).toBe(2000);
    expect(possibleWin(1000, 2, undefined)).toBe(2000);
  });

  it("refuses an amount that is not whole minor units", () => {
    expect(() => possibleWin(10.5, 2)).toThrow(RangeError);
    expect(() => possibleWin(-1, 2)).toThrow(RangeError);
  });
});

// ---------------------------------------------------------------- systemReturn: published values

describe("systemReturn — published examples", () => {
  // sportsbet24.online, "Examples of system bets in a bookmaker's office": 2 out of 3 at
  // 1.90, 2.00, 2.50 for $600: $760 + $950 + $1,000 = $2,710 when all win; the lowest line $760.
  it("2 of 3 at 1.90, 2.00, 2.50 for $600 (sportsbet24.online)", () => {
    expect(systemReturn({ coefs: [1.9, 2, 2.5], size: 2, stake: 60_000 })).toEqual({
      lines: 3,
      stakePerLine: 20_000,
      maxWin: 271_000,
      minWin: 76_000,
    });
  });

  // same page: 3 out of 5 at 1.90, 2.00, 2.50, 2.80, 3.00 for $1000, $100 per accumulator;
  // its ten lines (9.50, 10.64, 11.40, 14.00, 15.00, 16.80, 21.00, 13.30, 14.25, 15.96)
  // sum to 141.85, so all winning pays $14,185 and the lowest line $950.
  it("3 of 5 at 1.90, 2.00, 2.50, 2.80, 3.00 for $1000 (sportsbet24.online)", () => {
    expect(systemReturn({ coefs: [1.9, 2, 2.5, 2.8, 3], size: 3, stake: 100_000 })).toEqual({
      lines: 10,
      stakePerLine: 10_000,
      maxWin: 1_418_500,
      minWin: 95_000,
    });
  });

  // wettzentrale.net, "Systemwette": 2 aus 3 at 3,10, 3,20, 3,35 with 10 € per line (30 €):
  // at least 99,20 € with two right, 310,25 € with all three.
  it("2 of 3 at 3.10, 3.20, 3.35 for 30 € (wettzentrale.net)", () => {
    expect(systemReturn({ coefs: [3.1, 3.2, 3.35], size: 2, stake: 3000 })).toEqual({
      lines: 3,
      stakePerLine: 1000,
      maxWin: 31_025,
      minWin: 9920,
    });
  });

  // albers-wettboerse.de, "Systemwette mit Banken": 3 aus 5 with game 5 as banker becomes
  // "1x Bank + 3 aus 4", four lines with the banker attached to each: 4 × 2 € = 8 €.
  it("a banker rides in every line without adding lines: 1 banker + 3 of 4 is 4 lines (albers-wettboerse.de)", () => {
    const result = systemReturn({ coefs: [1.5, 2, 2.5, 3], size: 3, bankers: [1.4], stake: 800 });
    expect(result.lines).toBe(4);
    expect(result.stakePerLine).toBe(200);
  });

  // sportingbet / bwin help, "What is a banker?": a 2/3 system with a banker wins only if the
  // banker and two picks win; the banker multiplies every line. Applied to the sportsbet24
  // 2 of 3 above with a banker at 1.50: $2,710 × 1.5 and $760 × 1.5.
  it("2 of 3 at 1.90, 2.00, 2.50 with a banker at 1.50 for $600", () => {
    expect(systemReturn({ coefs: [1.9, 2, 2.5], size: 2, bankers: [1.5], stake: 60_000 })).toEqual({
      lines: 3,
      stakePerLine: 20_000,
      maxWin: 406_500,
      minWin: 114_000,
    });
  });

  // score-tennis.com, "Ставка система": a system has at most 20 events and 184,756 variants (10 of 20)
  it("10 of 20 has 184,756 lines and is computed without listing them", () => {
    const result = systemReturn({ coefs: new Array<number>(20).fill(2), size: 10, stake: 184_756 });
    expect(result).toEqual({ lines: 184_756, stakePerLine: 1, maxWin: 184_756 * 1024, minWin: 1024 });
  });

  it("keeps a fractional stake per line and floors only the returns", () => {
    const result = systemReturn({ coefs: [1.5, 1.7, 1.9], size: 2, stake: 100 });
    expect(result.stakePerLine).toBeCloseTo(33.333333, 5);
    // (2.55 + 2.85 + 3.23) × 100 / 3 = 287.666… → 287
    expect(result.maxWin).toBe(287);
    // 2.55 × 100 / 3 = 85
    expect(result.minWin).toBe(85);
  });

  it("refuses a size outside 1..n, no coefficients, or a stake that is not whole minor units", () => {
    expect(() => systemReturn({ coefs: [2, 2], size: 3, stake: 100 })).toThrow(RangeError);
    expect(() => systemReturn({ coefs: [2, 2], size: 0, stake: 100 })).toThrow(RangeError);
    expect(() => systemReturn({ coefs: [2, 2], size: 1.5, stake: 100 })).toThrow(RangeError);
    expect(() => systemReturn({ coefs: [], size: 1, stake: 100 })).toThrow(RangeError);
    expect(() => systemReturn({ coefs: [2, 2], size: 1, stake: 0.5 })).toThrow(RangeError);
    expect(() => systemReturn({ coefs: [2, 2], size: 1, bankers: [-1], stake: 1 })).toThrow(RangeError);
  });
});

// ---------------------------------------------------------------- systemReturn: properties

describe("systemReturn — properties", () => {
  it("a system of n of n equals the express", () => {
    // up to 4 coefficients of two decimals and ≤ 30 the exact product has ≤ 15 significant
    // digits, so expressCoef returns it exactly and both paths must agree to the minor unit
    fc.assert(
      fc.property(fc.array(centsArb, { minLength: 1, maxLength: 4 }), stakeArb, (cents, stake) => {
        const coefs = cents.map((c) => c / 100);
        const system = systemReturn({ coefs, size: coefs.length, stake });
        const express = possibleWin(stake, expressCoef(coefs));
        expect(system.lines).toBe(1);
        expect(system.maxWin).toBe(express);
        expect(system.minWin).toBe(express);
      }),
    );
  });

  it("a system of n of n equals the exact accumulator for any n", () => {
    fc.assert(
      fc.property(fc.array(centsArb, { minLength: 1, maxLength: 12 }), stakeArb, (cents, stake) => {
        const exact = (BigInt(stake) * cents.reduce((p, c) => p * BigInt(c), 1n)) / 100n ** BigInt(cents.length);
        const system = systemReturn({ coefs: cents.map((c) => c / 100), size: cents.length, stake });
        expect(system.maxWin).toBe(Number(exact));
      }),
    );
  });

  it("min is never above max", () => {
    fc.assert(
      fc.property(
        fc.array(centsArb, { minLength: 1, maxLength: 20 }).chain((cents) =>
          fc.tuple(fc.constant(cents), fc.integer({ min: 1, max: cents.length }), stakeArb),
        ),
        ([cents, size, stake]) => {
          const result = systemReturn({ coefs: cents.map((c) => c / 100), size, stake });
          expect(result.minWin).toBeLessThanOrEqual(result.maxWin);
        },
      ),
    );
  });

  it("the number of lines is n choose size", () => {
    // Pascal's triangle, built independently of binomial()
    const pascal: number[][] = [[1]];
    for (let n = 1; n <= 20; n += 1) {
      const previous = pascal[n - 1] ?? [];
      pascal.push(Array.from({ length: n + 1 }, (_, k) => (previous[k - 1] ?? 0) + (previous[k] ?? 0)));
    }
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 1, max: n }))), ([n, size]) => {
        const result = systemReturn({ coefs: new Array<number>(n).fill(1.5), size, stake: 1000 });
        expect(result.lines).toBe(pascal[n]?.[size]);
      }),
    );
  });

  it("equals listing every line, with and without bankers", () => {
    fc.assert(
      fc.property(
        fc.array(centsArb, { minLength: 1, maxLength: 8 }).chain((cents) =>
          fc.tuple(
            fc.constant(cents),
            fc.integer({ min: 1, max: cents.length }),
            fc.array(centsArb, { maxLength: 3 }),
            stakeArb,
          ),
        ),
        ([cents, size, bankerCents, stake]) => {
          const result = systemReturn({
            coefs: cents.map((c) => c / 100),
            size,
            bankers: bankerCents.map((c) => c / 100),
            stake,
          });
          const expected = bruteForceSystem(cents, size, bankerCents, stake);
          expect(result.lines).toBe(expected.lines);
          expect(result.maxWin).toBe(expected.maxWin);
          expect(result.minWin).toBe(expected.minWin);
        },
      ),
    );
  });

  it("does not depend on the order of the selections", () => {
    fc.assert(
      fc.property(
        fc.array(centsArb, { minLength: 2, maxLength: 10 }).chain((cents) =>
          fc.tuple(fc.constant(cents), fc.shuffledSubarray(cents, { minLength: cents.length }), fc.integer({ min: 1, max: cents.length })),
        ),
        ([cents, shuffled, size]) => {
          const a = systemReturn({ coefs: cents.map((c) => c / 100), size, stake: 10_000 });
          const b = systemReturn({ coefs: shuffled.map((c) => c / 100), size, stake: 10_000 });
          expect(b).toEqual(a);
        },
      ),
    );
  });

  it("a banker multiplies both returns by its coefficient (before the final floor)", () => {
    fc.assert(
      fc.property(
        fc.array(centsArb, { minLength: 2, maxLength: 10 }).chain((cents) =>
          fc.tuple(fc.constant(cents), fc.integer({ min: 1, max: cents.length }), centsArb),
        ),
        ([cents, size, banker]) => {
          const stake = 1_000_000;
          const plain = systemReturn({ coefs: cents.map((c) => c / 100), size, stake: stake * banker });
          const withBanker = systemReturn({ coefs: cents.map((c) => c / 100), size, bankers: [banker / 100], stake: stake * 100 });
          expect(withBanker.maxWin).toBe(plain.maxWin);
          expect(withBanker.minWin).toBe(plain.minWin);
        },
      ),
    );
  });

  it("the stake per line times the lines is the stake", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 1, max: n }))), stakeArb, ([n, size], stake) => {
        const result = systemReturn({ coefs: new Array<number>(n).fill(2), size, stake });
        expect(result.stakePerLine * result.lines).toBeCloseTo(stake, 3);
      }),
    );
  });
});

// ---------------------------------------------------------------- systemOptions

describe("systemOptions", () => {
  it("offers 2 to n − 1 with lines, bankers and the least whole stake", () => {
    expect(systemOptions({ betCount: 5, bankerCount: 1, minLineAmount: 1000 })).toEqual([
      { value: 2, offset: 1, combo: 10, minBetAmount: 10_000 },
      { value: 3, offset: 1, combo: 10, minBetAmount: 10_000 },
      { value: 4, offset: 1, combo: 5, minBetAmount: 5000 },
    ]);
  });

  it("offers nothing below 3 selections (2 of 2 is the express)", () => {
    expect(systemOptions({ betCount: 2, minLineAmount: 100 })).toEqual([]);
    expect(systemOptions({ betCount: 0, minLineAmount: 100 })).toEqual([]);
  });

  it("has no bankers unless told", () => {
    expect(systemOptions({ betCount: 3, minLineAmount: 0 })).toEqual([{ value: 2, offset: 0, combo: 3, minBetAmount: 0 }]);
  });

  it("refuses a minimum line amount that is not whole minor units", () => {
    expect(() => systemOptions({ betCount: 3, minLineAmount: 0.5 })).toThrow(RangeError);
  });
});
