// The coupon to submit (SPEC §3) built from the coupon and its settings, or the reasons
// it cannot be placed. Bet placement (a later issue) sends the result to the platform.

import { COUPON_TYPE } from "./constants";
import { couponCoef } from "./coupon";
import { formatOdds, oddsFormatForCoefViewId } from "./math";
import { type Coupon, type CouponConfig, type CouponSettings, type CouponToSubmit, getBetId } from "./model";
import { couponToSubmitSchema } from "./schemas";
import { type CouponRefusal, couponPlacementRefusals } from "./rules";

export interface CouponToSubmitContext {
  /** Idempotency key of this submission (retries reuse it, so no bet is placed twice). */
  readonly id: string;
  readonly userId: number;
  readonly refId: number;
  /** The bettor's coefficient view (global user settings). */
  readonly coefViewId: number;
  readonly config: CouponConfig;
  readonly isBonusAccount: boolean;
}

export type SubmitRefusal = CouponRefusal | { readonly reason: "account-not-selected" };

export type BuildCouponToSubmitResult =
  | { readonly ok: true; readonly coupon: CouponToSubmit }
  | { readonly ok: false; readonly refusals: SubmitRefusal[] };

export function buildCouponToSubmit(
  coupon: Coupon,
  settings: CouponSettings,
  context: CouponToSubmitContext,
): BuildCouponToSubmitResult {
  const refusals: SubmitRefusal[] = couponPlacementRefusals(coupon, context);
  if (coupon.accountId === null) refusals.push({ reason: "account-not-selected" });
  if (refusals.length > 0 || coupon.accountId === null) return { ok: false, refusals };

  const isMultipleSingles = coupon.typeId === COUPON_TYPE.MULTIPLE_SINGLES;
  const coef = couponCoef(coupon, context.config);
  return {
    ok: true,
    coupon: couponToSubmitSchema.parse({
      id: context.id,
      accountId: coupon.accountId,
      amount: coupon.amount,
      amountByBlockId: coupon.amountByBlockId,
      bets: coupon.bets.map((bet) => ({
        marketId: getBetId(bet),
        gameId: bet.market.gameId,
        marketTypeId: bet.market.typeId,
        kind: bet.market.kind,
        coef: bet.market.coef,
        blockId: bet.blockId,
        ...(isMultipleSingles ? { amount: coupon.amountByBetId[getBetId(bet)] ?? coupon.amount } : {}),
      })),
      changeCoefAction: settings.changeCoefAction,
      coef,
      coefByView: coef > 0 ? formatOdds(coef, oddsFormatForCoefViewId(context.coefViewId)) : "",
      coefViewId: context.coefViewId,
      exactCoef: settings.exactCoef,
      isDropOnScoreChange: settings.isDropOnScoreChange,
      // prepaid money covers the stake first, up to what is available
      prepaidAmount: Math.min(coupon.availablePrepaidAmount, coupon.amount),
      refId: context.refId,
      systemValue: coupon.systemValue,
      typeId: coupon.typeId,
      userId: context.userId,
      hyperBonusPercent: coupon.hyperBonusPercent,
      minHyperBonusBetLimit: coupon.minHyperBonusBetLimit,
      maxHyperBonusLimit: coupon.maxHyperBonusLimit,
    }),
  };
}
