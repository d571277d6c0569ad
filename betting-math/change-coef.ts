/**
 * SPEC §3 changeCoefAction: what happens when a price moved between the bettor's click and the
 * platform's answer (decision 018). One numbering for the coupon settings on the site and for
 * acceptance on the platform; 2 is the spec's default.
 */
export const CHANGE_COEF_ACTION = {
  /** Refuse and ask the bettor, showing the new coefficients. */
  ASK: 0,
  /** Accept the new coefficient whichever way it moved. */
  ACCEPT_ANY: 1,
  /** Accept only a higher coefficient; a lower one is refused and asked about. */
  ACCEPT_HIGHER: 2,
} as const;
export type ChangeCoefAction = (typeof CHANGE_COEF_ACTION)[keyof typeof CHANGE_COEF_ACTION];

/** Whether a price that moved from `seen` to `now` (same units) is accepted without asking. */
export function acceptsCoefChange(action: ChangeCoefAction, seen: number, now: number): boolean {
  if (now === seen) return true;
  if (action === CHANGE_COEF_ACTION.ACCEPT_ANY) return true;
  return action === CHANGE_COEF_ACTION.ACCEPT_HIGHER && now > seen;
}
