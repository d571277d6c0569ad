// One-click betting (issue 14, SPEC §3/§4): when a signed-in bettor has it on and the site's
// `features.oneClickBet` flag allows it, a click on a coefficient places a single at once with
// the one-click stake instead of adding the outcome to the coupon. Pure: no React, no platform.

import { minorToInput } from "./amount-input";
import { COUPON_TYPE } from "./constants";
import { exactCoefText } from "./exact-coef";
import type { CouponCurrency } from "./currency";
import type { CouponBet, CouponConfig, CouponSettings } from "./model";
import { type PlaceSelection, encodeSelections } from "./place";

/**
 * The stake a click on a coefficient places now, in minor units, or null when the click adds
 * the outcome to the coupon as before (guest, flag off, one-click off). The bonus account has
 * its own one-click stake (bonusAccountOneClickAmount); without it both use oneClickAmount,
 * and without that the currency's initial stake, which is what the settings field shows.
 */
export function oneClickStake(input: {
  settings: Pick<CouponSettings, "isActiveOneClick" | "oneClickAmount" | "bonusAccountOneClickAmount">;
  config: Pick<CouponConfig, "isOneClickEnabled">;
  isSignedIn: boolean;
  isBonusAccount: boolean;
  currency: Pick<CouponCurrency, "initialAmount">;
}): number | null {
  const { settings, config } = input;
  if (!config.isOneClickEnabled || !input.isSignedIn || !settings.isActiveOneClick) return null;
  const own = input.isBonusAccount ? (settings.bonusAccountOneClickAmount ?? settings.oneClickAmount) : settings.oneClickAmount;
  return own ?? input.currency.initialAmount;
}

/**
 * The selection a one-click single carries: the outcome at the coefficient the bettor saw. Null
 * for a bet whose id is not an outcome id (the place form carries only those), which then goes
 * to the coupon as before.
 */
export function oneClickSelection(bet: Pick<CouponBet, "market">): PlaceSelection | null {
  if (!/^\d{1,12}$/.test(bet.market.id)) return null;
  return { outcomeId: Number(bet.market.id), coef: bet.market.coef, isLive: bet.market.isLive, isBanker: false };
}

/** What one click asks the place action for: one selection at the coefficient the bettor saw. */
export interface OneClickRequest {
  key: string;
  /** The bet the bettor clicked: a refusal names it and can put it in the coupon instead. */
  bet: CouponBet;
  selection: PlaceSelection;
  amount: number;
  currency: Pick<CouponCurrency, "exponent">;
  changeCoefAction: number;
  /** The bettor's exact coefficient (the least accepted) and drop-on-score-change, as the coupon sends them. */
  exactCoef: number | null;
  isDropOnScoreChange: boolean;
  returnTo: string;
}

/** The place form's fields (app/coupon/place-form.ts placeFormSchema) for a one-click single. */
export function oneClickPlaceFields(request: OneClickRequest): Record<string, string> {
  return {
    key: request.key,
    intent: "place",
    typeId: String(COUPON_TYPE.SINGLE),
    amount: minorToInput(request.amount, request.currency.exponent),
    changeCoefAction: String(request.changeCoefAction),
    exactCoef: exactCoefText(request.exactCoef),
    dropOnScoreChange: request.isDropOnScoreChange ? "1" : "0",
    bets: encodeSelections([request.selection]),
    returnTo: request.returnTo,
    js: "1",
  };
}
