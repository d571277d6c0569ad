import { describe, expect, it } from "vitest";
import { COUPON_NOTIFICATION_DELAY_LINE_MS, COUPON_NOTIFICATION_DELAY_LIVE_MS } from "./constants";
import {
  type CouponNotificationState,
  INITIAL_COUPON_NOTIFICATION_STATE,
  type NotificationBet,
  dismissCouponNotification,
  nextCouponNotificationCheckAt,
  notificationBetsOf,
  pickCouponNotificationBet,
  stepCouponNotification,
} from "./notification";
import { makeBet } from "./test-fixtures";

const line = (id: string, isBlocked = false): NotificationBet => ({ id, isBlocked, isLive: false });
const live = (id: string, isBlocked = false): NotificationBet => ({ id, isBlocked, isLive: true });
const away = { isOnCouponPage: false, isQuickCouponOpen: false };

/** Steps the machine through (time, bets, page) moments, as a fake clock would. */
function run(steps: { now: number; bets: NotificationBet[]; isOnCouponPage?: boolean; isQuickCouponOpen?: boolean }[]) {
  return steps.reduce<CouponNotificationState>(
    (state, step) => stepCouponNotification(state, { ...away, ...step }),
    INITIAL_COUPON_NOTIFICATION_STATE,
  );
}

describe("coupon notification", () => {
  it("the delays are 30 s live and 5 min line", () => {
    expect(COUPON_NOTIFICATION_DELAY_LIVE_MS).toBe(30_000);
    expect(COUPON_NOTIFICATION_DELAY_LINE_MS).toBe(300_000);
  });

  it("an empty coupon makes no record", () => {
    expect(run([{ now: 0, bets: [] }])).toBe(INITIAL_COUPON_NOTIFICATION_STATE);
  });

  it("a line bet sets the time to show 5 min ahead and shows then, once", () => {
    const bets = [line("a")];
    const armed = run([{ now: 1000, bets }]);
    expect(armed.record).toEqual({ betMarketId: "a", timeToShow: 301_000, isShown: false });
    expect(armed.alert).toBeNull();
    expect(nextCouponNotificationCheckAt(armed)).toBe(301_000);

    const early = stepCouponNotification(armed, { ...away, now: 300_999, bets });
    expect(early.alert).toBeNull();

    const shown = stepCouponNotification(early, { ...away, now: 301_000, bets });
    expect(shown.alert).toEqual({ betMarketId: "a" });
    expect(shown.record.isShown).toBe(true);
    expect(nextCouponNotificationCheckAt(shown)).toBeNull();

    const dismissed = dismissCouponNotification(shown);
    expect(dismissed.alert).toBeNull();
    expect(stepCouponNotification(dismissed, { ...away, now: 999_999, bets }).alert).toBeNull();
  });

  it("a live bet is preferred and sets the time 30 s ahead", () => {
    const state = run([{ now: 0, bets: [line("a"), live("b")] }]);
    expect(state.record).toEqual({ betMarketId: "b", timeToShow: 30_000, isShown: false });
  });

  it("a pending line record yields to a live bet that appears", () => {
    const state = run([
      { now: 0, bets: [line("a")] },
      { now: 10_000, bets: [line("a"), live("b")] },
    ]);
    expect(state.record).toEqual({ betMarketId: "b", timeToShow: 40_000, isShown: false });
  });

  it("blocked bets are not picked", () => {
    expect(run([{ now: 0, bets: [live("a", true), line("b")] }]).record.betMarketId).toBe("b");
    expect(run([{ now: 0, bets: [line("a", true)] }]).record.betMarketId).toBeNull();
    expect(pickCouponNotificationBet([line("a", true)])).toBeNull();
  });

  it("does not show while the bet is blocked, and shows when it is unblocked again", () => {
    const blocked = run([
      { now: 0, bets: [live("a")] },
      { now: 30_000, bets: [live("a", true)] },
    ]);
    expect(blocked.alert).toBeNull();
    expect(blocked.record.isShown).toBe(false);
    const unblocked = stepCouponNotification(blocked, { ...away, now: 31_000, bets: [live("a")] });
    expect(unblocked.alert).toEqual({ betMarketId: "a" });
  });

  it("does not show on the coupon page nor with the quick coupon open", () => {
    const onPage = run([
      { now: 0, bets: [live("a")] },
      { now: 30_000, bets: [live("a")], isOnCouponPage: true },
    ]);
    expect(onPage.alert).toBeNull();
    const quick = run([
      { now: 0, bets: [live("a")] },
      { now: 30_000, bets: [live("a")], isQuickCouponOpen: true },
    ]);
    expect(quick.alert).toBeNull();
    expect(quick.record.isShown).toBe(false);
  });

  it("if the bet is gone the record resets (and its alert closes)", () => {
    const shown = run([
      { now: 0, bets: [live("a"), line("b")] },
      { now: 30_000, bets: [live("a"), line("b")] },
    ]);
    expect(shown.alert).toEqual({ betMarketId: "a" });
    const gone = stepCouponNotification(shown, { ...away, now: 31_000, bets: [line("b")] });
    expect(gone.alert).toBeNull();
    // the reset record is taken at once by the bet that is left
    expect(gone.record).toEqual({ betMarketId: "b", timeToShow: 331_000, isShown: false });
  });

  it("the alert closes when the coupon empties", () => {
    const shown = run([
      { now: 0, bets: [live("a")] },
      { now: 30_000, bets: [live("a")] },
    ]);
    const empty = stepCouponNotification(shown, { ...away, now: 30_001, bets: [] });
    expect(empty.alert).toBeNull();
    expect(empty.record.betMarketId).toBeNull();
  });

  it("the alert closes when the coupon page opens", () => {
    const shown = run([
      { now: 0, bets: [live("a")] },
      { now: 30_000, bets: [live("a")] },
    ]);
    const opened = stepCouponNotification(shown, { now: 30_001, bets: [live("a")], isOnCouponPage: true, isQuickCouponOpen: false });
    expect(opened.alert).toBeNull();
    expect(opened.record.isShown).toBe(true);
  });

  it("at most 1 notification shows at once", () => {
    const state = run([
      { now: 0, bets: [live("a"), live("b"), line("c")] },
      { now: 400_000, bets: [live("a"), live("b"), line("c")] },
      { now: 800_000, bets: [live("a"), live("b"), line("c")] },
    ]);
    expect(state.alert).toEqual({ betMarketId: "a" });
  });

  it("a step that changes nothing returns the same state", () => {
    const armed = run([{ now: 0, bets: [line("a")] }]);
    expect(stepCouponNotification(armed, { ...away, now: 10, bets: [line("a")] })).toBe(armed);
    expect(dismissCouponNotification(armed)).toBe(armed);
  });

  it("reads bets in coupon: id, blocked, live", () => {
    expect(notificationBetsOf([makeBet({ id: "x", isBlocked: true, isLive: true })])).toEqual([{ id: "x", isBlocked: true, isLive: true }]);
  });
});
