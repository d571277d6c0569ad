// The bet API's body of a placement (docs/BETS-API.md "Coupon to submit"), built alike by the
// place action and by the auto-max stake the server asks for without JavaScript. Pure.

import type { PlaceBody } from "~/services/bets.server";
import { COUPON_TYPE } from "./constants";
import type { PlaceSelection } from "./place";
import type { PlaceSettings } from "./place-form";

/** A placement as the bet API reads it: the site's PlaceBody with the settings and the promo code (docs/BETS-API.md). */
export type PlaceRequest = PlaceBody & { exactCoef?: number; isDropOnScoreChange?: boolean; promoCode?: string };

/** The bet API's body for a coupon, its settings and its promo code; `amount` null asks for none (auto-max). */
export function placeRequest(input: {
  accountId: number;
  typeId: number;
  systemValue: number | null;
  selections: readonly PlaceSelection[];
  amount: number | null;
  settings: PlaceSettings;
  vipBet: boolean;
  bonusBet: boolean;
  promoCode: string;
}): PlaceRequest {
  const { typeId, amount, settings } = input;
  const isSingles = typeId === COUPON_TYPE.MULTIPLE_SINGLES;
  const staked = amount !== null && amount > 0;
  return {
    accountId: input.accountId,
    typeId,
    ...(isSingles || !staked ? {} : { amount }),
    ...(typeId === COUPON_TYPE.SYSTEM ? { systemValue: input.systemValue ?? 2 } : {}),
    bets: input.selections.map((s) => ({
      outcomeId: s.outcomeId,
      coef: s.coef,
      isLive: s.isLive,
      ...(typeId === COUPON_TYPE.SYSTEM && s.isBanker ? { isBanker: true } : {}),
      ...(isSingles && staked ? { amount } : {}),
    })),
    changeCoefAction: settings.changeCoefAction,
    ...(settings.exactCoef !== null ? { exactCoef: settings.exactCoef } : {}),
    ...(settings.isDropOnScoreChange ? { isDropOnScoreChange: true } : {}),
    ...(input.bonusBet && typeId === COUPON_TYPE.EXPRESS ? { isBonusBet: true } : {}),
    ...(input.vipBet ? { isVipBet: true } : {}),
    ...(input.promoCode ? { promoCode: input.promoCode } : {}),
  };
}
