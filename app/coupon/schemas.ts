// zod schemas of the coupon entities (SPEC §3) and the types they define. Every value that
// crosses a boundary (localStorage, cookie, form, upstream answer) is parsed with these.
// Money: integer minor units. Odds: decimals (at least 1). The browser loads this module only
// when it reads storage (use-coupon-storage.ts), so zod stays out of the first load; the pure
// helpers and defaults live in model.ts.

import { z } from "zod";
import {
  BET_STATUS_ID,
  CHANGE_COEF_ACTION,
  COUPON_DEFAULTS,
  MIN_SYSTEM_VALUE,
} from "./constants";
import { clampSystemValue, normalizeStoredCoupon } from "./model";

/** An amount of money in minor units (kopecks, cents, fils). */
export const minorUnitsSchema = z.number().int().nonnegative().safe();
/** A decimal coefficient. */
export const coefSchema = z.number().finite().min(1);
const nameSchema = z.string().max(256);
const idSchema = z.string().min(1).max(128);

/** Any coupon type id: the named ones of COUPON_TYPE or a block type. */
export const couponTypeIdSchema = z.number().int().nonnegative();
export const betStatusIdSchema = z.nativeEnum(BET_STATUS_ID);
export const changeCoefActionSchema = z.nativeEnum(CHANGE_COEF_ACTION);

// ---------------------------------------------------------------- bet in coupon

export const marketSchema = z.object({
  /** The market (outcome) id; it is also the id of the bet in the coupon. */
  id: idSchema,
  coef: coefSchema,
  sportId: z.number().int(),
  /** Market type (e.g. 1X2, total). */
  typeId: z.number().int(),
  kind: z.number().int(),
  isLive: z.boolean(),
  gameId: z.number().int(),
  champId: z.number().int(),
  sportName: nameSchema,
  champName: nameSchema,
  opponent1Name: nameSchema,
  opponent2Name: nameSchema,
  /** What the bettor picked, as the coupon shows it: the market ("Total") and the outcome ("Over 2.5"). */
  marketName: nameSchema.default(""),
  outcomeName: nameSchema.default(""),
});
export type Market = z.output<typeof marketSchema>;

export const scoresSchema = z.object({
  opponent1: z.number().int().nonnegative(),
  opponent2: z.number().int().nonnegative(),
});

/** A bet on two players who may be in different games: shown instead of the opponents. */
export const playersDuelSchema = z.object({ player1Name: nameSchema, player2Name: nameSchema });

export const couponBetSchema = z.object({
  market: marketSchema,
  /** The block the bet sits in (block coupon types; LOBBY_BLOCK_ID marks a banker). */
  blockId: z.number().int().nonnegative().nullable().default(null),
  statusId: betStatusIdSchema.default(BET_STATUS_ID.NOT_CALCULATED),
  gameNumber: z.number().int().nullable().default(null),
  /** Game status: 2 and 3 are live, 4 is finished (SPEC §4). */
  gameStatus: z.number().int().default(0),
  /** Scheduled start, epoch milliseconds. */
  gameStartAt: z.number().int().nullable().default(null),
  /** Time played so far, in seconds; present only once the game runs. */
  gameTimeSec: z.number().int().nonnegative().nullable().default(null),
  isLiveInLive: z.boolean().default(false),
  scores: scoresSchema.nullable().default(null),
  isBlocked: z.boolean().default(false),
  isDepend: z.boolean().default(false),
  isBannedExpress: z.boolean().default(false),
  isDisabledBanker: z.boolean().default(false),
  statisticId: z.string().max(128).nullable().default(null),
  playersDuel: playersDuelSchema.nullable().default(null),
});
export type CouponBet = z.output<typeof couponBetSchema>;
export type CouponBetInput = z.input<typeof couponBetSchema>;

// ---------------------------------------------------------------- coupon

/** The part of the coupon kept in localStorage (SPEC §3 "stored locally"). */
const storedCouponShape = z.object({
  bets: z.array(couponBetSchema).default([]),
  /** When each bet was added (epoch ms): orders the coupon and settles merges, newest wins. */
  addedAtByBetId: z.record(idSchema, z.number().int().nonnegative()).default({}),
  typeId: couponTypeIdSchema.default(COUPON_DEFAULTS.typeId),
  systemValue: z.number().int().transform(clampSystemValue).default(COUPON_DEFAULTS.systemValue),
});
export type StoredCoupon = z.output<typeof storedCouponShape>;

export const storedCouponSchema = storedCouponShape.transform(normalizeStoredCoupon);

/** A coupon the platform accepted (SPEC: successCoupon, singlesResultCoupons). */
export const placedCouponSchema = z.object({
  /** Digits only: it is the id of print-coupon/{couponId} (SPEC §5). */
  id: z.string().regex(/^\d+$/),
  typeId: couponTypeIdSchema,
  amount: minorUnitsSchema,
  coef: z.number().finite().nonnegative(),
});
export type PlacedCoupon = z.output<typeof placedCouponSchema>;

/** The coupon fields that live in memory only. */
export const couponRuntimeSchema = z.object({
  tab: z.number().int().default(COUPON_DEFAULTS.tab),
  isActivePlaceBet: z.boolean().default(false),
  isActiveAutoMax: z.boolean().default(false),
  isActiveVipBet: z.boolean().default(false),
  isActiveSystemBanker: z.boolean().default(false),
  accountId: z.number().int().nullable().default(null),
  amount: minorUnitsSchema.default(0),
  amountByBlockId: z.record(z.string(), minorUnitsSchema).default({}),
  amountByBetId: z.record(idSchema, minorUnitsSchema).default({}),
  minBetAmount: minorUnitsSchema.default(0),
  /** Infinity until the platform gives a limit (SPEC §9). */
  maxBetAmount: z.number().positive().default(COUPON_DEFAULTS.maxBetAmount),
  availablePrepaidAmount: minorUnitsSchema.default(0),
  coef: z.number().finite().nonnegative().default(0),
  coefByView: z.string().default(""),
  promoCode: z.string().max(64).default(""),
  manualPromoCode: z.string().max(64).default(""),
  promoCodes: z.array(z.string().max(64)).default([]),
  systemValues: z.array(z.number().int().min(MIN_SYSTEM_VALUE)).default([]),
  antiExpressCoef: z.number().finite().nonnegative().nullable().default(null),
  successCoupon: placedCouponSchema.nullable().default(null),
  singlesResultCoupons: z.array(placedCouponSchema).default([]),
  expressId: z.number().int().nullable().default(null),
  maxPayout: minorUnitsSchema.nullable().default(null),
  initialAmount: minorUnitsSchema.default(0),
  amountStep: minorUnitsSchema.default(0),
  /** The minimum win of the system, by combinatorics (SPEC §5); null when not a system. */
  calcSystemsMin: minorUnitsSchema.nullable().default(null),
  manuallyDeletedBonusBet: z.boolean().default(false),
  hyperBonusPercent: z.number().finite().nonnegative().default(0),
  minHyperBonusBetLimit: minorUnitsSchema.default(0),
  maxHyperBonusLimit: minorUnitsSchema.default(0),
});
export type CouponRuntime = z.output<typeof couponRuntimeSchema>;

export const couponSchema = couponRuntimeSchema.merge(storedCouponShape).transform(normalizeStoredCoupon);
export type Coupon = z.output<typeof couponSchema>;
export type CouponInput = z.input<typeof couponSchema>;

export function createCoupon(input: CouponInput = {}): Coupon {
  return couponSchema.parse(input);
}

// ---------------------------------------------------------------- coupon settings

/**
 * An exact (least) coefficient, as the bet API takes it: 1.01 to 100,000 with at most two
 * decimals. The platform refuses a coupon whose combined coefficient is below it.
 */
export const exactCoefSchema = z
  .number()
  .finite()
  .min(1.01)
  .max(100_000)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, "at most two decimals");

/**
 * Coupon settings (SPEC §3), one schema wherever they are kept: localStorage with JavaScript,
 * the signed coupon-settings cookie without it (settings-cookie.server.ts). SPEC's
 * isSelectAccountShown and isCouponFixed are left out: a bettor has one account until currency
 * and bonus accounts exist, and the coupon column always stays in view (docs/PRODUCT.md §5).
 */
export const couponSettingsSchema = z.object({
  /** A bettor's own amount step per currency, minor units, keyed by ISO code. */
  amountStepByCurrencyIso: z.record(z.string().regex(/^[A-Z]{3}$/), minorUnitsSchema.positive()).default({}),
  isManualAmountStep: z.boolean().default(false),
  changeCoefAction: changeCoefActionSchema.default(COUPON_DEFAULTS.changeCoefAction),
  isAutoMax: z.boolean().default(false),
  isVipBet: z.boolean().default(false),
  isBalanceShown: z.boolean().default(true),
  isPossibleWinShown: z.boolean().default(true),
  /** null: the currency's initial amount. */
  oneClickAmount: minorUnitsSchema.positive().nullable().default(null),
  isActiveOneClick: z.boolean().default(false),
  /**
   * The least combined coefficient the bettor accepts: sent with the bet (the platform refuses
   * the coupon below it) and, when set, the coefficient of the possible win (SPEC §5).
   */
  exactCoef: exactCoefSchema.nullable().default(null),
  /** A live bet is refused when the score changes during its delay (the platform's score_changed). */
  isDropOnScoreChange: z.boolean().default(false),
  expressId: z.number().int().nullable().default(null),
  bonusAccountOneClickAmount: minorUnitsSchema.positive().nullable().default(null),
});
export type CouponSettings = z.output<typeof couponSettingsSchema>;

// ---------------------------------------------------------------- site config for the coupon

/** The coupon flags and lists of the site config (SPEC §4, §5); off and empty until loaded. */
export const couponConfigSchema = z.object({
  isBonusBetEnabled: z.boolean().default(false),
  isVipBetEnabled: z.boolean().default(false),
  isOneClickEnabled: z.boolean().default(false),
  /** Coupon types the min amount applies to. */
  minAmountCouponTypes: z.array(couponTypeIdSchema).default([]),
  /** Coupon types the max amount applies to (never for the bonus account). */
  maxAmountCouponTypes: z.array(couponTypeIdSchema).default([]),
});
export type CouponConfig = z.output<typeof couponConfigSchema>;

// ---------------------------------------------------------------- system option

export const systemOptionSchema = z.object({
  /** Selections per line (the k of "k of n"). */
  value: z.number().int().min(MIN_SYSTEM_VALUE),
  /** Bankers added to every line. */
  offset: z.number().int().nonnegative(),
  /** The least whole stake: combo × the minimum stake of a line. */
  minBetAmount: minorUnitsSchema,
  /** Number of lines, C(n, value). */
  combo: z.number().int().positive(),
});
export type SystemOption = z.output<typeof systemOptionSchema>;

// ---------------------------------------------------------------- coupon to submit

export const betToSubmitSchema = z.object({
  marketId: idSchema,
  gameId: z.number().int(),
  marketTypeId: z.number().int(),
  kind: z.number().int(),
  coef: coefSchema,
  blockId: z.number().int().nonnegative().nullable(),
  /** Multiple singles only: this bet's own stake. */
  amount: minorUnitsSchema.optional(),
});
export type BetToSubmit = z.output<typeof betToSubmitSchema>;

export const couponToSubmitSchema = z.object({
  /** Idempotency key: a retried submission of the same coupon carries the same id. */
  id: z.string().min(1).max(128),
  accountId: z.number().int(),
  amount: minorUnitsSchema,
  amountByBlockId: z.record(z.string(), minorUnitsSchema),
  bets: z.array(betToSubmitSchema).min(1),
  changeCoefAction: changeCoefActionSchema,
  coef: z.number().finite().nonnegative(),
  coefByView: z.string(),
  coefViewId: z.number().int().nonnegative(),
  exactCoef: coefSchema.nullable(),
  isDropOnScoreChange: z.boolean(),
  prepaidAmount: minorUnitsSchema,
  refId: z.number().int(),
  systemValue: z.number().int().min(MIN_SYSTEM_VALUE),
  typeId: couponTypeIdSchema,
  userId: z.number().int(),
  hyperBonusPercent: z.number().finite().nonnegative(),
  minHyperBonusBetLimit: minorUnitsSchema,
  maxHyperBonusLimit: minorUnitsSchema,
});
export type CouponToSubmit = z.output<typeof couponToSubmitSchema>;

// ---------------------------------------------------------------- coupon notification

/** The coupon notification record, per browser session (SPEC §3). */
export const couponNotificationRecordSchema = z.object({
  betMarketId: idSchema.nullable(),
  /** Epoch ms when the alert may show. */
  timeToShow: z.number().int().nonnegative().nullable(),
  isShown: z.boolean(),
});
export type CouponNotificationRecord = z.output<typeof couponNotificationRecordSchema>;
