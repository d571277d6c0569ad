// Exact decimal arithmetic for odds and money.
//
// Odds arrive as JavaScript numbers such as 1.1, which in binary floating point are
// not exactly 1.1; multiplying and flooring to a minor unit can lose one unit
// (100 * 1.13 = 112.99999999999999 in floating point, floored to 112 instead of 113).
// Here each number is read as the shortest decimal that prints it ("1.1"), which is the
// value the platform meant, and the maths runs on BigInt integers, so products and
// floors are exact. Results go back to Number only at the end.

/** value = units × 10^-scale, with units ≥ 0 and scale ≥ 0. */
export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

const NUMBER_TEXT = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

export const TEN = 10n;

export function pow10(exponent: number): bigint {
  return TEN ** BigInt(exponent);
}

/** The exact decimal a finite, non-negative number prints as. */
export function decimalFromNumber(value: number): Decimal {
  if (!Number.isFinite(value) || value < 0) {
    throw new RangeError(`expected a finite non-negative number, got ${value}`);
  }
  const match = NUMBER_TEXT.exec(value.toString());
  if (!match) throw new RangeError(`cannot read ${value} as a decimal`);
  const [, whole = "0", fraction = "", exponentText = "0"] = match;
  const scale = fraction.length - Number(exponentText);
  const units = BigInt(whole + fraction);
  return scale >= 0 ? { units, scale } : { units: units * pow10(-scale), scale: 0 };
}

/** Re-expresses a decimal at a larger (or equal) scale. */
export function atScale(value: Decimal, scale: number): bigint {
  if (scale < value.scale) throw new RangeError("cannot lower the scale exactly");
  return value.units * pow10(scale - value.scale);
}

/** The common scale of several decimals, so they can be added or compared as integers. */
export function commonScale(values: readonly Decimal[]): number {
  let scale = 0;
  for (const value of values) if (value.scale > scale) scale = value.scale;
  return scale;
}

export function multiplyDecimals(values: readonly Decimal[]): Decimal {
  let units = 1n;
  let scale = 0;
  for (const value of values) {
    units *= value.units;
    scale += value.scale;
  }
  return { units, scale };
}

/** The nearest Number to an exact decimal (correctly rounded by the number parser). */
export function decimalToNumber(value: Decimal): number {
  return Number(decimalToString(value));
}

/** The decimal in plain positional notation, without trailing zeros. */
export function decimalToString(value: Decimal): string {
  const digits = value.units.toString();
  if (value.scale === 0) return digits;
  const padded = digits.padStart(value.scale + 1, "0");
  const whole = padded.slice(0, padded.length - value.scale);
  const fraction = padded.slice(padded.length - value.scale).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

/** floor(numerator / denominator) for non-negative numerator and positive denominator. */
export function floorDivide(numerator: bigint, denominator: bigint): bigint {
  return numerator / denominator;
}

/** round(numerator / denominator), halves away from zero, for non-negative operands. */
export function roundDivide(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

export function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/**
 * A non-negative rational numerator/denominator written with `places` decimals,
 * rounded half away from zero.
 */
export function formatRational(numerator: bigint, denominator: bigint, places: number): string {
  const scaled = roundDivide(numerator * pow10(places), denominator);
  return decimalToFixed({ units: scaled, scale: places }, places);
}

/** The decimal written with exactly `places` decimals (it must not need more). */
export function decimalToFixed(value: Decimal, places: number): string {
  const units = places >= value.scale ? value.units * pow10(places - value.scale) : roundDivide(value.units, pow10(value.scale - places));
  const digits = units.toString().padStart(places + 1, "0");
  if (places === 0) return digits;
  return `${digits.slice(0, digits.length - places)}.${digits.slice(digits.length - places)}`;
}
