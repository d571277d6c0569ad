import { describe, expect, it } from "vitest";
import {
  binomial,
  compareCoefs,
  elementarySymmetric,
  expressCoef,
  maxStakeForWin,
  possibleWin,
  ratioToString,
  readCoef,
  readStake,
  systemReturn,
  winForStake,
  winRatio,
} from "./coupon-math";
import { COUPON_TYPE } from "./coupon-types";

// Every expected value below is worked out by hand in the comment beside it.

describe("readCoef and readStake: what the maths accepts", () => {
  it("reads a coefficient as the decimal it prints as", () => {
    expect(readCoef(1.13)).toEqual({ units: 113n, scale: 2 });
    expect(readCoef(2)).toEqual({ units: 2n, scale: 0 });
  });

  it("refuses a coefficient of 0 (a price that pays nothing), a negative one and a non-number", () => {
    expect(() => readCoef(0)).toThrow(RangeError);
    expect(() => readCoef(-1.5)).toThrow(RangeError);
    expect(() => readCoef(Number.NaN)).toThrow(RangeError);
    expect(() => readCoef(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it("reads a stake of whole minor units, 0 included", () => {
    expect(readStake(0)).toBe(0n);
    expect(readStake(250)).toBe(250n);
    expect(readStake(Number.MAX_SAFE_INTEGER)).toBe(9_007_199_254_740_991n);
  });

  it("refuses a negative stake, a fraction of a minor unit and an amount past the safe integers", () => {
    expect(() => readStake(-1)).toThrow(RangeError);
    expect(() => readStake(-100, "amount")).toThrow(RangeError);
    expect(() => readStake(1.5)).toThrow(RangeError);
    // 2^53 is an integer but no longer exact as a Number: 2^53 + 1 reads as 2^53.
    expect(() => readStake(2 ** 53)).toThrow(RangeError);
    expect(() => readStake(Number.NaN)).toThrow(RangeError);
  });
});

describe("expressCoef", () => {
  it("multiplies exactly: 1.1 × 1.1 × 1.1 = 1.331 (floating point says 1.3310000000000004)", () => {
    expect(expressCoef([1.1, 1.1, 1.1])).toBe(1.331);
    expect(expressCoef([1.5, 2])).toBe(3);
  });

  it("is 1 for no selection and refuses a selection at 0", () => {
    expect(expressCoef([])).toBe(1);
    expect(() => expressCoef([2, 0])).toThrow(RangeError);
  });
});

describe("binomial: the lines of a system", () => {
  it("counts the ways to choose k of n", () => {
    expect(binomial(3, 2)).toBe(3n);
    expect(binomial(5, 2)).toBe(10n);
    expect(binomial(5, 3)).toBe(10n);
    expect(binomial(5, 5)).toBe(1n);
    // 20! / (10! · 10!) = 184,756: a system of 10 of 20.
    expect(binomial(20, 10)).toBe(184_756n);
    // Beyond Number's exact integers: C(60, 30) = 118,264,581,564,861,424 (exact in BigInt only).
    expect(binomial(60, 30)).toBe(118_264_581_564_861_424n);
  });

  it("has one way to choose nothing, even of nothing", () => {
    expect(binomial(5, 0)).toBe(1n);
    expect(binomial(0, 0)).toBe(1n);
  });

  it("is 0 when there is no way to choose: more than there are, a negative count, a fraction", () => {
    expect(binomial(5, 6)).toBe(0n);
    expect(binomial(5, -1)).toBe(0n);
    expect(binomial(-1, 0)).toBe(0n);
    expect(binomial(-3, -1)).toBe(0n);
    expect(binomial(5.5, 2)).toBe(0n);
    expect(binomial(5, 2.5)).toBe(0n);
  });
});

describe("elementarySymmetric", () => {
  it("gives e_0..e_size: the sums of the products of every j of the values", () => {
    // 2, 3, 4: e1 = 9, e2 = 6 + 8 + 12 = 26, e3 = 24.
    expect(elementarySymmetric([2n, 3n, 4n], 3)).toEqual([1n, 9n, 26n, 24n]);
    expect(elementarySymmetric([2n, 3n, 4n], 2)).toEqual([1n, 9n, 26n]);
  });

  it("stops at e_size however many values there are", () => {
    expect(elementarySymmetric([1n, 2n, 3n], 1)).toEqual([1n, 6n]);
    expect(elementarySymmetric([1n, 2n, 3n], 0)).toEqual([1n]);
  });

  it("gives 0 for a size above the number of values (no such product)", () => {
    expect(elementarySymmetric([2n], 3)).toEqual([1n, 2n, 0n, 0n]);
    expect(elementarySymmetric([], 2)).toEqual([1n, 0n, 0n]);
  });
});

describe("systemReturn (SPEC §5: the system's preview)", () => {
  it("splits the stake over the lines and pays the lowest line as the minimum win", () => {
    // 2 of 3 at 4, 2, 3 (given unsorted), 300 staked: 3 lines of 100.
    // All win: 100 × (4·2 + 4·3 + 2·3) = 100 × 26 = 2,600. Least: the line 2 × 3 = 6 → 600.
    expect(systemReturn({ coefs: [4, 2, 3], size: 2, stake: 300 })).toEqual({ lines: 3, stakePerLine: 100, minWin: 600, maxWin: 2600 });
  });

  it("floors each win to a minor unit and keeps the stake per line exact", () => {
    // 2 of 3 at 1.15, 1.2, 1.3, 100 staked: 3 lines of 33.33….
    // All win: 100 × (1.38 + 1.495 + 1.56) / 3 = 443.5 / 3 = 147.83 → 147.
    // Least: 100 × 1.15 × 1.2 / 3 = 138 / 3 = 46.
    expect(systemReturn({ coefs: [1.3, 1.15, 1.2], size: 2, stake: 100 })).toEqual({ lines: 3, stakePerLine: 100 / 3, minWin: 46, maxWin: 147 });
  });

  it("multiplies every line by the bankers", () => {
    // 2 of 3 at 2, 3, 4 with a banker at 1.5, 300 staked: each line of 100 × 1.5.
    // All win: 2,600 × 1.5 = 3,900. Least: 600 × 1.5 = 900.
    expect(systemReturn({ coefs: [2, 3, 4], size: 2, bankers: [1.5], stake: 300 })).toEqual({ lines: 3, stakePerLine: 100, minWin: 900, maxWin: 3900 });
    // Two bankers at 1.5 and 1.2: × 1.8 → 4,680 and 1,080.
    expect(systemReturn({ coefs: [2, 3, 4], size: 2, bankers: [1.5, 1.2], stake: 300 })).toEqual({ lines: 3, stakePerLine: 100, minWin: 1080, maxWin: 4680 });
  });

  it("takes the smallest and the largest systems: 1 of n and n of n", () => {
    // 1 of 3 at 2, 3, 4, 300 staked: 3 singles of 100; all win 900, least 200.
    expect(systemReturn({ coefs: [2, 3, 4], size: 1, stake: 300 })).toEqual({ lines: 3, stakePerLine: 100, minWin: 200, maxWin: 900 });
    // 3 of 3: one line of 300 at 24 → 7,200 either way.
    expect(systemReturn({ coefs: [2, 3, 4], size: 3, stake: 300 })).toEqual({ lines: 1, stakePerLine: 300, minWin: 7200, maxWin: 7200 });
  });

  it("refuses a system of no selection, a size outside 1..n, and a stake that is not minor units", () => {
    expect(() => systemReturn({ coefs: [], size: 1, stake: 100 })).toThrow(RangeError);
    expect(() => systemReturn({ coefs: [2, 3, 4], size: 0, stake: 100 })).toThrow(RangeError);
    expect(() => systemReturn({ coefs: [2, 3, 4], size: 4, stake: 100 })).toThrow(RangeError);
    expect(() => systemReturn({ coefs: [2, 3, 4], size: 1.5, stake: 100 })).toThrow(RangeError);
    expect(() => systemReturn({ coefs: [2, 3, 4], size: 2, stake: -1 })).toThrow(RangeError);
    expect(() => systemReturn({ coefs: [2, 0, 4], size: 2, stake: 100 })).toThrow(RangeError);
  });
});

describe("possibleWin (SPEC §5)", () => {
  it("is the amount times the coefficient, exactly: 100 × 1.13 is 113, not 112", () => {
    expect(possibleWin(100, 1.13)).toBe(113);
    expect(possibleWin(0, 1.13)).toBe(0);
  });

  it("floors to a minor unit: 7 × 1.5 = 10.5 → 10", () => {
    expect(possibleWin(7, 1.5)).toBe(10);
  });

  it("uses the exact coefficient when one is set, the shown one when it is null or missing", () => {
    // 1,000 × 1.135 = 1,135; 1,000 × 1.13 = 1,130.
    expect(possibleWin(1000, 1.13, 1.135)).toBe(1135);
    expect(possibleWin(1000, 1.13, null)).toBe(1130);
    expect(possibleWin(1000, 1.13)).toBe(1130);
  });

  it("refuses an amount that is not minor units and a coefficient of 0", () => {
    expect(() => possibleWin(-1, 1.5)).toThrow(RangeError);
    expect(() => possibleWin(1.5, 2)).toThrow(RangeError);
    expect(() => possibleWin(100, 0)).toThrow(RangeError);
  });
});

describe("compareCoefs", () => {
  it("orders coefficients of different precision exactly", () => {
    expect(compareCoefs(1.5, 1.45)).toBe(1);
    expect(compareCoefs(1.45, 1.5)).toBe(-1);
    expect(compareCoefs(2, 2)).toBe(0);
    expect(compareCoefs(1.5, 1.5)).toBe(0);
    // 0.1 + 0.2 prints as 0.30000000000000004: above 0.3.
    expect(compareCoefs(0.1 + 0.2, 0.3)).toBe(1);
  });

  it("refuses a coefficient of 0", () => {
    expect(() => compareCoefs(0, 1.5)).toThrow(RangeError);
    expect(() => compareCoefs(1.5, 0)).toThrow(RangeError);
  });
});

describe("winRatio: the possible win per unit of stake", () => {
  it("is the coefficient for a single and the product for an express", () => {
    expect(winRatio({ typeId: COUPON_TYPE.SINGLE, coefs: [1.13] })).toEqual({ numerator: 113n, denominator: 100n });
    // 1.5 × 2 = 15 × 20 / 10^2 = 300 / 100.
    expect(winRatio({ typeId: COUPON_TYPE.EXPRESS, coefs: [1.5, 2] })).toEqual({ numerator: 300n, denominator: 100n });
  });

  it("is Σ lines / lines for a system", () => {
    // 2 of 3 at 2, 3, 4: 26 / 3.
    expect(winRatio({ typeId: COUPON_TYPE.SYSTEM, coefs: [2, 3, 4], systemValue: 2 })).toEqual({ numerator: 26n, denominator: 3n });
    expect(winRatio({ typeId: COUPON_TYPE.SYSTEM_STYLE, coefs: [2, 3, 4], systemValue: 1 })).toEqual({ numerator: 9n, denominator: 3n });
  });

  it("carries the bankers in every line of a system", () => {
    // 2 of 3 at 2, 3, 4 and a banker at 1.5, at scale 1: (20·30 + 20·40 + 30·40) × 15 = 39,000
    // over 3 lines × 10^(1 × (2 + 1)) = 3,000: 13 = 26 / 3 × 1.5.
    expect(winRatio({ typeId: COUPON_TYPE.SYSTEM, coefs: [2, 3, 4], bankers: [1.5], systemValue: 2 })).toEqual({ numerator: 39_000n, denominator: 3_000n });
  });

  it("refuses a coupon of no selection and a system value outside 1..n", () => {
    expect(() => winRatio({ typeId: COUPON_TYPE.EXPRESS, coefs: [] })).toThrow(RangeError);
    expect(() => winRatio({ typeId: COUPON_TYPE.SYSTEM, coefs: [2, 3, 4], systemValue: 0 })).toThrow(RangeError);
    expect(() => winRatio({ typeId: COUPON_TYPE.SYSTEM, coefs: [2, 3, 4] })).toThrow(RangeError);
    expect(() => winRatio({ typeId: COUPON_TYPE.SYSTEM, coefs: [2, 3, 4], systemValue: 4 })).toThrow(RangeError);
    expect(() => winRatio({ typeId: COUPON_TYPE.SYSTEM, coefs: [2, 3, 4], systemValue: 1.5 })).toThrow(RangeError);
  });
});

describe("winForStake", () => {
  it("floors stake × ratio once", () => {
    // 100 × 26 / 3 = 866.67 → 866.
    expect(winForStake(100, { numerator: 26n, denominator: 3n })).toBe(866);
    expect(winForStake(100, { numerator: 113n, denominator: 100n })).toBe(113);
  });
});

describe("maxStakeForWin: the largest stake whose win stays within a limit", () => {
  it("lets the win reach the limit exactly", () => {
    // At 2: a stake of 50 wins 100, within 100; 51 would win 102.
    expect(maxStakeForWin(100, { numerator: 2n, denominator: 1n })).toBe(50);
    // At 1.13: 885 wins 1,000.05 → 1,000; 886 would win 1,001.18 → 1,001.
    expect(maxStakeForWin(1000, { numerator: 113n, denominator: 100n })).toBe(885);
  });

  it("is 0 when any stake would pass the limit", () => {
    expect(maxStakeForWin(0, { numerator: 2n, denominator: 1n })).toBe(0);
  });

  it("caps nothing for a ratio of 0 and stops at the safe integers", () => {
    expect(maxStakeForWin(1000, { numerator: 0n, denominator: 1n })).toBe(Number.MAX_SAFE_INTEGER);
    // A win of stake / 10^20 stays at 0 up to a stake of 10^20 − 1, past 2^53.
    expect(maxStakeForWin(0, { numerator: 1n, denominator: 10n ** 20n })).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("refuses a limit that is not minor units", () => {
    expect(() => maxStakeForWin(-1, { numerator: 2n, denominator: 1n })).toThrow(RangeError);
  });
});

describe("ratioToString", () => {
  it("writes the ratio with the given decimals, rounded half up", () => {
    // 26 / 3 = 8.66666…
    expect(ratioToString({ numerator: 26n, denominator: 3n })).toBe("8.6667");
    expect(ratioToString({ numerator: 26n, denominator: 3n }, 2)).toBe("8.67");
    expect(ratioToString({ numerator: 26n, denominator: 3n }, 0)).toBe("9");
    // 1 / 8 = 0.125 → 0.13.
    expect(ratioToString({ numerator: 1n, denominator: 8n }, 2)).toBe("0.13");
  });

  it("writes the leading zeros of a ratio below 1", () => {
    // 1 / 200 = 0.005.
    expect(ratioToString({ numerator: 1n, denominator: 200n })).toBe("0.0050");
    expect(ratioToString({ numerator: 1n, denominator: 200n }, 2)).toBe("0.01");
  });
});
