// The coupon notification of SPEC §4 as a pure state machine. It never reads a clock:
// every step is given `now`, so a test (or the driver in atoms.ts) decides what time it is.
//
// - When the coupon has an unblocked bet (live preferred) and no record, the record takes
//   that bet, with time to show 30 s (live) or 5 min (line) ahead. A pending line record
//   yields to a live bet that appears, since live is preferred.
// - When that time has passed, the bet is still unblocked, and the player is neither on
//   the coupon page nor has the quick coupon open, the warning alert appears and the
//   record is marked shown. It shows once per record.
// - If the bet is gone the record resets (and its alert closes).
// - The alert closes when the coupon empties or the coupon page opens.
// - At most 1 alert shows at once: the state has one slot.

import {
  COUPON_NOTIFICATION_DELAY_LINE_MS,
  COUPON_NOTIFICATION_DELAY_LIVE_MS,
} from "./constants";
import { type CouponBet, type CouponNotificationRecord, EMPTY_COUPON_NOTIFICATION_RECORD, getBetId, isBetLive } from "./model";

/** What the machine needs to know of a bet. */
export interface NotificationBet {
  readonly id: string;
  readonly isBlocked: boolean;
  readonly isLive: boolean;
}

export function notificationBetsOf(bets: readonly CouponBet[]): NotificationBet[] {
  return bets.map((bet) => ({ id: getBetId(bet), isBlocked: bet.isBlocked, isLive: isBetLive(bet) }));
}

export interface CouponNotificationState {
  readonly record: CouponNotificationRecord;
  /** The warning alert on screen, for the record's bet; null when none shows. */
  readonly alert: { readonly betMarketId: string } | null;
}

export const INITIAL_COUPON_NOTIFICATION_STATE: CouponNotificationState = Object.freeze({
  record: EMPTY_COUPON_NOTIFICATION_RECORD,
  alert: null,
});

export interface CouponNotificationInput {
  readonly now: number;
  readonly bets: readonly NotificationBet[];
  readonly isOnCouponPage: boolean;
  readonly isQuickCouponOpen: boolean;
}

export function couponNotificationDelay(bet: Pick<NotificationBet, "isLive">): number {
  return bet.isLive ? COUPON_NOTIFICATION_DELAY_LIVE_MS : COUPON_NOTIFICATION_DELAY_LINE_MS;
}

/** The bet a new record follows: an unblocked live bet if any, else an unblocked one. */
export function pickCouponNotificationBet(bets: readonly NotificationBet[]): NotificationBet | null {
  const unblocked = bets.filter((bet) => !bet.isBlocked);
  return unblocked.find((bet) => bet.isLive) ?? unblocked[0] ?? null;
}

function recordFor(bet: NotificationBet, now: number): CouponNotificationRecord {
  return { betMarketId: bet.id, timeToShow: now + couponNotificationDelay(bet), isShown: false };
}

/** One step of the machine: the state after the coupon, the page and the clock read `input`. */
export function stepCouponNotification(
  state: CouponNotificationState,
  input: CouponNotificationInput,
): CouponNotificationState {
  const { now, bets, isOnCouponPage, isQuickCouponOpen } = input;
  const byId = new Map(bets.map((bet) => [bet.id, bet]));
  let { record, alert } = state;

  if (bets.length === 0 || isOnCouponPage) alert = null;

  if (record.betMarketId !== null && !byId.has(record.betMarketId)) {
    if (alert?.betMarketId === record.betMarketId) alert = null;
    record = EMPTY_COUPON_NOTIFICATION_RECORD;
  }

  const candidate = pickCouponNotificationBet(bets);
  if (record.betMarketId === null) {
    if (candidate) record = recordFor(candidate, now);
  } else if (!record.isShown && candidate?.isLive && byId.get(record.betMarketId)?.isLive === false) {
    record = recordFor(candidate, now);
  }

  const bet = record.betMarketId === null ? undefined : byId.get(record.betMarketId);
  const isDue = !record.isShown && record.timeToShow !== null && now >= record.timeToShow;
  if (isDue && bet && !bet.isBlocked && !isOnCouponPage && !isQuickCouponOpen && alert === null) {
    alert = { betMarketId: bet.id };
    record = { ...record, isShown: true };
  }

  return record === state.record && alert === state.alert ? state : { record, alert };
}

/** The player closed the alert. The record stays shown, so it does not come back. */
export function dismissCouponNotification(state: CouponNotificationState): CouponNotificationState {
  return state.alert === null ? state : { ...state, alert: null };
}

/** When the machine next needs a step without any other change: the pending time to show. */
export function nextCouponNotificationCheckAt(state: CouponNotificationState): number | null {
  return state.record.isShown ? null : state.record.timeToShow;
}
