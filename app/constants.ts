/**
 * Business constants of SPEC §9, each named once. Values are in the unit their name says.
 */

// Timing
export const SESSION_POLL_MS = 60_000;
export const LIMIT_PING_MS = 30_000;
export const PAGE_LEAVE_PAUSE_MS = 30_000;
export const AGE_RESTRICTION_STORAGE_MS = 259_200_000;
export const GRANT_COOKIE_S = 1_800;
export const ACTIVITY_THROTTLE_MS = 100;
export const RELOAD_GUARD_MS = 60_000;
export const NOTIFICATION_AUTO_CLOSE_MS = 10_000;
export const TOKEN_REQUEST_SHARING_MS = 60_000;
export const PENDING_DEPOSIT_LIMIT_APPROVAL_S = 86_400;

// Retries of upstream calls (times are retries after the first attempt)
export const CONFIG_RETRY = { times: 5, delayMs: 1_000 } as const;
export const REDIRECT_CHECK_RETRY = { times: 5, delayMs: 1_000 } as const;
export const BLOCK_CHECK_RETRY = { times: 2, delayMs: 100 } as const;
export const SESSION_CHECK_RETRY = { times: 2, delayMs: 1_500 } as const;
export const BALANCE_POLL = { times: 5, delayMs: 2_500 } as const;
/**
 * One deadline for a page's guard calls (redirect rules, block check and the session lookup,
 * which go out together): the retries above run inside it, then each falls back as SPEC §8 says
 * (issue 11, decision 021).
 */
export const GUARD_DEADLINE_MS = 3_000;
/** The same for a form post (a bet, a password change): its sender waits for the answer anyway. */
export const ACTION_GUARD_DEADLINE_MS = 10_000;
/**
 * A visitor the site sent to maintenance because the block check failed has the check asked
 * again on their next page, at most this often per process while it keeps failing, and the mark
 * goes once it answers (decision 062): the outage costs the visitor seconds after it ends, not
 * the mark's minute.
 */
export const MAINTENANCE_MARK_RECHECK_MS = 1_000;

// Caching
export const CONFIG_CACHE_SECONDS = { min: 600, max: 900 } as const;
/** How long past its cache time a copy of the config is still served while it cannot be refreshed (decision 020). */
export const CONFIG_STALE_SECONDS = 900;
/** The pause before a failed background refresh of the config is tried again (decision 020). */
export const CONFIG_REFRESH_RETRY_MS = 5_000;

// Polling intervals
export const POLL_DEFAULT_MS = 10_000;
export const POLL_LINE_MS = 15_000;
export const POLL_MESSAGES_MS = 60_000;

// Cookie lifetimes
export const COOKIE_DEFAULT_MAX_AGE_S = 86_400;
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 86_400;

// Display and defaults
export const DEFAULT_CURRENCY = "RUB";
export const DEFAULT_LANGUAGE = "ru";
export const FALLBACK_LANGUAGE = "en";
export const DEFAULT_TIME_ZONE = 3;
export const MAX_NOTIFICATIONS_AT_ONCE = 1;
export const SCREEN_BREAKPOINTS = [1920, 1366, 1100, 1024] as const;

// Feature routes, ban levels, block reasons and limit types are named in common/spec-codes.mjs,
// which the platform and plain-Node modules (the route table) can import too
export { BAN_LEVEL, BLOCK_REASONS, BLOCK_REASONS_BY_PAGE, DEPOSIT_LIMIT_TYPES, DEPOSIT_NO_LIMIT_VALUE, FEATURE_ROUTE, LIMIT_TYPE } from "../common/spec-codes.mjs";

// Geo country ids for which the policy logo shows
export const POLICY_LOGO_COUNTRY_IDS = [1, 66, 126, 228, 120] as const;

// Payments (issue 34): the methods the dictionaries name (a method the platform adds later is
// left out until they name it), and SPEC §3's payment status_id by position, 0 awaiting … 4 cancelled
export const PAYMENT_METHODS = ["card", "ewallet", "bank"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_STATUSES = ["awaiting", "pending", "success", "failed", "cancelled"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
