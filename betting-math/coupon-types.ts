/**
 * Coupon types (SPEC §4), named once for the site, the platform and the maths. Any other type id
 * is a block type: its bets are grouped into blocks staked through amountByBlockId.
 */
export const COUPON_TYPE = {
  SINGLE: 0,
  EXPRESS: 1,
  /** With banker when a lobby block exists. */
  SYSTEM: 2,
  SYSTEM_STYLE: 4,
  MULTIPLE_SINGLES: 9,
} as const;
export type NamedCouponTypeId = (typeof COUPON_TYPE)[keyof typeof COUPON_TYPE];

/** The types that make one coupon of their selections (multiple singles make one per selection). */
export type CombinedCouponTypeId = Exclude<NamedCouponTypeId, typeof COUPON_TYPE.MULTIPLE_SINGLES>;

/** A system of either kind: its lines are the combinations of `systemValue` selections. */
export function isSystemType(typeId: number): boolean {
  return typeId === COUPON_TYPE.SYSTEM || typeId === COUPON_TYPE.SYSTEM_STYLE;
}
