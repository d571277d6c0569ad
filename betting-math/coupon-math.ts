// Coupon maths shared by the site (the coupon's preview) and the platform (acceptance, limits):
// accumulator coefficient, system returns, possible win. Money is integer minor units; odds are
// decimals.
//
// Precision: every odds value is read as the decimal it prints as ("1.13") and all
// products, sums and divisions run exactly on BigInt (see decimal.ts); the only rounding
// is the final floor to a minor unit, as SPEC §5 possible win requires. Returned money is
// exact while it stays below Number.MAX_SAFE_INTEGER (9·10^15 minor units), far above any
// stake or payout limit.

import { type CombinedCouponTypeId, isSystemType } from "./coupon-types";
import { type Decimal, atScale, commonScale, decimalFromNumber, decimalToNumber, floorDivide, multiplyDecimals, pow10 } from "./decimal";

/** A coefficient as an exact decimal; refuses anything that is not a positive finite number. */
export function readCoef(coef: number): Decimal {
  if (!Number.isFinite(coef) || coef <= 0) throw new RangeError(`a coefficient must be a positive finite number, got ${coef}`);
  return decimalFromNumber(coef);
}

/** An amount of minor units as BigInt; refuses fractions, negatives and unsafe integers. */
export function readStake(stake: number, name = "stake"): bigint {
  if (!Number.isSafeInteger(stake) || stake < 0) {
    throw new RangeError(`${name} must be a non-negative integer number of minor units, got ${stake}`);
  }
  return BigInt(stake);
}

/** The accumulator (express) coefficient: the product of the coefficients; 1 for none. */
export function expressCoef(coefs: readonly number[]): number {
  return decimalToNumber(multiplyDecimals(coefs.map(readCoef)));
}

/** n choose k, exactly. */
export function binomial(n: number, k: number): bigint {
  if (!Number.isInteger(n) || !Number.isInteger(k) || k < 0 || n < 0 || k > n) return 0n;
  const r = Math.min(k, n - k);
  let result = 1n;
  for (let i = 1; i <= r; i += 1) result = (result * BigInt(n - r + i)) / BigInt(i);
  return result;
}

/**
 * e_0..e_size of `values`: e_j is the sum of the products of every j of them (the elementary
 * symmetric polynomials), by the recurrence e_j ← e_j + v·e_(j−1) in O(n·size), so a system of
 * 10 of 20 (184,756 lines) never lists a line. Shared by the preview and the settlement.
 */
export function elementarySymmetric(values: readonly bigint[], size: number): bigint[] {
  const e: bigint[] = new Array<bigint>(size + 1).fill(0n);
  e[0] = 1n;
  values.forEach((value, index) => {
    for (let j = Math.min(index + 1, size); j >= 1; j -= 1) e[j] = (e[j] ?? 0n) + (e[j - 1] ?? 0n) * value;
  });
  return e;
}

export interface SystemReturnInput {
  /** The coefficients the system combines (bankers excluded). */
  readonly coefs: readonly number[];
  /** Selections per line: the "k" of "k of n". */
  readonly size: number;
  /** Banker coefficients: every line includes all of them. */
  readonly bankers?: readonly number[];
  /** The whole stake, in minor units. */
  readonly stake: number;
}

export interface SystemReturn {
  /** C(n, size). */
  readonly lines: number;
  /** stake / lines, exact (it may be a fraction of a minor unit). */
  readonly stakePerLine: number;
  /** Return when only the `size` lowest selections (and every banker) win: one line. */
  readonly minWin: number;
  /** Return when every selection wins: all lines. */
  readonly maxWin: number;
}

/**
 * A system "size of n". All lines winning pays stakePerLine × Π(bankers) × e_size(coefs);
 * the minimum win (SPEC §5, by combinatorics) is the one line of the `size` lowest coefficients.
 */
export function systemReturn(input: SystemReturnInput): SystemReturn {
  const { coefs, size, bankers = [], stake } = input;
  const n = coefs.length;
  if (n === 0) throw new RangeError("a system needs at least one coefficient");
  if (!Number.isInteger(size) || size < 1 || size > n) throw new RangeError(`size must be an integer from 1 to ${n}, got ${size}`);
  const stakeUnits = readStake(stake);

  const selections = coefs.map(readCoef);
  const bankerDecimals = bankers.map(readCoef);
  const scale = commonScale([...selections, ...bankerDecimals]);
  const scaled = selections.map((coef) => atScale(coef, scale));

  const e = elementarySymmetric(scaled, size);
  const lowest = [...scaled].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).slice(0, size);
  const lowestLine = lowest.reduce((product, coef) => product * coef, 1n);
  const bankerProduct = bankerDecimals.reduce((product, coef) => product * atScale(coef, scale), 1n);

  const lines = binomial(n, size);
  // every line product carries size + bankers factors, each scaled by 10^scale
  const denominator = lines * pow10(scale * (size + bankerDecimals.length));
  const numerator = stakeUnits * bankerProduct;
  return {
    lines: Number(lines),
    stakePerLine: stake / Number(lines),
    minWin: Number(floorDivide(numerator * lowestLine, denominator)),
    maxWin: Number(floorDivide(numerator * (e[size] ?? 0n), denominator)),
  };
}

/**
 * Possible win (SPEC §5): amount × (exact coef if set, else coef), floored to a minor
 * unit. An exact coef of null or undefined is "not set".
 */
export function possibleWin(amount: number, coef: number, exactCoef?: number | null): number {
  const stakeUnits = readStake(amount, "amount");
  const price = readCoef(exactCoef ?? coef);
  return Number(floorDivide(stakeUnits * price.units, pow10(price.scale)));
}

/** Compares two coefficients exactly: negative when a < b, 0 when equal, positive when a > b. */
export function compareCoefs(a: number, b: number): number {
  const x = readCoef(a);
  const y = readCoef(b);
  const scale = Math.max(x.scale, y.scale);
  const d = atScale(x, scale) - atScale(y, scale);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/** A coupon's shape for its possible win: coefficients of the combined selections and bankers. */
export interface CouponShape {
  readonly typeId: CombinedCouponTypeId;
  readonly coefs: readonly number[];
  readonly bankers?: readonly number[];
  readonly systemValue?: number;
}

/** An exact fraction numerator / denominator (denominator > 0). */
export interface Ratio {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

/**
 * The possible win per unit of stake when every selection wins, exactly: the coefficient for a
 * single, their product for an express, Σ lines / lines for a system (bankers in every line).
 */
export function winRatio(shape: CouponShape): Ratio {
  const all = [...shape.coefs, ...(shape.bankers ?? [])].map(readCoef);
  const scale = commonScale(all);
  const scaled = shape.coefs.map((c) => atScale(readCoef(c), scale));
  const bankerProduct = (shape.bankers ?? []).reduce((p, c) => p * atScale(readCoef(c), scale), 1n);
  const n = scaled.length;
  if (n === 0) throw new RangeError("a coupon has at least one selection");
  const size = isSystemType(shape.typeId) ? (shape.systemValue ?? 0) : n;
  if (!Number.isInteger(size) || size < 1 || size > n) throw new RangeError(`system value must be from 1 to ${n}, got ${shape.systemValue}`);
  const e = elementarySymmetric(scaled, size);
  const bankers = shape.bankers?.length ?? 0;
  return { numerator: (e[size] ?? 0n) * bankerProduct, denominator: binomial(n, size) * pow10(scale * (size + bankers)) };
}

/** floor(stake × ratio): the possible win of a stake. */
export function winForStake(stake: number, ratio: Ratio): number {
  return Number(floorDivide(readStake(stake) * ratio.numerator, ratio.denominator));
}

/** The largest stake whose possible win (floored) stays within `limit`; 0 when none does. */
export function maxStakeForWin(limit: number, ratio: Ratio): number {
  const cap = readStake(limit, "limit");
  if (ratio.numerator === 0n) return Number.MAX_SAFE_INTEGER;
  // floor(s·n/d) ≤ L  ⇔  s·n < (L+1)·d  ⇔  s ≤ ((L+1)·d − 1) / n
  const stake = ((cap + 1n) * ratio.denominator - 1n) / ratio.numerator;
  return stake > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(stake);
}

/** The ratio as a decimal string with `places` decimals, rounded half up (for display and records). */
export function ratioToString(ratio: Ratio, places = 4): string {
  const scaled = (ratio.numerator * pow10(places) * 2n + ratio.denominator) / (2n * ratio.denominator);
  const digits = scaled.toString().padStart(places + 1, "0");
  return places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
}
