// The six coefficient display formats of SPEC §5. Odds are computed and stored as
// decimals; a format is applied only when a price is shown (DESIGN "Known pitfalls").
//
// Edge cases decided here:
// - decimal odds show two decimals ("2.00"), or three when the third is not zero ("1.125");
// - below 1.01 (the lowest price a bookmaker offers; a voided bet settles at 1.00) the
//   converted formats are undefined (1.00) or unbounded (american −100/(d−1)), so every
//   format shows the decimal price as it is;
// - a value that is not a price at all (NaN, infinite, below 1) shows "—";
// - 2.00 is +100 american, 1/1 fractional, 1.00 in the three Asian formats;
// - very long odds keep their magnitude: american +99900 for 1000.00, fractional 999/1,
//   and beyond the ladder's top (1000/1) the fraction is the whole number N/1;
// - malay and indonesian use two decimals; a malay value that would round to 0.00
//   (odds above 201) gets up to four decimals so it never reads as zero.

import { MIN_DISPLAYABLE_ODDS, NO_ODDS_PLACEHOLDER } from "./constants";
import { type Decimal, decimalFromNumber, decimalToFixed, formatRational, gcd, pow10, roundDivide } from "../../betting-math/decimal";

export const ODDS_FORMATS = ["decimal", "american", "fractional", "hongkong", "malay", "indonesian"] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];

/**
 * The coefficient view id of the global user settings (SPEC §3 coefViewId) mapped to a
 * format. SPEC lists the six formats without ids; this order (the order of SPEC §5) is ours.
 */
export function oddsFormatForCoefViewId(coefViewId: number): OddsFormat {
  return ODDS_FORMATS[coefViewId] ?? "decimal";
}

export function coefViewIdForOddsFormat(format: OddsFormat): number {
  return ODDS_FORMATS.indexOf(format);
}

/**
 * The standard fractional ladder used by UK bookmakers, written in lowest terms
 * (4/6 is 2/3, 6/4 is 3/2). A price whose exact fraction is not simple shows as the
 * nearest of these.
 */
export const FRACTIONAL_LADDER: readonly (readonly [number, number])[] = [
  [1, 100], [1, 66], [1, 50], [1, 40], [1, 33], [1, 25], [1, 20], [1, 16], [1, 14], [1, 12],
  [1, 10], [1, 9], [1, 8], [2, 15], [1, 7], [2, 13], [1, 6], [2, 11], [1, 5], [2, 9],
  [1, 4], [2, 7], [3, 10], [1, 3], [4, 11], [2, 5], [4, 9], [1, 2], [8, 15], [4, 7],
  [8, 13], [2, 3], [8, 11], [4, 5], [5, 6], [10, 11], [1, 1], [21, 20], [11, 10], [6, 5],
  [5, 4], [11, 8], [3, 2], [13, 8], [7, 4], [15, 8], [2, 1], [9, 4], [5, 2], [11, 4],
  [3, 1], [10, 3], [7, 2], [4, 1], [9, 2], [5, 1], [11, 2], [6, 1], [13, 2], [7, 1],
  [15, 2], [8, 1], [17, 2], [9, 1], [10, 1], [11, 1], [12, 1], [14, 1], [16, 1], [18, 1],
  [20, 1], [22, 1], [25, 1], [28, 1], [33, 1], [40, 1], [50, 1], [66, 1], [80, 1], [100, 1],
  [125, 1], [150, 1], [200, 1], [250, 1], [300, 1], [400, 1], [500, 1], [750, 1], [1000, 1],
];

/** A fraction is simple when its lowest-terms denominator is at most 10 (3/2, 7/10, 1/8). */
const SIMPLE_FRACTION_MAX_DENOMINATOR = 10n;

export function formatOdds(decimal: number, format: OddsFormat): string {
  if (!Number.isFinite(decimal) || decimal < 1) return NO_ODDS_PLACEHOLDER;
  const odds = decimalFromNumber(decimal);
  if (decimal < MIN_DISPLAYABLE_ODDS || format === "decimal") return formatDecimalPlaces(odds);

  // profit per unit staked, exactly: (units − 10^scale) / 10^scale
  const one = pow10(odds.scale);
  const profit = odds.units - one;
  switch (format) {
    case "american":
      return profit >= one ? `+${roundDivide(profit * 100n, one)}` : `-${roundDivide(100n * one, profit)}`;
    case "hongkong":
      return formatDecimalPlaces({ units: profit, scale: odds.scale });
    case "malay":
      return profit <= one ? formatRational(profit, one, 2) : `-${formatSmallRational(one, profit)}`;
    case "indonesian":
      return profit >= one ? formatRational(profit, one, 2) : `-${formatRational(one, profit, 2)}`;
    case "fractional":
      return formatFraction(profit, one);
  }
}

/** Two decimals, or three when the third is not zero (the precision odds are quoted in). */
function formatDecimalPlaces(value: Decimal): string {
  const three = decimalToFixed(value, 3);
  return three.endsWith("0") ? three.slice(0, -1) : three;
}

/** Two decimals, widened to at most four when two would print a non-zero value as 0.00. */
function formatSmallRational(numerator: bigint, denominator: bigint): string {
  const two = formatRational(numerator, denominator, 2);
  if (two !== "0.00" || numerator === 0n) return two;
  return formatRational(numerator, denominator, 4).replace(/0{1,2}$/, "");
}

function formatFraction(numerator: bigint, denominator: bigint): string {
  const divisor = gcd(numerator, denominator);
  const top = numerator / divisor;
  const bottom = denominator / divisor;
  if (bottom <= SIMPLE_FRACTION_MAX_DENOMINATOR || isOnLadder(top, bottom)) return `${top}/${bottom}`;
  const [ladderTop] = FRACTIONAL_LADDER[FRACTIONAL_LADDER.length - 1] ?? [1000, 1];
  if (top > BigInt(ladderTop) * bottom) return `${roundDivide(top, bottom)}/1`;
  const [nearestTop, nearestBottom] = nearestLadderEntry(top, bottom);
  return `${nearestTop}/${nearestBottom}`;
}

function isOnLadder(top: bigint, bottom: bigint): boolean {
  return FRACTIONAL_LADDER.some(([n, d]) => BigInt(n) === top && BigInt(d) === bottom);
}

/** The ladder entry nearest to top/bottom; on a tie the shorter price wins. */
function nearestLadderEntry(top: bigint, bottom: bigint): readonly [number, number] {
  let best = FRACTIONAL_LADDER[0] ?? ([1, 100] as const);
  // distance |n/d − top/bottom| compared as |n·bottom − top·d| / (d·bottom)
  let bestNumerator = -1n;
  let bestDenominator = 1n;
  for (const entry of FRACTIONAL_LADDER) {
    const [n, d] = entry;
    const difference = BigInt(n) * bottom - top * BigInt(d);
    const distance = difference < 0n ? -difference : difference;
    const scale = BigInt(d) * bottom;
    if (bestNumerator < 0n || distance * bestDenominator < bestNumerator * scale) {
      best = entry;
      bestNumerator = distance;
      bestDenominator = scale;
    }
  }
  return best;
}
