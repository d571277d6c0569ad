// Settlement of a coupon from the statuses of its selections: single, express, system (per
// line, bankers in every line) and multiple singles. Exact on BigInt; the payout is floored to a
// minor unit once, at the end.
//
// Each settled selection multiplies its line by a factor (the standard half-stake rules):
//   1 win → coef; 0 lose → 0; 2 return, 3 forced return → 1;
//   4 half win half return → (coef + 1) / 2; 5 half lose half return → 1/2;
//   6 half lose half win → coef / 2.
// In an express a returned selection therefore counts as coefficient 1.

import { COUPON_TYPE, type NamedCouponTypeId } from "./coupon-types";
import { readCoef, readStake, binomial, elementarySymmetric } from "./coupon-math";
import { atScale, commonScale, floorDivide, pow10 } from "./decimal";
import { SELECTION_STATUS, type SelectionStatusId, isSettledStatus } from "./status";

export interface SettledSelection {
  readonly coef: number;
  readonly statusId: SelectionStatusId;
}

/** SPEC §4 coupon types the settlement knows. */
export type SettledCouponType = NamedCouponTypeId;

export interface CouponToSettle {
  readonly typeId: SettledCouponType;
  /** The whole stake in minor units (for multiple singles: use stakes instead). */
  readonly stake: number;
  /** Selections combined (bankers excluded). */
  readonly selections: readonly SettledSelection[];
  /** Bankers of a system: every line carries them. */
  readonly bankers?: readonly SettledSelection[];
  /** k of a "k of n" system. */
  readonly systemValue?: number;
}

export type CouponSettlement =
  | { readonly state: "open" }
  | { readonly state: "settled"; readonly payout: number; readonly statusId: SelectionStatusId };

/** factor = num / (2 · 10^scale): a common denominator for every status of a coefficient at `scale`. */
function factorNumerator(selection: SettledSelection, scale: number): bigint {
  const coef = atScale(readCoef(selection.coef), scale);
  const one = pow10(scale);
  switch (selection.statusId) {
    case SELECTION_STATUS.win:
      return 2n * coef;
    case SELECTION_STATUS.lose:
      return 0n;
    case SELECTION_STATUS.return:
    case SELECTION_STATUS.forcedReturn:
      return 2n * one;
    case SELECTION_STATUS.halfWinHalfReturn:
      return coef + one;
    case SELECTION_STATUS.halfLoseHalfReturn:
      return one;
    case SELECTION_STATUS.halfLoseHalfWin:
      return coef;
    default:
      throw new RangeError(`selection status ${selection.statusId} is not settled`);
  }
}

/**
 * The coupon's own status from its payout: 3 when every selection was force-returned (a
 * cancelled game), else 0 nothing back, 2 the stake back, 1 more, 5 part of it back.
 */
export function couponStatusOf(stake: number, payout: number, all: readonly SettledSelection[]): SelectionStatusId {
  if (all.length > 0 && all.every((s) => s.statusId === SELECTION_STATUS.forcedReturn)) return SELECTION_STATUS.forcedReturn;
  if (payout === 0) return SELECTION_STATUS.lose;
  if (payout === stake) return SELECTION_STATUS.return;
  return payout > stake ? SELECTION_STATUS.win : SELECTION_STATUS.halfLoseHalfReturn;
}

/**
 * The payout of a single (type 0), express (1) or system (2, 4) once every selection is settled;
 * "open" while any is not. A system of k of n pays stake / C(n, k) on each line, every line
 * carrying the bankers: Σ over lines of Π factors = e_k(factors) · Π(banker factors).
 */
export function settleCoupon(coupon: CouponToSettle): CouponSettlement {
  const stake = readStake(coupon.stake);
  const bankers = coupon.bankers ?? [];
  const all = [...coupon.selections, ...bankers];
  if (coupon.selections.length === 0) throw new RangeError("a coupon has at least one selection");
  if (!all.every((s) => isSettledStatus(s.statusId))) return { state: "open" };

  let size: number;
  if (coupon.typeId === COUPON_TYPE.SINGLE || coupon.typeId === COUPON_TYPE.MULTIPLE_SINGLES) {
    if (all.length !== 1) throw new RangeError("a single has exactly one selection");
    size = 1;
  } else if (coupon.typeId === COUPON_TYPE.EXPRESS) {
    if (bankers.length) throw new RangeError("an express has no bankers");
    size = coupon.selections.length;
  } else {
    size = coupon.systemValue ?? 0;
    if (!Number.isInteger(size) || size < 1 || size > coupon.selections.length) {
      throw new RangeError(`system value must be from 1 to ${coupon.selections.length}, got ${coupon.systemValue}`);
    }
  }

  const scale = commonScale(all.map((s) => readCoef(s.coef)));
  const denominatorPerFactor = 2n * pow10(scale);
  const numerators = coupon.selections.map((s) => factorNumerator(s, scale));
  const bankerProduct = bankers.reduce((p, s) => p * factorNumerator(s, scale), 1n);
  const e = elementarySymmetric(numerators, size);
  const lines = binomial(coupon.selections.length, size);
  const numerator = stake * (e[size] ?? 0n) * bankerProduct;
  const denominator = lines * denominatorPerFactor ** BigInt(size + bankers.length);
  const payout = Number(floorDivide(numerator, denominator));
  return { state: "settled", payout, statusId: couponStatusOf(coupon.stake, payout, all) };
}

/** Multiple singles (type 9): each single settles on its own stake. */
export function settleMultipleSingles(singles: ReadonlyArray<{ stake: number; selection: SettledSelection }>): CouponSettlement[] {
  return singles.map((single) => settleCoupon({ typeId: COUPON_TYPE.SINGLE, stake: single.stake, selections: [single.selection] }));
}
