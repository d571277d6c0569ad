import { describe, expect, it } from "vitest";
import { addBetToCouponAtom, couponNotificationAtom, createCouponStore, deleteBetFromCouponAtom, updateCouponBetsAtom } from "./atoms";
import { type Timers, driveCouponNotification } from "./notification-driver";
import { makeBet } from "./test-fixtures";

/** A fake clock and fake timers: time moves only when the test says. */
function fakeTime() {
  let now = 0;
  let nextHandle = 1;
  const pending = new Map<number, { at: number; callback: () => void }>();
  const timers: Timers = {
    setTimeout(callback, delayMs) {
      const handle = nextHandle++;
      pending.set(handle, { at: now + delayMs, callback });
      return handle;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
  };
  return {
    clock: { now: () => now },
    timers,
    pendingCount: () => pending.size,
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...pending.entries()].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        pending.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = until;
    },
  };
}

const away = { isOnCouponPage: false, isQuickCouponOpen: false };

describe("driveCouponNotification", () => {
  it("arms on a new bet and shows the alert when the time comes", () => {
    const time = fakeTime();
    const store = createCouponStore({ clock: time.clock });
    const driver = driveCouponNotification(store, away, time.timers);
    store.set(addBetToCouponAtom, makeBet({ id: "a", isLive: true }));
    expect(store.get(couponNotificationAtom).record.timeToShow).toBe(30_000);

    time.advance(29_999);
    expect(store.get(couponNotificationAtom).alert).toBeNull();
    time.advance(1);
    expect(store.get(couponNotificationAtom).alert).toEqual({ betMarketId: "a" });
    expect(time.pendingCount()).toBe(0);
    driver.stop();
  });

  it("a line bet waits 5 minutes", () => {
    const time = fakeTime();
    const store = createCouponStore({ clock: time.clock });
    driveCouponNotification(store, away, time.timers);
    store.set(addBetToCouponAtom, makeBet({ id: "a" }));
    time.advance(299_999);
    expect(store.get(couponNotificationAtom).alert).toBeNull();
    time.advance(1);
    expect(store.get(couponNotificationAtom).alert).toEqual({ betMarketId: "a" });
  });

  it("does not show on the coupon page, and shows once the player leaves it", () => {
    const time = fakeTime();
    const store = createCouponStore({ clock: time.clock });
    const driver = driveCouponNotification(store, { ...away, isOnCouponPage: true }, time.timers);
    store.set(addBetToCouponAtom, makeBet({ id: "a", isLive: true }));
    time.advance(60_000);
    expect(store.get(couponNotificationAtom).alert).toBeNull();
    expect(time.pendingCount()).toBe(0); // a due record waits for a change, not a busy timer
    driver.setPage(away);
    expect(store.get(couponNotificationAtom).alert).toEqual({ betMarketId: "a" });
    driver.setPage({ ...away, isOnCouponPage: true });
    expect(store.get(couponNotificationAtom).alert).toBeNull();
  });

  it("shows when a blocked bet is unblocked after its time", () => {
    const time = fakeTime();
    const store = createCouponStore({ clock: time.clock });
    driveCouponNotification(store, away, time.timers);
    store.set(addBetToCouponAtom, makeBet({ id: "a", isLive: true }));
    store.set(updateCouponBetsAtom, [makeBet({ id: "a", isLive: true, isBlocked: true })]);
    time.advance(45_000);
    expect(store.get(couponNotificationAtom).alert).toBeNull();
    store.set(updateCouponBetsAtom, [makeBet({ id: "a", isLive: true })]);
    expect(store.get(couponNotificationAtom).alert).toEqual({ betMarketId: "a" });
  });

  it("closes the alert when the coupon empties", () => {
    const time = fakeTime();
    const store = createCouponStore({ clock: time.clock });
    driveCouponNotification(store, away, time.timers);
    store.set(addBetToCouponAtom, makeBet({ id: "a", isLive: true }));
    time.advance(30_000);
    store.set(deleteBetFromCouponAtom, "a");
    expect(store.get(couponNotificationAtom)).toEqual({
      record: { betMarketId: null, timeToShow: null, isShown: false },
      alert: null,
    });
  });

  it("stops: no more steps, no timers left", () => {
    const time = fakeTime();
    const store = createCouponStore({ clock: time.clock });
    const driver = driveCouponNotification(store, away, time.timers);
    store.set(addBetToCouponAtom, makeBet({ id: "a", isLive: true }));
    driver.stop();
    expect(time.pendingCount()).toBe(0);
    time.advance(60_000);
    expect(store.get(couponNotificationAtom).alert).toBeNull();
  });
});
