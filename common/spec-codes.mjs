// @ts-check
/**
 * Numbers SPEC.md gives a meaning to, named once for both programs. Plain JavaScript (.mjs with
 * JSDoc types) so that modules Node reads without a compiler, such as the route table that
 * remix.config.js loads, can import it as well as the site's and the platform's TypeScript.
 * Coupon types live with the maths that uses them (betting-math/coupon-types.ts).
 */

/** Feature route numbers (SPEC §5): a page with one needs it in the config's availableRoutes. */
export const FEATURE_ROUTE = /** @type {const} */ ({
  RULES: 47,
  PAYMENT: 52,
});

/**
 * Ban levels (SPEC §4): level 1 or 2 decides which routes a banned user still reaches; the
 * withdrawal ("deduce") route is reachable at 45 for ban version 1 and at 53 from version 2 on.
 */
export const BAN_LEVEL = /** @type {const} */ ({
  LEVEL_1: 1,
  LEVEL_2: 2,
  DEDUCE_V1: 45,
  DEDUCE_V2: 53,
});

/** Block reasons (displayTypeId) and the block page each leads to (SPEC §4). */
export const BLOCK_REASONS_BY_PAGE = /** @type {const} */ ({
  "site-updates": [4],
  suspension: [16],
  block: [1, 2, 3, 5, 14],
  "block-ua": [13],
  "block-ie": [17],
  "coming-soon": [8],
});

/** Every block reason the site has a page for, in the order of the pages above. */
export const BLOCK_REASONS = /** @type {readonly number[]} */ (Object.values(BLOCK_REASONS_BY_PAGE).flat());

/** Responsible-gaming limit types (SPEC §9 "Responsible-gaming limit types"). */
export const LIMIT_TYPE = /** @type {const} */ ({
  WAGER_24H: 1,
  WAGER_7D: 2,
  WAGER_30D: 3,
  LOSS_24H: 10,
  LOSS_7D: 11,
  LOSS_30D: 12,
  DEPOSIT_24H: 20,
  DEPOSIT_7D: 21,
  DEPOSIT_30D: 22,
  SELF_EXCLUSION: 30,
  /** Session hours; in one reading also a balance limit. */
  SESSION_HOURS: 31,
  REALITY_CHECK: 32,
  /** Deposit time-out; also called another period limit. */
  TIMEOUT: 33,
  EXTRA: 37,
});

/** Deposit limits whose pending change waits for approval (SPEC §4 "Limits"). */
export const DEPOSIT_LIMIT_TYPES = /** @type {const} */ ([LIMIT_TYPE.DEPOSIT_24H, LIMIT_TYPE.DEPOSIT_7D, LIMIT_TYPE.DEPOSIT_30D]);

/** The "no limit" option of the 7-day deposit limit (SPEC §9). */
export const DEPOSIT_NO_LIMIT_VALUE = 999_999_999;
