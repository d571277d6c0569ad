// Default minimum stake step and initial amount per currency (SPEC §9), in minor units.
//
// Columns: ISO 4217 code, minor-unit exponent (ISO 4217: KWD 3, JPY 0, most 2), an
// approximate rate in currency units per 1 USD (mid-2024, rounded), the amount step and
// the initial amount in minor units, and where the two amounts come from:
//   "spec"      — SPEC §9 gives both: RUB 100 and 150, USD 2.5 and 5, EUR 2.5 and 5;
//   "spec-step" — SPEC §9 gives the step (KWD 0.5); the initial amount follows the rule;
//   "rule"      — neither is given, so both follow the rule below.
//
// The rule: step = the ladder value nearest to USD 2.5 in the currency, initial = the
// ladder value nearest to USD 5, where the ladder is 1, 2, 2.5, 5 times a power of ten,
// "nearest" is measured on a log scale (by ratio, ties to the lower value), and only
// values that are a whole number of minor units count. This ladder reproduces the spec's
// USD and EUR values, and because no ladder gap is wider than a factor of 2 the initial
// amount is always above the step. currency-defaults.test.ts recomputes every "rule" row.
// A currency not in the table falls back to RUB (SPEC §9), whose row is FALLBACK_CURRENCY.
//
// The table stays on the server: the coupon store in the browser is seeded with the bettor's
// one row (coupon-seed.server.ts), so no page ships 130 currencies to use one.

import { type CouponCurrency, FALLBACK_CURRENCY } from "./currency";

export interface CurrencyDefaults extends CouponCurrency {
  /** Approximate currency units per 1 USD, the input of the rule. */
  readonly usdRate: number;
  readonly source: "spec" | "spec-step" | "rule";
}

type Row = readonly [iso: string, exponent: number, usdRate: number, amountStep: number, initialAmount: number, source: CurrencyDefaults["source"]];

// prettier-ignore
const ROWS: readonly Row[] = [
  ["AED", 2, 3.67, 1000, 2000, "rule"],
  ["AFN", 2, 71, 20000, 50000, "rule"],
  ["ALL", 2, 93, 25000, 50000, "rule"],
  ["AMD", 2, 388, 100000, 200000, "rule"],
  ["AOA", 2, 870, 200000, 500000, "rule"],
  ["ARS", 2, 900, 250000, 500000, "rule"],
  ["AUD", 2, 1.52, 500, 1000, "rule"],
  ["AZN", 2, 1.7, 500, 1000, "rule"],
  ["BAM", 2, 1.8, 500, 1000, "rule"],
  ["BBD", 2, 2, 500, 1000, "rule"],
  ["BDT", 2, 117, 25000, 50000, "rule"],
  ["BGN", 2, 1.8, 500, 1000, "rule"],
  ["BHD", 3, 0.376, 1000, 2000, "rule"],
  ["BIF", 0, 2870, 10000, 20000, "rule"],
  ["BND", 2, 1.35, 250, 500, "rule"],
  ["BOB", 2, 6.91, 2000, 2500, "rule"],
  ["BRL", 2, 5.4, 1000, 2500, "rule"],
  ["BSD", 2, 1, 250, 500, "rule"],
  ["BWP", 2, 13.6, 2500, 5000, "rule"],
  ["BYN", 2, 3.27, 1000, 2000, "rule"],
  ["BZD", 2, 2, 500, 1000, "rule"],
  ["CAD", 2, 1.37, 250, 500, "rule"],
  ["CDF", 2, 2800, 500000, 1000000, "rule"],
  ["CHF", 2, 0.89, 200, 500, "rule"],
  ["CLP", 0, 930, 2500, 5000, "rule"],
  ["CNY", 2, 7.25, 2000, 5000, "rule"],
  ["COP", 2, 4000, 1000000, 2000000, "rule"],
  ["CRC", 2, 520, 100000, 250000, "rule"],
  ["CUP", 2, 24, 5000, 10000, "rule"],
  ["CVE", 2, 101, 25000, 50000, "rule"],
  ["CZK", 2, 23, 5000, 10000, "rule"],
  ["DJF", 0, 178, 500, 1000, "rule"],
  ["DKK", 2, 6.9, 2000, 2500, "rule"],
  ["DOP", 2, 59, 20000, 25000, "rule"],
  ["DZD", 2, 134, 25000, 50000, "rule"],
  ["EGP", 2, 48, 10000, 25000, "rule"],
  ["ETB", 2, 57, 20000, 25000, "rule"],
  ["EUR", 2, 0.92, 250, 500, "spec"],
  ["FJD", 2, 2.25, 500, 1000, "rule"],
  ["GBP", 2, 0.79, 200, 500, "rule"],
  ["GEL", 2, 2.7, 500, 1000, "rule"],
  ["GHS", 2, 15, 5000, 10000, "rule"],
  ["GMD", 2, 68, 20000, 25000, "rule"],
  ["GNF", 0, 8600, 20000, 50000, "rule"],
  ["GTQ", 2, 7.8, 2000, 5000, "rule"],
  ["GYD", 2, 209, 50000, 100000, "rule"],
  ["HKD", 2, 7.8, 2000, 5000, "rule"],
  ["HNL", 2, 24.7, 5000, 10000, "rule"],
  ["HTG", 2, 132, 25000, 50000, "rule"],
  ["HUF", 2, 360, 100000, 200000, "rule"],
  ["IDR", 2, 16000, 5000000, 10000000, "rule"],
  ["ILS", 2, 3.7, 1000, 2000, "rule"],
  ["INR", 2, 83.5, 20000, 50000, "rule"],
  ["IQD", 3, 1310, 2500000, 5000000, "rule"],
  ["IRR", 2, 42000, 10000000, 20000000, "rule"],
  ["ISK", 0, 138, 250, 500, "rule"],
  ["JMD", 2, 156, 50000, 100000, "rule"],
  ["JOD", 3, 0.709, 2000, 5000, "rule"],
  ["JPY", 0, 150, 500, 1000, "rule"],
  ["KES", 2, 130, 25000, 50000, "rule"],
  ["KGS", 2, 87, 20000, 50000, "rule"],
  ["KHR", 2, 4100, 1000000, 2000000, "rule"],
  ["KMF", 0, 452, 1000, 2500, "rule"],
  ["KRW", 0, 1350, 2500, 5000, "rule"],
  ["KWD", 3, 0.307, 500, 2000, "spec-step"],
  ["KZT", 2, 470, 100000, 250000, "rule"],
  ["LAK", 2, 21500, 5000000, 10000000, "rule"],
  ["LBP", 2, 89500, 25000000, 50000000, "rule"],
  ["LKR", 2, 300, 100000, 200000, "rule"],
  ["LRD", 2, 194, 50000, 100000, "rule"],
  ["LSL", 2, 18.2, 5000, 10000, "rule"],
  ["LYD", 3, 4.8, 10000, 25000, "rule"],
  ["MAD", 2, 9.9, 2500, 5000, "rule"],
  ["MDL", 2, 17.7, 5000, 10000, "rule"],
  ["MGA", 2, 4500, 1000000, 2500000, "rule"],
  ["MKD", 2, 56.6, 20000, 25000, "rule"],
  ["MMK", 2, 2100, 500000, 1000000, "rule"],
  ["MNT", 2, 3400, 1000000, 2000000, "rule"],
  ["MOP", 2, 8.05, 2000, 5000, "rule"],
  ["MRU", 2, 39.6, 10000, 20000, "rule"],
  ["MUR", 2, 46, 10000, 25000, "rule"],
  ["MVR", 2, 15.4, 5000, 10000, "rule"],
  ["MWK", 2, 1730, 500000, 1000000, "rule"],
  ["MXN", 2, 18, 5000, 10000, "rule"],
  ["MYR", 2, 4.7, 1000, 2500, "rule"],
  ["MZN", 2, 63.9, 20000, 25000, "rule"],
  ["NAD", 2, 18.2, 5000, 10000, "rule"],
  ["NGN", 2, 1500, 500000, 1000000, "rule"],
  ["NIO", 2, 36.8, 10000, 20000, "rule"],
  ["NOK", 2, 10.7, 2500, 5000, "rule"],
  ["NPR", 2, 133.6, 25000, 50000, "rule"],
  ["NZD", 2, 1.65, 500, 1000, "rule"],
  ["OMR", 3, 0.385, 1000, 2000, "rule"],
  ["PAB", 2, 1, 250, 500, "rule"],
  ["PEN", 2, 3.75, 1000, 2000, "rule"],
  ["PGK", 2, 3.9, 1000, 2000, "rule"],
  ["PHP", 2, 58, 20000, 25000, "rule"],
  ["PKR", 2, 278, 50000, 100000, "rule"],
  ["PLN", 2, 3.95, 1000, 2000, "rule"],
  ["PYG", 0, 7500, 20000, 50000, "rule"],
  ["QAR", 2, 3.64, 1000, 2000, "rule"],
  ["RON", 2, 4.6, 1000, 2500, "rule"],
  ["RSD", 2, 108, 25000, 50000, "rule"],
  ["RWF", 0, 1300, 2500, 5000, "rule"],
  ["SAR", 2, 3.75, 1000, 2000, "rule"],
  ["SCR", 2, 13.6, 2500, 5000, "rule"],
  ["SDG", 2, 600, 200000, 250000, "rule"],
  ["SEK", 2, 10.6, 2500, 5000, "rule"],
  ["SGD", 2, 1.35, 250, 500, "rule"],
  ["SLE", 2, 22.5, 5000, 10000, "rule"],
  ["SOS", 2, 571, 200000, 250000, "rule"],
  ["SRD", 2, 30, 10000, 20000, "rule"],
  ["SYP", 2, 13000, 2500000, 5000000, "rule"],
  ["SZL", 2, 18.2, 5000, 10000, "rule"],
  ["THB", 2, 36, 10000, 20000, "rule"],
  ["TJS", 2, 10.7, 2500, 5000, "rule"],
  ["TMT", 2, 3.5, 1000, 2000, "rule"],
  ["TND", 3, 3.1, 10000, 20000, "rule"],
  ["TRY", 2, 32, 10000, 20000, "rule"],
  ["TTD", 2, 6.78, 2000, 2500, "rule"],
  ["TWD", 2, 32, 10000, 20000, "rule"],
  ["TZS", 2, 2600, 500000, 1000000, "rule"],
  ["UAH", 2, 41, 10000, 20000, "rule"],
  ["UGX", 0, 3750, 10000, 20000, "rule"],
  ["USD", 2, 1, 250, 500, "spec"],
  ["UYU", 2, 39, 10000, 20000, "rule"],
  ["UZS", 2, 12600, 2500000, 5000000, "rule"],
  ["VES", 2, 36.5, 10000, 20000, "rule"],
  ["VND", 0, 25000, 50000, 100000, "rule"],
  ["XAF", 0, 605, 2000, 2500, "rule"],
  ["XCD", 2, 2.7, 500, 1000, "rule"],
  ["XOF", 0, 605, 2000, 2500, "rule"],
  ["XPF", 0, 110, 250, 500, "rule"],
  ["YER", 2, 250, 50000, 100000, "rule"],
  ["ZAR", 2, 18.2, 5000, 10000, "rule"],
  ["ZMW", 2, 26, 5000, 10000, "rule"],
];

const RUB: CurrencyDefaults = { ...FALLBACK_CURRENCY, usdRate: 90, source: "spec" };

export const CURRENCY_DEFAULTS: ReadonlyMap<string, CurrencyDefaults> = new Map([
  ...ROWS.map(([iso, exponent, usdRate, amountStep, initialAmount, source]): [string, CurrencyDefaults] => [
    iso,
    { iso, exponent, usdRate, amountStep, initialAmount, source },
  ]),
  [RUB.iso, RUB],
]);

/** The ladder: 1, 2, 2.5, 5 times a power of ten. */
const LADDER_MANTISSAS = [1, 2, 2.5, 5] as const;

/**
 * The rule of the table: the ladder value nearest (by ratio, ties to the lower) to
 * `value` currency units that is a whole number of minor units, returned in minor units.
 */
export function nearestLadderAmount(value: number, exponent: number): number {
  let best = { distance: Number.POSITIVE_INFINITY, minor: 0 };
  for (let power = -exponent; power <= 15; power += 1) {
    for (const mantissa of LADDER_MANTISSAS) {
      // minor units of mantissa × 10^power, kept integral: 2.5 × 10^power needs power ≥ 1 − exponent
      const minor = mantissa * 10 ** (power + exponent);
      if (!Number.isInteger(minor) || minor < 1) continue;
      const distance = Math.abs(Math.log(minor / 10 ** exponent / value));
      if (distance < best.distance - 1e-12) best = { distance, minor };
    }
  }
  return best.minor;
}

/** The defaults of a currency, or RUB's for a currency the table does not know. */
export function currencyDefaults(iso: string): CurrencyDefaults {
  return CURRENCY_DEFAULTS.get(iso.toUpperCase()) ?? RUB;
}

/** The row the coupon store in the browser is seeded with: what the coupon uses of it. */
export function couponCurrency(iso: string): CouponCurrency {
  const { iso: known, exponent, amountStep, initialAmount } = currencyDefaults(iso);
  return { iso: known, exponent, amountStep, initialAmount };
}
