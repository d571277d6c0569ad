// Runs the coupon notification machine against a store: one step whenever the coupon or
// the page changes, and one when the pending time to show comes. Time is read from the
// store's clock (couponClockAtom) and timers are injectable, so tests can fake both.

import {
  type CouponNotificationPage,
  type CouponStore,
  couponBetsAtom,
  couponClockAtom,
  stepCouponNotificationAtom,
} from "./store";
import { nextCouponNotificationCheckAt } from "./notification";

export interface Timers {
  setTimeout(callback: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
}

const GLOBAL_TIMERS: Timers = {
  setTimeout: (callback, delayMs) => globalThis.setTimeout(callback, delayMs),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export interface CouponNotificationDriver {
  /** The player moved: coupon page opened or left, quick coupon opened or closed. */
  setPage(page: CouponNotificationPage): void;
  stop(): void;
}

export function driveCouponNotification(
  store: CouponStore,
  initialPage: CouponNotificationPage,
  timers: Timers = GLOBAL_TIMERS,
): CouponNotificationDriver {
  let page = initialPage;
  let handle: unknown = null;
  let stopped = false;

  const step = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
    if (stopped) return;
    const state = store.set(stepCouponNotificationAtom, page);
    const at = nextCouponNotificationCheckAt(state);
    const now = store.get(couponClockAtom).now();
    // a due record that could not show (bet blocked, coupon page open) waits for a
    // change of the coupon or the page rather than a timer
    if (at !== null && at > now) handle = timers.setTimeout(step, at - now);
  };

  const unsubscribe = store.sub(couponBetsAtom, step);
  step();
  return {
    setPage(next) {
      page = next;
      step();
    },
    stop() {
      stopped = true;
      unsubscribe();
      if (handle !== null) timers.clearTimeout(handle);
      handle = null;
    },
  };
}
