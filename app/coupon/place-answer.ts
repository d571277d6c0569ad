// What the place action answers (issue 14): the placed coupons as a page shows them, or a refusal
// with what the bettor can do, or the maximum stake, each with the form it answered echoed. Types
// only, shared by the action (app/routes/coupon-place/action.server.ts), the views of placed
// coupons (app/loaders/coupon-view.server.ts) and the components that show them.
import type { PlacedCoupon } from "~/services/bets.server";
import type { RefusalOffer } from "./place";

/** A selection of a placed coupon with the names the bettor saw. */
export interface SelectionView {
  outcomeId: number;
  gameId: number;
  game: string;
  market: string;
  outcome: string;
  score: string | null;
  coef: number;
  seenCoef: number;
  statusId: number;
  isLive: boolean;
  isBanker: boolean;
}

/** A placed coupon ready to show: the platform's coupon, its selections named, its currency's exponent. */
export interface CouponView extends Omit<PlacedCoupon, "bets"> {
  exponent: number;
  selections: SelectionView[];
}

/**
 * What the place form sent, with the settings it was placed with, echoed so a refusal can offer
 * to send it again (changed): the offer's form carries them, so it is judged as the first was.
 */
export interface PlaceEcho {
  key: string;
  typeId: number;
  systemValue: number | null;
  amount: string;
  changeCoefAction: number;
  /** The exact coefficient as the form writes it; "" for none. */
  exactCoef: string;
  dropOnScoreChange: boolean;
  bets: string;
  returnTo: string;
  /** Sent as the bonus bet the coupon offered (SPEC §4). */
  bonusBet: boolean;
  /** Sent as a VIP bet (SPEC §5). */
  vipBet: boolean;
  /** The promo code sent; "" for none. */
  promoCode: string;
}

export interface RefusalView {
  code: string;
  message: string;
  offer: RefusalOffer;
  /** Minor units and currency for the offer's stake. */
  currency: string;
  exponent: number;
  outcomeId: number | null;
  /** The refused bet named from the coupon cookie (the bettor without JavaScript), or null. */
  betName: string | null;
  /** The stake is above the maximum and the coupon may be sent as a VIP bet for approval instead. */
  vipOffer: boolean;
}

export type PlaceAnswer =
  | { kind: "placed"; coupons: CouponView[]; echo: PlaceEcho }
  | { kind: "refused"; refusal: RefusalView; echo: PlaceEcho }
  | { kind: "max"; maxBetAmount: number; minBetAmount: number; currency: string; exponent: number; echo: PlaceEcho }
  /** Sent, and no answer came: it may stand; the platform could not say yet (issue 37). */
  | { kind: "unconfirmed"; echo: PlaceEcho };

/**
 * What the place page's check of a placement by its key found (issue 37): its coupons, nothing
 * placed, or not known yet.
 */
export type PlacementCheck = { state: "placed"; coupons: CouponView[] } | { state: "none" } | { state: "unknown" };
