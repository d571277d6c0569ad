// Business constants of the betting coupon (SPEC §3, §4, §9). Named once here;
// the site-wide app/constants.ts may re-export them.

import { CHANGE_COEF_ACTION } from "../../betting-math/change-coef";
import { COUPON_TYPE } from "../../betting-math/coupon-types";

/** Bet status ids (SPEC §4): the settlement state of one bet. */
export const BET_STATUS_ID = {
  NOT_CALCULATED: -2,
  GAME_NOT_STARTED: -1,
  LOSE: 0,
  WIN: 1,
  RETURN: 2,
  FORCED_RETURN: 3,
  HALF_WIN_HALF_RETURN: 4,
  HALF_LOSE_HALF_RETURN: 5,
  HALF_LOSE_HALF_WIN: 6,
} as const;
export type BetStatusId = (typeof BET_STATUS_ID)[keyof typeof BET_STATUS_ID];

/** Coupon types (SPEC §4): named in betting-math/ so the platform and the maths use the same names. */
export { COUPON_TYPE };
export type { NamedCouponTypeId } from "../../betting-math/coupon-types";

/**
 * What to do when a coefficient changes before the coupon is accepted. SPEC §3 gives
 * only the default (2); the meaning of 0 and 1 follows the usual bookmaker setting
 * "accept odds changes: never / when they rise / always".
 */
export { CHANGE_COEF_ACTION, type ChangeCoefAction } from "../../betting-math/change-coef";

/** The system value never goes below 2 (SPEC §3, §4). */
export const MIN_SYSTEM_VALUE = 2;

/** Coupon defaults (SPEC §9): tab 1, type 0, change coef action 2, system value 2, max bet infinity. */
export const COUPON_DEFAULTS = {
  tab: 1,
  typeId: COUPON_TYPE.SINGLE,
  changeCoefAction: CHANGE_COEF_ACTION.ACCEPT_HIGHER,
  systemValue: MIN_SYSTEM_VALUE,
  maxBetAmount: Number.POSITIVE_INFINITY,
} as const;

/** A game is finished at status 4; statuses 2 and 3 make a bet live (SPEC §4). */
export const FINISHED_GAME_STATUS = 4;
export const LIVE_GAME_STATUSES: readonly number[] = [2, 3];

/**
 * The lobby block: bets placed in it ride in every line of a system, i.e. they are
 * bankers. A system coupon is "with banker" exactly when this block exists (SPEC §4).
 */
export const LOBBY_BLOCK_ID = 0;

/** Bonus bet conditions and coefficient (SPEC §4 Bet rules), shared with the platform. */
export { BONUS_BET } from "../../betting-math/bonus-bet";

/** The offered bonus bet shows in the coupon as a pseudo-bet with this id; deleting it sets manuallyDeletedBonusBet. */
export const BONUS_BET_ID = "bonus-bet";

/** Coupon notification (SPEC §4, §9): 30 s for a live bet, 5 min for a line bet, at most 1 at once. */
export const COUPON_NOTIFICATION_DELAY_LIVE_MS = 30_000;
export const COUPON_NOTIFICATION_DELAY_LINE_MS = 300_000;
export const MAX_COUPON_NOTIFICATIONS_AT_ONCE = 1;

/** Dictionary key of the confirmation asked before one-click betting clears the coupon (SPEC §4). */
export const ONE_CLICK_CONFIRM_TITLE_KEY = "coupon_will_be_cleared";

/** Default currency (SPEC §9) and the fallback of the currency defaults table. */
export const FALLBACK_CURRENCY_ISO = "RUB";

/** localStorage keys (SPEC §3 "stored locally"); the suffix versions the stored shape. */
export const COUPON_STORAGE_KEY = "coupon:v1";
export const COUPON_SETTINGS_STORAGE_KEY = "coupon-settings:v1";
/** sessionStorage key: the coupon notification lives per browser session (SPEC §3). */
export const COUPON_NOTIFICATION_STORAGE_KEY = "coupon-notification:v1";

/**
 * Browsers keep at least 4096 bytes per cookie (name, value and attributes, RFC 6265
 * §6.1); capping the value at 3800 leaves room for the name and the attributes.
 */
export const COUPON_COOKIE_MAX_VALUE_BYTES = 3800;


/** The lowest price a coupon can hold; below it converted formats are undefined or unbounded. */
export const MIN_DISPLAYABLE_ODDS = 1.01;
/** Shown instead of a price that is not a number at all (NaN, infinite, below 1). */
export const NO_ODDS_PLACEHOLDER = "—";
