import { winForStake, winRatio } from "./coupon-math";
import { COUPON_TYPE } from "./coupon-types";
import { type CouponSettlement, type CouponToSettle, couponStatusOf, settleCoupon } from "./settlement";
import { SELECTION_STATUS } from "./status";

/**
 * The bonus bet of SPEC §4 ("Bet rules"): an express of at least 3 selections, each at least 1.1
 * and none of market kind 7, with a total of at least 1.01, is paid its winnings times a bonus
 * coefficient: 1 + n/100 for n = 1…9 selections, 1.1 beyond. The site offers it and shows it in
 * the coupon's coefficient; the platform checks the same rules and pays it (decision 034).
 */
export const BONUS_BET = {
  MIN_BETS: 3,
  MIN_BET_COEF: 1.1,
  EXCLUDED_MARKET_KIND: 7,
  MIN_TOTAL_COEF: 1.01,
  /** 1 + n/100 for 1 to 9 bets ... */
  MAX_STEPPED_BET_COUNT: 9,
  /** ... otherwise 1.1. */
  COEF_BEYOND_STEPS: 1.1,
} as const;

/** The bonus coefficient in hundredths (exact): 101…109, then 110. */
export function bonusBetCoefHundredths(betCount: number): number {
  return betCount >= 1 && betCount <= BONUS_BET.MAX_STEPPED_BET_COUNT ? 100 + betCount : Math.round(BONUS_BET.COEF_BEYOND_STEPS * 100);
}

/** The bonus coefficient: 1 × (1 + n/100) for 1 to 9 bets, otherwise 1.1. */
export function bonusBetCoef(betCount: number): number {
  return bonusBetCoefHundredths(betCount) / 100;
}

export type BonusBetShapeRefusal = "not-express" | "too-few-bets" | "total-coef-too-low" | "bet-coef-too-low" | "market-kind-excluded";

/**
 * Whether an express's selections qualify (coefficients in hundredths, so the check is exact);
 * null when they do. The config switch and "deleted by the bettor" are the caller's.
 */
export function bonusBetShapeRefusal(shape: { isExpress: boolean; coefs: readonly number[]; marketKinds: readonly number[] }): BonusBetShapeRefusal | null {
  if (!shape.isExpress) return "not-express";
  if (shape.coefs.length < BONUS_BET.MIN_BETS) return "too-few-bets";
  // The total in hundredths to the power n, compared without rounding.
  const total = shape.coefs.reduce((p, c) => p * BigInt(c), 1n);
  if (total * 100n < BigInt(Math.round(BONUS_BET.MIN_TOTAL_COEF * 100)) * 100n ** BigInt(shape.coefs.length)) return "total-coef-too-low";
  if (shape.coefs.some((c) => c < Math.round(BONUS_BET.MIN_BET_COEF * 100))) return "bet-coef-too-low";
  if (shape.marketKinds.some((k) => k === BONUS_BET.EXCLUDED_MARKET_KIND)) return "market-kind-excluded";
  return null;
}

/**
 * The settlement of a coupon placed as the bonus bet (decision 034): when every selection won,
 * stake × the coupon's coefficient × the bonus coefficient, floored once — the possible win the
 * bettor was shown at placement; a return or a half outcome loses the bonus and the plain
 * settlement pays. (Multiplying the already floored payout could pay a unit or two less.)
 */
export function settleBonusBet(coupon: CouponToSettle, bonusCoefHundredths: number): CouponSettlement {
  const plain = settleCoupon(coupon);
  const all = [...coupon.selections, ...(coupon.bankers ?? [])];
  if (plain.state !== "settled" || !all.every((s) => s.statusId === SELECTION_STATUS.win)) return plain;
  const ratio = winRatio({
    typeId: coupon.typeId === COUPON_TYPE.MULTIPLE_SINGLES ? COUPON_TYPE.SINGLE : coupon.typeId,
    coefs: coupon.selections.map((s) => s.coef),
    bankers: coupon.bankers?.map((s) => s.coef),
    systemValue: coupon.systemValue,
  });
  const payout = winForStake(coupon.stake, { numerator: ratio.numerator * BigInt(bonusCoefHundredths), denominator: ratio.denominator * 100n });
  return { state: "settled", payout, statusId: couponStatusOf(coupon.stake, payout, all) };
}
