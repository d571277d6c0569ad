// The bettor's currency as the coupon uses it in the browser: one row of the currency table
// (currency-defaults.ts), which the server looks up and seeds the coupon store with, so the
// table of every currency stays on the server.

import { FALLBACK_CURRENCY_ISO } from "./constants";
import type { CouponSettings } from "./model";

export interface CouponCurrency {
  readonly iso: string;
  /** Minor-unit exponent: 1 unit = 10^exponent minor units. */
  readonly exponent: number;
  /** Default minimum stake step, minor units. */
  readonly amountStep: number;
  /** Default initial amount, minor units. */
  readonly initialAmount: number;
}

/** RUB, the currency of a coupon the server has not seeded and of unknown currencies (SPEC §9: RUB 100 and 150). */
export const FALLBACK_CURRENCY: CouponCurrency = Object.freeze({ iso: FALLBACK_CURRENCY_ISO, exponent: 2, amountStep: 10_000, initialAmount: 15_000 });

/** The amount step a bettor uses: their own for the currency when they set one by hand, else the default. */
export function amountStepFor(
  currency: CouponCurrency,
  settings: Pick<CouponSettings, "isManualAmountStep" | "amountStepByCurrencyIso">,
): number {
  const own = settings.isManualAmountStep ? settings.amountStepByCurrencyIso[currency.iso] : undefined;
  return own ?? currency.amountStep;
}

/**
 * The stake a coupon starts with: the currency's initial amount (SPEC §9), but never more than
 * the bettor can spend (issue 34: a balance of 0 or 64 does not start a stake of 150).
 * `available` is null when unknown (a guest, the balance not read).
 */
export function startingStake(currency: Pick<CouponCurrency, "initialAmount">, available: number | null | undefined): number {
  if (available === null || available === undefined) return currency.initialAmount;
  return Math.max(0, Math.min(currency.initialAmount, available));
}
