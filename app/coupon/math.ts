// Coupon maths: accumulator coefficient, system returns, possible win (betting-math/), odds
// formats and the system options of a coupon. Money is integer minor units; odds are decimals.

import { binomial, readStake } from "../../betting-math/coupon-math";
import { MIN_SYSTEM_VALUE } from "./constants";
import type { SystemOption } from "./model";

// The maths moved to betting-math/ so the platform pays what the coupon shows; this module
// keeps the coupon's public API.
export { binomial, expressCoef, possibleWin, systemReturn } from "../../betting-math/coupon-math";
export type { SystemReturn, SystemReturnInput } from "../../betting-math/coupon-math";
export { formatOdds, ODDS_FORMATS, oddsFormatForCoefViewId, coefViewIdForOddsFormat } from "./odds-format";
export type { OddsFormat } from "./odds-format";

export interface SystemOptionsInput {
  /** Selections the system combines (bankers excluded). */
  readonly betCount: number;
  /** Bankers every line carries. */
  readonly bankerCount?: number;
  /** The minimum stake of one line, in minor units. */
  readonly minLineAmount: number;
}

/**
 * The choices of a coupon's system selector: one per value from 2 to n − 1 (n of n is
 * the express). combo is the number of lines C(n, value); offset is the number of
 * bankers added to every line; minBetAmount is the least whole stake, combo × the
 * minimum stake of a line. Fewer than 3 selections give no system.
 */
export function systemOptions(input: SystemOptionsInput): SystemOption[] {
  const { betCount, bankerCount = 0, minLineAmount } = input;
  readStake(minLineAmount, "minLineAmount");
  const options: SystemOption[] = [];
  for (let value = MIN_SYSTEM_VALUE; value < betCount; value += 1) {
    const combo = Number(binomial(betCount, value));
    options.push({ value, offset: bankerCount, combo, minBetAmount: combo * minLineAmount });
  }
  return options;
}
