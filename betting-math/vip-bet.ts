import { COUPON_TYPE } from "./coupon-types";

/**
 * The VIP bet of SPEC §5: a stake above the maximum is sent for approval by operations staff.
 * It is possible only for a coupon of line bets (at least one) that is not multiple singles;
 * "max bet is finite" and the config switch are the caller's (the platform's maximum is finite
 * for every account the maximum applies to). The site offers it and the platform accepts it with
 * this one rule (decision 035).
 */
export type VipBetShapeRefusal = "no-bets" | "live-bet-in-coupon" | "multiple-singles";

export function vipBetShapeRefusal(shape: { typeId: number; betCount: number; anyLive: boolean }): VipBetShapeRefusal | null {
  if (shape.betCount === 0) return "no-bets";
  if (shape.anyLive) return "live-bet-in-coupon";
  if (shape.typeId === COUPON_TYPE.MULTIPLE_SINGLES) return "multiple-singles";
  return null;
}

/** Refusals of the platform that say "the stake is above the maximum now": a VIP bet can be sent instead. */
export const ABOVE_MAX_REFUSALS: readonly string[] = ["amount_above_max", "max_payout_exceeded", "limit_reached"];
