// The coupon rules of SPEC §4 (Bet rules) and §5, one function each, named with the
// spec's words. A rule that refuses something returns a typed reason, never a bare
// boolean, so the interface can say exactly why a bet or a coupon cannot be placed.

import {
  BONUS_BET,
  COUPON_TYPE,
  LOBBY_BLOCK_ID,
  MIN_SYSTEM_VALUE,
  ONE_CLICK_CONFIRM_TITLE_KEY,
} from "./constants";
import { bonusBetCoef } from "../../betting-math/bonus-bet";
import { type VipBetShapeRefusal, vipBetShapeRefusal } from "../../betting-math/vip-bet";
import { binomial, expressCoef } from "./math";
import { type Coupon, type CouponBet, type CouponConfig, type CouponSettings, getBetId, isBetLive, isGameFinished } from "./model";

export type Verdict<Reason extends string> = { readonly ok: true } | { readonly ok: false; readonly reason: Reason };

const OK = { ok: true } as const;
function refuse<Reason extends string>(reason: Reason): { readonly ok: false; readonly reason: Reason } {
  return { ok: false, reason };
}

// ------------------------------------------------------------ live and finished

// In model.ts, so that the coupon notification (loaded with every page) does not load the rules.
export { isBetLive, isGameFinished } from "./model";

// ------------------------------------------------------------ locked bets

export type BetLockReason = "blocked" | "dependent" | "banned-from-express";

/** A bet is locked if blocked, dependent or banned from express; null when it is not. */
export function betLockReason(bet: CouponBet): BetLockReason | null {
  if (bet.isBlocked) return "blocked";
  if (bet.isDepend) return "dependent";
  if (bet.isBannedExpress) return "banned-from-express";
  return null;
}

export function isBetLocked(bet: CouponBet): boolean {
  return betLockReason(bet) !== null;
}

export type BetRefusal =
  | { readonly reason: "bet-locked"; readonly betId: string; readonly lock: BetLockReason }
  | { readonly reason: "game-finished"; readonly betId: string };

/** Why this one bet cannot be placed: locked, or its game is over. */
export function betRefusals(bet: CouponBet): BetRefusal[] {
  const refusals: BetRefusal[] = [];
  const lock = betLockReason(bet);
  if (lock) refusals.push({ reason: "bet-locked", betId: getBetId(bet), lock });
  if (isGameFinished(bet)) refusals.push({ reason: "game-finished", betId: getBetId(bet) });
  return refusals;
}

// ------------------------------------------------------------ system and lobby block

/** A bet in the lobby block is a banker: it rides in every line of the system. */
export function isBankerBet(bet: CouponBet): boolean {
  return bet.blockId === LOBBY_BLOCK_ID;
}

export function hasLobbyBlock(bets: readonly CouponBet[]): boolean {
  return bets.some(isBankerBet);
}

/** Coupon type 2 is a system with banker when a lobby block exists (SPEC §4). */
export function isSystemWithBanker(coupon: Pick<Coupon, "typeId" | "bets">): boolean {
  return coupon.typeId === COUPON_TYPE.SYSTEM && hasLobbyBlock(coupon.bets);
}

export function isSystemCouponType(typeId: number): boolean {
  return typeId === COUPON_TYPE.SYSTEM || typeId === COUPON_TYPE.SYSTEM_STYLE;
}

/** Types other than the named ones are block types, staked per block (amountByBlockId). */
export function isBlockCouponType(typeId: number): boolean {
  return !(Object.values(COUPON_TYPE) as number[]).includes(typeId);
}

/** The bankers and the selections the system combines (bankers only count in type 2). */
export function splitSystemBets(coupon: Pick<Coupon, "typeId" | "bets">): { bankers: CouponBet[]; selections: CouponBet[] } {
  if (!isSystemWithBanker(coupon)) return { bankers: [], selections: [...coupon.bets] };
  return { bankers: coupon.bets.filter(isBankerBet), selections: coupon.bets.filter((bet) => !isBankerBet(bet)) };
}

/**
 * The values a system over `selectionCount` selections can take: 2 to n − 1 (n of n
 * is the express). null when there are too few selections for a system.
 */
export function systemValueRange(selectionCount: number): { min: number; max: number } | null {
  const max = selectionCount - 1;
  return max >= MIN_SYSTEM_VALUE ? { min: MIN_SYSTEM_VALUE, max } : null;
}

/** The system value never goes below 2, nor above n − 1 when the selections allow it. */
export function systemValueWithinRange(value: number, selectionCount: number): number {
  const range = systemValueRange(selectionCount);
  const atLeastMin = Math.max(MIN_SYSTEM_VALUE, Math.trunc(value));
  return range ? Math.min(atLeastMin, range.max) : atLeastMin;
}

// ------------------------------------------------------------ bonus bet

export type BonusBetRefusal =
  | "bonus-bet-disabled"
  | "bonus-bet-manually-deleted"
  | "not-express"
  | "too-few-bets"
  | "total-coef-too-low"
  | "bet-coef-too-low"
  | "market-kind-excluded";

export type BonusBetOffer = { readonly ok: true; readonly coef: number } | { readonly ok: false; readonly reason: BonusBetRefusal };

export { bonusBetCoef };

/**
 * Bonus bet: offered when the config allows it, the coupon is express, there are at
 * least 3 bets, the total coef is at least 1.01, and every bet has coef at least 1.1
 * and is not kind 7. A bettor who deleted the offered bonus bet is not offered it again
 * until the coupon is cleared (that is what manuallyDeletedBonusBet records).
 */
export function bonusBetOffer(
  coupon: Pick<Coupon, "typeId" | "bets" | "manuallyDeletedBonusBet">,
  config: Pick<CouponConfig, "isBonusBetEnabled">,
): BonusBetOffer {
  if (!config.isBonusBetEnabled) return refuse("bonus-bet-disabled");
  if (coupon.manuallyDeletedBonusBet) return refuse("bonus-bet-manually-deleted");
  if (coupon.typeId !== COUPON_TYPE.EXPRESS) return refuse("not-express");
  if (coupon.bets.length < BONUS_BET.MIN_BETS) return refuse("too-few-bets");
  if (expressCoef(coupon.bets.map((bet) => bet.market.coef)) < BONUS_BET.MIN_TOTAL_COEF) return refuse("total-coef-too-low");
  if (coupon.bets.some((bet) => bet.market.coef < BONUS_BET.MIN_BET_COEF)) return refuse("bet-coef-too-low");
  if (coupon.bets.some((bet) => bet.market.kind === BONUS_BET.EXCLUDED_MARKET_KIND)) return refuse("market-kind-excluded");
  return { ok: true, coef: bonusBetCoef(coupon.bets.length) };
}

// ------------------------------------------------------------ VIP bet

export type VipBetRefusal = "vip-bet-disabled" | "max-bet-not-finite" | VipBetShapeRefusal;

/**
 * VIP bet available only if the config flag is on, max bet is finite, at least one bet
 * exists, all bets are line bets, and the coupon is not multiple singles (SPEC §5).
 */
export function vipBetAvailability(
  coupon: Pick<Coupon, "typeId" | "bets" | "maxBetAmount">,
  config: Pick<CouponConfig, "isVipBetEnabled">,
): Verdict<VipBetRefusal> {
  if (!config.isVipBetEnabled) return refuse("vip-bet-disabled");
  if (!Number.isFinite(coupon.maxBetAmount)) return refuse("max-bet-not-finite");
  // the shape rule the platform applies too (decision 035)
  const shape = vipBetShapeRefusal({ typeId: coupon.typeId, betCount: coupon.bets.length, anyLive: coupon.bets.some(isBetLive) });
  return shape ? refuse(shape) : OK;
}

// ------------------------------------------------------------ promo codes

export type PromoCodeRefusal = "promo-codes-not-for-multiple-singles";

/** Promo codes are not accessible for type 9. */
export function promoCodeAccess(typeId: number): Verdict<PromoCodeRefusal> {
  return typeId === COUPON_TYPE.MULTIPLE_SINGLES ? refuse("promo-codes-not-for-multiple-singles") : OK;
}

// ------------------------------------------------------------ min and max amount

/** Min amount applies only to coupon types in the config list. */
export function minAmountApplies(typeId: number, config: Pick<CouponConfig, "minAmountCouponTypes">): boolean {
  return config.minAmountCouponTypes.includes(typeId);
}

/** Max amount applies only to listed coupon types and not for the bonus account. */
export function maxAmountApplies(
  typeId: number,
  config: Pick<CouponConfig, "maxAmountCouponTypes">,
  isBonusAccount: boolean,
): boolean {
  return !isBonusAccount && config.maxAmountCouponTypes.includes(typeId);
}

export type AmountRefusal =
  | { readonly reason: "amount-not-set" }
  | { readonly reason: "amount-below-min"; readonly minAmount: number }
  | { readonly reason: "amount-above-max"; readonly maxAmount: number };

/** One stake checked against the limits that apply to its coupon type. */
export function checkAmount(input: {
  amount: number;
  minAmount: number;
  maxAmount: number;
  typeId: number;
  config: Pick<CouponConfig, "minAmountCouponTypes" | "maxAmountCouponTypes">;
  isBonusAccount: boolean;
}): AmountRefusal | null {
  const { amount, minAmount, maxAmount, typeId, config, isBonusAccount } = input;
  if (amount <= 0) return { reason: "amount-not-set" };
  if (minAmountApplies(typeId, config) && amount < minAmount) return { reason: "amount-below-min", minAmount };
  if (maxAmountApplies(typeId, config, isBonusAccount) && amount > maxAmount) return { reason: "amount-above-max", maxAmount };
  return null;
}

// ------------------------------------------------------------ one-click and exact coef

export type OneClickRefusal = "one-click-disabled" | "not-signed-in";

/** One-click betting depends on its config flag (SPEC §5) and is for signed-in users (SPEC §6). */
export function oneClickAvailability(config: Pick<CouponConfig, "isOneClickEnabled">, isSignedIn: boolean): Verdict<OneClickRefusal> {
  if (!config.isOneClickEnabled) return refuse("one-click-disabled");
  if (!isSignedIn) return refuse("not-signed-in");
  return OK;
}

export type TurnOnOneClickResult =
  | { readonly status: "refused"; readonly reason: OneClickRefusal }
  /** The coupon has bets: ask first, with this dictionary key as the title. */
  | { readonly status: "confirmation-required"; readonly titleKey: typeof ONE_CLICK_CONFIRM_TITLE_KEY }
  | { readonly status: "turned-on"; readonly settings: CouponSettings; readonly clearsCoupon: boolean };

/**
 * Turning on one-click betting while the coupon has bets asks for confirmation (title:
 * coupon will be cleared) and clears the coupon if confirmed.
 */
export function turnOnOneClickBetting(input: {
  settings: CouponSettings;
  betCount: number;
  config: Pick<CouponConfig, "isOneClickEnabled">;
  isSignedIn: boolean;
  confirmed: boolean;
}): TurnOnOneClickResult {
  const { settings, betCount, config, isSignedIn, confirmed } = input;
  const availability = oneClickAvailability(config, isSignedIn);
  if (!availability.ok) return { status: "refused", reason: availability.reason };
  if (betCount > 0 && !confirmed) return { status: "confirmation-required", titleKey: ONE_CLICK_CONFIRM_TITLE_KEY };
  return { status: "turned-on", settings: { ...settings, isActiveOneClick: true }, clearsCoupon: betCount > 0 };
}

export function turnOffOneClickBetting(settings: CouponSettings): CouponSettings {
  return { ...settings, isActiveOneClick: false };
}

/**
 * An exact coef is dropping when it is below the coupon's current coefficient: the
 * bettor accepts a worse price than the one shown, which one-click must not do silently.
 */
export function isDroppingExactCoef(exactCoef: number, currentCoef: number): boolean {
  return currentCoef > 0 && exactCoef < currentCoef;
}

/**
 * Setting a dropping exact coefficient turns off one-click. Setting exact coef to empty
 * also turns off drop-on-score-change.
 */
export function setExactCoef(settings: CouponSettings, exactCoef: number | null, currentCoef: number): CouponSettings {
  if (exactCoef === null) return { ...settings, exactCoef: null, isDropOnScoreChange: false };
  const next = { ...settings, exactCoef };
  return isDroppingExactCoef(exactCoef, currentCoef) ? { ...next, isActiveOneClick: false } : next;
}

// ------------------------------------------------------------ placing the coupon

export type CouponRefusal =
  | { readonly reason: "coupon-empty" }
  | BetRefusal
  | { readonly reason: "express-needs-two-bets" }
  | { readonly reason: "system-needs-three-selections" }
  | { readonly reason: "system-value-out-of-range"; readonly min: number; readonly max: number }
  | (AmountRefusal & { readonly betId?: string; readonly blockId?: string })
  | { readonly reason: PromoCodeRefusal }
  | { readonly reason: "vip-bet-unavailable"; readonly because: VipBetRefusal };

export interface PlacementContext {
  readonly config: CouponConfig;
  readonly isBonusAccount: boolean;
}

/** Every reason this coupon cannot be placed now; empty when it can. */
export function couponPlacementRefusals(coupon: Coupon, context: PlacementContext): CouponRefusal[] {
  if (coupon.bets.length === 0) return [{ reason: "coupon-empty" }];
  const refusals: CouponRefusal[] = coupon.bets.flatMap(betRefusals);
  const { typeId } = coupon;

  if (typeId === COUPON_TYPE.EXPRESS && coupon.bets.length < 2) refusals.push({ reason: "express-needs-two-bets" });
  let systemLines = 1;
  if (isSystemCouponType(typeId)) {
    const { selections } = splitSystemBets(coupon);
    const range = systemValueRange(selections.length);
    if (!range) refusals.push({ reason: "system-needs-three-selections" });
    else if (coupon.systemValue > range.max) refusals.push({ reason: "system-value-out-of-range", ...range });
    else systemLines = Number(binomial(selections.length, coupon.systemValue));
  }

  const limits = { typeId, config: context.config, isBonusAccount: context.isBonusAccount, maxAmount: coupon.maxBetAmount };
  if (typeId === COUPON_TYPE.MULTIPLE_SINGLES) {
    for (const bet of coupon.bets) {
      const betId = getBetId(bet);
      const amount = coupon.amountByBetId[betId] ?? coupon.amount;
      const refusal = checkAmount({ ...limits, amount, minAmount: coupon.minBetAmount });
      if (refusal) refusals.push({ ...refusal, betId });
    }
  } else if (isBlockCouponType(typeId)) {
    // each block is staked on its own; a bet outside any block stakes with block 0
    const blockIds = [...new Set(coupon.bets.map((bet) => String(bet.blockId ?? 0)))];
    for (const blockId of blockIds) {
      const amount = coupon.amountByBlockId[blockId] ?? 0;
      const refusal = checkAmount({ ...limits, amount, minAmount: coupon.minBetAmount });
      if (refusal) refusals.push({ ...refusal, blockId });
    }
  } else {
    // a system's least stake is the least stake of a line times the number of lines
    const refusal = checkAmount({ ...limits, amount: coupon.amount, minAmount: coupon.minBetAmount * systemLines });
    if (refusal) refusals.push(refusal);
  }

  const promo = promoCodeAccess(typeId);
  if (!promo.ok && (coupon.promoCode !== "" || coupon.manualPromoCode !== "")) refusals.push({ reason: promo.reason });

  if (coupon.isActiveVipBet) {
    const vip = vipBetAvailability(coupon, context.config);
    if (!vip.ok) refusals.push({ reason: "vip-bet-unavailable", because: vip.reason });
  }
  return refusals;
}
