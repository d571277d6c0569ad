// The coupon entities of SPEC §3 as types, with the pure helpers and defaults the browser needs
// on first load. The zod schemas that define these types, and parse every value crossing a
// boundary, are in schemas.ts: importing only types from there keeps zod out of the first load.
// Each default here equals its schema's parse of {} (model.test.ts checks it).

import { COUPON_DEFAULTS, FINISHED_GAME_STATUS, LIVE_GAME_STATUSES, MIN_SYSTEM_VALUE } from "./constants";
import type {
  Coupon,
  CouponBet,
  CouponConfig,
  CouponNotificationRecord,
  CouponRuntime,
  CouponSettings,
  StoredCoupon,
} from "./schemas";

export type {
  BetToSubmit,
  Coupon,
  CouponBet,
  CouponBetInput,
  CouponConfig,
  CouponInput,
  CouponNotificationRecord,
  CouponRuntime,
  CouponSettings,
  CouponToSubmit,
  Market,
  PlacedCoupon,
  StoredCoupon,
  SystemOption,
} from "./schemas";

/** The system value never goes below 2 (SPEC §4). */
export function clampSystemValue(value: number): number {
  return Math.max(MIN_SYSTEM_VALUE, Math.trunc(value));
}

export function getBetId(bet: CouponBet): string {
  return bet.market.id;
}

export function isBetInCoupon(coupon: { readonly bets: readonly CouponBet[] }, betId: string): boolean {
  return coupon.bets.some((bet) => getBetId(bet) === betId);
}

/** A game is finished at status 4. */
export function isGameFinished(bet: Pick<CouponBet, "gameStatus">): boolean {
  return bet.gameStatus === FINISHED_GAME_STATUS;
}

/**
 * A bet is live when the game is not finished and it has a game time, is live-in-live,
 * has game status 2 or 3, or is on a live market.
 */
export function isBetLive(bet: CouponBet): boolean {
  if (isGameFinished(bet)) return false;
  return bet.gameTimeSec !== null || bet.isLiveInLive || LIVE_GAME_STATUSES.includes(bet.gameStatus) || bet.market.isLive;
}

/**
 * One bet per market id (the last copy wins), an added-at time for each bet and none
 * for bets that are gone, so a hand-edited or half-written value still reads cleanly.
 */
export function normalizeStoredCoupon<T extends StoredCoupon>(coupon: T): T {
  const byId = new Map<string, CouponBet>();
  for (const bet of coupon.bets) {
    byId.delete(getBetId(bet));
    byId.set(getBetId(bet), bet);
  }
  const bets = [...byId.values()];
  const addedAtByBetId: Record<string, number> = {};
  for (const bet of bets) addedAtByBetId[getBetId(bet)] = coupon.addedAtByBetId[getBetId(bet)] ?? 0;
  return { ...coupon, bets, addedAtByBetId, systemValue: clampSystemValue(coupon.systemValue) };
}

/**
 * The no-JavaScript cookie keeps the stored part and one runtime flag: a bonus bet the bettor
 * deleted stays deleted from one page to the next, where a script would keep it in memory.
 */
export type CookieCoupon = StoredCoupon & { readonly manuallyDeletedBonusBet?: boolean };

export function emptyStoredCoupon(): StoredCoupon {
  return { bets: [], addedAtByBetId: {}, typeId: COUPON_DEFAULTS.typeId, systemValue: COUPON_DEFAULTS.systemValue };
}

export function storedPartOfCoupon(coupon: Coupon): StoredCoupon {
  return {
    bets: coupon.bets,
    addedAtByBetId: coupon.addedAtByBetId,
    typeId: coupon.typeId,
    systemValue: coupon.systemValue,
  };
}

/** The coupon fields that live in memory only, before anything sets them. */
export function defaultCouponRuntime(): CouponRuntime {
  return {
    tab: COUPON_DEFAULTS.tab,
    isActivePlaceBet: false,
    isActiveAutoMax: false,
    isActiveVipBet: false,
    isActiveSystemBanker: false,
    accountId: null,
    amount: 0,
    amountByBlockId: {},
    amountByBetId: {},
    minBetAmount: 0,
    maxBetAmount: COUPON_DEFAULTS.maxBetAmount,
    availablePrepaidAmount: 0,
    coef: 0,
    coefByView: "",
    promoCode: "",
    manualPromoCode: "",
    promoCodes: [],
    systemValues: [],
    antiExpressCoef: null,
    successCoupon: null,
    singlesResultCoupons: [],
    expressId: null,
    maxPayout: null,
    initialAmount: 0,
    amountStep: 0,
    calcSystemsMin: null,
    manuallyDeletedBonusBet: false,
    hyperBonusPercent: 0,
    minHyperBonusBetLimit: 0,
    maxHyperBonusLimit: 0,
  };
}

export function defaultCouponSettings(): CouponSettings {
  return {
    amountStepByCurrencyIso: {},
    isManualAmountStep: false,
    changeCoefAction: COUPON_DEFAULTS.changeCoefAction,
    isAutoMax: false,
    isVipBet: false,
    isBalanceShown: true,
    isPossibleWinShown: true,
    oneClickAmount: null,
    isActiveOneClick: false,
    exactCoef: null,
    isDropOnScoreChange: false,
    expressId: null,
    bonusAccountOneClickAmount: null,
  };
}

/** The coupon flags and lists of the site config: off and empty until loaded (SPEC §4, §5). */
export function defaultCouponConfig(): CouponConfig {
  return { isBonusBetEnabled: false, isVipBetEnabled: false, isOneClickEnabled: false, minAmountCouponTypes: [], maxAmountCouponTypes: [] };
}

export const EMPTY_COUPON_NOTIFICATION_RECORD: CouponNotificationRecord = Object.freeze({
  betMarketId: null,
  timeToShow: null,
  isShown: false,
});
