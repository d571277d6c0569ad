// Coupon transitions (add, delete, clear, type, system value, banker, feed updates) and
// the values derived from a coupon (coef, possible win, system options and returns).
// Pure functions: each takes a coupon and returns a new one.

import { BONUS_BET_ID, COUPON_DEFAULTS, COUPON_TYPE, LOBBY_BLOCK_ID } from "./constants";
import { expressCoef, possibleWin, systemOptions, systemReturn, type SystemReturn } from "./math";
import { type Coupon, type CouponBet, type CouponConfig, type CouponSettings, type SystemOption, getBetId, isBetInCoupon } from "./model";
import {
  type BetLockReason,
  type Verdict,
  betLockReason,
  bonusBetOffer,
  hasLobbyBlock,
  isSystemCouponType,
  splitSystemBets,
  systemValueRange,
  systemValueWithinRange,
} from "./rules";

/**
 * The type a coupon takes when its number of bets changes: one bet or none is a single
 * (the other types need more); a single that grows to two bets becomes an express, the
 * usual default; any other choice of the bettor stays.
 */
export function couponTypeForBetCount(typeId: number, betCount: number): number {
  if (betCount <= 1) return COUPON_TYPE.SINGLE;
  if (typeId === COUPON_TYPE.SINGLE) return COUPON_TYPE.EXPRESS;
  return typeId;
}

function withBets(coupon: Coupon, bets: CouponBet[], addedAtByBetId: Record<string, number>): Coupon {
  const typeId = couponTypeForBetCount(coupon.typeId, bets.length);
  const next = { ...coupon, bets, addedAtByBetId, typeId };
  const { selections } = splitSystemBets(next);
  return {
    ...next,
    systemValue: systemValueWithinRange(coupon.systemValue, selections.length),
    isActiveSystemBanker: hasLobbyBlock(bets),
  };
}

function withoutKey<V>(record: Readonly<Record<string, V>>, key: string): Record<string, V> {
  return Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));
}

// In model.ts, so that a coefficient's button does not load the coupon's transitions.
export { isBetInCoupon } from "./model";

/**
 * Adds a bet (or refreshes it when its market is already in the coupon) and records
 * when it was added: merges of two coupons keep the newest copy. Adding a bet after a
 * placed coupon starts a new one, so the previous result is dropped.
 */
export function addBetToCoupon(coupon: Coupon, bet: CouponBet, now: number): Coupon {
  const betId = getBetId(bet);
  const exists = isBetInCoupon(coupon, betId);
  const bets = exists ? coupon.bets.map((b) => (getBetId(b) === betId ? bet : b)) : [...coupon.bets, bet];
  return {
    ...withBets(coupon, bets, { ...coupon.addedAtByBetId, [betId]: now }),
    successCoupon: null,
    singlesResultCoupons: [],
  };
}

/**
 * Empties the coupon's composition; the stake, account, limits and promo code stay.
 * A cleared coupon may be offered the bonus bet again.
 */
export function clearCoupon(coupon: Coupon): Coupon {
  return {
    ...coupon,
    bets: [],
    addedAtByBetId: {},
    typeId: COUPON_DEFAULTS.typeId,
    systemValue: COUPON_DEFAULTS.systemValue,
    amountByBetId: {},
    amountByBlockId: {},
    isActiveSystemBanker: false,
    isActiveVipBet: false,
    manuallyDeletedBonusBet: false,
    calcSystemsMin: null,
    coef: 0,
    coefByView: "",
  };
}

/**
 * Deletes one bet. Deleting the bonus-type bet (BONUS_BET_ID) sets
 * manuallyDeletedBonusBet, so it is not offered again.
 */
export function deleteBetFromCoupon(coupon: Coupon, betId: string): Coupon {
  if (betId === BONUS_BET_ID) return { ...coupon, manuallyDeletedBonusBet: true };
  if (!isBetInCoupon(coupon, betId)) return coupon;
  const bets = coupon.bets.filter((bet) => getBetId(bet) !== betId);
  if (bets.length === 0) return clearCoupon(coupon);
  return { ...withBets(coupon, bets, withoutKey(coupon.addedAtByBetId, betId)), amountByBetId: withoutKey(coupon.amountByBetId, betId) };
}

export function setCouponType(coupon: Coupon, typeId: number): Coupon {
  return withBets({ ...coupon, typeId }, coupon.bets, coupon.addedAtByBetId);
}

/** The system value never goes below 2 (nor above n − 1 once there are selections). */
export function setSystemValue(coupon: Coupon, value: number): Coupon {
  const { selections } = splitSystemBets(coupon);
  return { ...coupon, systemValue: systemValueWithinRange(value, selections.length) };
}

export type BankerRefusal = "not-system" | "bet-not-in-coupon" | "banker-disabled-for-bet";

/**
 * Moves a bet into the lobby block (a banker) or out of it. Only a system coupon has
 * bankers, and not every bet may be one (isDisabledBanker).
 */
export function setBetAsBanker(
  coupon: Coupon,
  betId: string,
  isBanker: boolean,
): { ok: true; coupon: Coupon } | Exclude<Verdict<BankerRefusal>, { ok: true }> {
  if (coupon.typeId !== COUPON_TYPE.SYSTEM) return { ok: false, reason: "not-system" };
  const bet = coupon.bets.find((b) => getBetId(b) === betId);
  if (!bet) return { ok: false, reason: "bet-not-in-coupon" };
  if (isBanker && bet.isDisabledBanker) return { ok: false, reason: "banker-disabled-for-bet" };
  const bets = coupon.bets.map((b) => (b === bet ? { ...b, blockId: isBanker ? LOBBY_BLOCK_ID : null } : b));
  return { ok: true, coupon: withBets(coupon, bets, coupon.addedAtByBetId) };
}

/**
 * Replaces the bets the feed sent fresh copies of (new coef, blocked, scores, game
 * time), keeping each bet's place in its block. Bets the feed did not mention stay.
 */
export function updateCouponBets(coupon: Coupon, fresh: readonly CouponBet[]): Coupon {
  const byId = new Map(fresh.map((bet) => [getBetId(bet), bet]));
  let changed = false;
  const bets = coupon.bets.map((bet) => {
    const update = byId.get(getBetId(bet));
    if (!update) return bet;
    changed = true;
    return { ...update, blockId: bet.blockId };
  });
  return changed ? withBets(coupon, bets, coupon.addedAtByBetId) : coupon;
}

/** What a feed update did to a bet of the coupon that the bettor should hear about. */
export type CouponBetChange =
  | { readonly type: "coef"; readonly bet: CouponBet; readonly from: number; readonly to: number }
  | { readonly type: "locked"; readonly bet: CouponBet; readonly lock: BetLockReason }
  | { readonly type: "reopened"; readonly bet: CouponBet };

/**
 * The changes `updateCouponBets(coupon, fresh)` makes that a notification reports: a bet that
 * became locked (with its reason), or an open bet whose coefficient moved (the old and the new).
 * A locked bet's coefficient is not shown, so its moves are not reported until it reopens, when
 * the coefficient it reopens at is compared with the one the coupon held; a bet that reopens at
 * that same coefficient is reported as open again (else the bettor's last news is "locked").
 */
export function couponBetChanges(coupon: Pick<Coupon, "bets">, fresh: readonly CouponBet[]): CouponBetChange[] {
  const before = new Map(coupon.bets.map((bet) => [getBetId(bet), bet]));
  const changes: CouponBetChange[] = [];
  for (const bet of fresh) {
    const old = before.get(getBetId(bet));
    if (!old) continue;
    const lock = betLockReason(bet);
    if (lock) {
      if (!betLockReason(old)) changes.push({ type: "locked", bet, lock });
    } else if (bet.market.coef !== old.market.coef) {
      changes.push({ type: "coef", bet, from: old.market.coef, to: bet.market.coef });
    } else if (betLockReason(old)) {
      changes.push({ type: "reopened", bet });
    }
  }
  return changes;
}

// ------------------------------------------------------------ derived values

/**
 * The coupon's coefficient: the bet's for a single, the accumulator's for an express
 * (times the bonus coef when the bonus bet is offered), 0 where no single coefficient
 * describes the coupon (empty, system, multiple singles, block types).
 */
export function couponCoef(coupon: Coupon, config: Pick<CouponConfig, "isBonusBetEnabled">): number {
  const coefs = coupon.bets.map((bet) => bet.market.coef);
  if (coefs.length === 0) return 0;
  if (coupon.typeId === COUPON_TYPE.SINGLE) return coefs[0] ?? 0;
  if (coupon.typeId === COUPON_TYPE.EXPRESS) {
    const bonus = bonusBetOffer(coupon, config);
    return expressCoef(bonus.ok ? [...coefs, bonus.coef] : coefs);
  }
  return 0;
}

/**
 * The system a coupon describes: its selections, size and bankers, and the returns for
 * the coupon's stake. null when the coupon is not a system or has too few selections.
 * Type 4 (system-style) is combined like a system, without bankers.
 */
export function couponSystemReturn(coupon: Coupon): SystemReturn | null {
  if (!isSystemCouponType(coupon.typeId)) return null;
  const { bankers, selections } = splitSystemBets(coupon);
  const range = systemValueRange(selections.length);
  if (!range || coupon.systemValue > range.max) return null;
  return systemReturn({
    coefs: selections.map((bet) => bet.market.coef),
    size: coupon.systemValue,
    bankers: bankers.map((bet) => bet.market.coef),
    stake: coupon.amount,
  });
}

/** The choices of the coupon's system selector. */
export function couponSystemOptions(coupon: Coupon): SystemOption[] {
  const { bankers, selections } = splitSystemBets(coupon);
  return systemOptions({ betCount: selections.length, bankerCount: bankers.length, minLineAmount: coupon.minBetAmount });
}

/**
 * Possible win (SPEC §5): amount × (exact coef if set, else coef). A system pays its
 * maximum (every selection wins); multiple singles add each bet's own win. null for
 * block types, whose payout the spec does not define.
 */
export function couponPossibleWin(
  coupon: Coupon,
  settings: Pick<CouponSettings, "exactCoef">,
  config: Pick<CouponConfig, "isBonusBetEnabled">,
): number | null {
  if (coupon.bets.length === 0) return 0;
  if (coupon.typeId === COUPON_TYPE.SINGLE || coupon.typeId === COUPON_TYPE.EXPRESS) {
    return possibleWin(coupon.amount, couponCoef(coupon, config), settings.exactCoef);
  }
  if (isSystemCouponType(coupon.typeId)) return couponSystemReturn(coupon)?.maxWin ?? 0;
  if (coupon.typeId === COUPON_TYPE.MULTIPLE_SINGLES) {
    return coupon.bets.reduce(
      (sum, bet) => sum + possibleWin(coupon.amountByBetId[getBetId(bet)] ?? coupon.amount, bet.market.coef),
      0,
    );
  }
  return null;
}

/** Bets in the order they were added (the coupon shows them so). */
export function betsInAddedOrder(coupon: Pick<Coupon, "bets" | "addedAtByBetId">): CouponBet[] {
  return [...coupon.bets].sort(
    (a, b) => (coupon.addedAtByBetId[getBetId(a)] ?? 0) - (coupon.addedAtByBetId[getBetId(b)] ?? 0),
  );
}
