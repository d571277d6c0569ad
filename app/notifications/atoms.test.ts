import { createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NOTIFICATION_AUTO_CLOSE_MS } from "~/constants";
import { makeBet } from "~/coupon/test-fixtures";
import { type SiteNotice, closeNoticeAtom, driveNotices, holdNoticeAtom, noticesAtom, notifyCouponChangesAtom, pushNoticeAtom, removeNoticeAtom } from "./atoms";

const notice = (key: string, extra: Partial<SiteNotice> = {}): SiteNotice => ({ key, kind: "ok", body: { type: "node", node: key }, ...extra });
const shown = (store: ReturnType<typeof createStore>) => store.get(noticesAtom).shown.map((s) => s.key);

describe("the notification atoms and their timer", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("closes a notification by itself after 10 s and calls its onClose", () => {
    const store = createStore();
    const stop = driveNotices(store);
    const onClose = vi.fn();
    store.set(pushNoticeAtom, notice("a", { onClose }));
    vi.advanceTimersByTime(NOTIFICATION_AUTO_CLOSE_MS - 1);
    expect(shown(store)).toEqual(["a"]);
    vi.advanceTimersByTime(1);
    expect(shown(store)).toEqual([]);
    expect(onClose).toHaveBeenCalledOnce();
    stop();
  });

  it("shows one at a time: the next waits behind a sticky one and gets its own 10 s", () => {
    const store = createStore();
    const stop = driveNotices(store);
    store.set(pushNoticeAtom, notice("refusal", { sticky: true, kind: "error" }));
    vi.advanceTimersByTime(4_000);
    store.set(pushNoticeAtom, notice("odds"));
    expect(shown(store)).toEqual(["refusal"]);
    vi.advanceTimersByTime(6_000);
    expect(shown(store)).toEqual(["odds"]);
    vi.advanceTimersByTime(9_999);
    expect(shown(store)).toEqual(["odds"]);
    vi.advanceTimersByTime(1);
    expect(shown(store)).toEqual([]);
    stop();
  });

  it("restarts the time of a notification replaced by a newer one", () => {
    const store = createStore();
    const stop = driveNotices(store);
    store.set(pushNoticeAtom, notice("a"));
    vi.advanceTimersByTime(8_000);
    store.set(pushNoticeAtom, notice("b"));
    vi.advanceTimersByTime(8_000);
    expect(shown(store)).toEqual(["b"]);
    vi.advanceTimersByTime(2_000);
    expect(shown(store)).toEqual([]);
    stop();
  });

  it("keeps a held notification and closes it 10 s after it is let go", () => {
    const store = createStore();
    const stop = driveNotices(store);
    store.set(pushNoticeAtom, notice("a"));
    store.set(holdNoticeAtom, { key: "a", held: true });
    vi.advanceTimersByTime(60_000);
    expect(shown(store)).toEqual(["a"]);
    store.set(holdNoticeAtom, { key: "a", held: false });
    vi.advanceTimersByTime(NOTIFICATION_AUTO_CLOSE_MS);
    expect(shown(store)).toEqual([]);
    stop();
  });

  it("calls onClose of a notification a newer one replaces, not of one updated in place", () => {
    const store = createStore();
    const replaced = vi.fn();
    const updated = vi.fn();
    store.set(pushNoticeAtom, notice("a", { onClose: updated }));
    store.set(pushNoticeAtom, notice("a", { onClose: replaced }));
    store.set(pushNoticeAtom, notice("b"));
    expect(updated).not.toHaveBeenCalled();
    expect(replaced).toHaveBeenCalledOnce();
    expect(shown(store)).toEqual(["b"]);
  });

  it("calls onClose when the bettor closes it, not when its subject is removed", () => {
    const store = createStore();
    const closed = vi.fn();
    const removed = vi.fn();
    store.set(pushNoticeAtom, notice("a", { onClose: closed }));
    store.set(closeNoticeAtom, "a");
    store.set(pushNoticeAtom, notice("b", { onClose: removed }));
    store.set(removeNoticeAtom, "b");
    expect(closed).toHaveBeenCalledOnce();
    expect(removed).not.toHaveBeenCalled();
    expect(shown(store)).toEqual([]);
  });

  it("runs no timer when nothing can close by itself, and none after it is stopped", () => {
    const store = createStore();
    const stop = driveNotices(store);
    store.set(pushNoticeAtom, notice("placing", { persistent: true }));
    expect(vi.getTimerCount()).toBe(0);
    store.set(pushNoticeAtom, notice("placing"));
    expect(vi.getTimerCount()).toBe(1);
    stop();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(NOTIFICATION_AUTO_CLOSE_MS);
    expect(shown(store)).toEqual(["placing"]);
  });
});

describe("notifyCouponChangesAtom", () => {
  it("shows one notification for the coupon's changes and joins the next update to it", () => {
    const store = createStore();
    const a = makeBet({ id: "a", coef: 1.5 });
    store.set(notifyCouponChangesAtom, [{ type: "coef", bet: a, from: 1.5, to: 1.6 }]);
    store.set(notifyCouponChangesAtom, [{ type: "locked", bet: makeBet({ id: "b" }), lock: "blocked" }]);
    const { shown } = store.get(noticesAtom);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ key: "coupon-changes", title: "notifications.couponChanged" });
    expect(shown[0]!.body.type === "coupon-changes" && shown[0]!.body.changes).toHaveLength(2);
    // A move back takes the bet's line away; the locked bet reopening at a new price is a move.
    store.set(notifyCouponChangesAtom, [{ type: "coef", bet: a, from: 1.6, to: 1.5 }]);
    store.set(notifyCouponChangesAtom, [{ type: "coef", bet: makeBet({ id: "b" }), from: 1.5, to: 1.7 }]);
    expect(store.get(noticesAtom).shown.map((s) => s.title)).toEqual(["notifications.oddsChanged"]);
  });
});
