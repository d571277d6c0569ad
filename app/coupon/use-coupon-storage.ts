// React glue for the coupon state: after hydration, load the coupon domain (atoms.ts, decision
// 053) and connect the store to the browser's storage, and run the coupon notification while
// the page is open. The logic lives in store.ts, atoms.ts and
// notification-driver.ts; these hooks only give it window and an effect.

import { useAtomValue, useStore } from "jotai";
import { useEffect, useRef } from "react";
import {
  type CouponNotificationPage,
  type KeyValueStorage,
  couponNotificationAtom,
  loadCouponAtoms,
} from "./store";
import type { StoredCoupon } from "./model";
import { type CouponNotificationDriver, driveCouponNotification } from "./notification-driver";

/** window.localStorage or sessionStorage, or null where the browser refuses it (privacy settings). */
function browserStorage(kind: "localStorage" | "sessionStorage"): KeyValueStorage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

/**
 * Hydrates the coupon from localStorage (merging the cookie's coupon, then calling
 * onCookieMerged so the caller clears the cookie) and follows other tabs. Runs in an
 * effect, so the server render and the first client render both use the seed. The storage
 * parsers (zod) and the coupon domain load here, after hydration, rather than with the page.
 */
export function useCouponStorage(options: { cookieCoupon?: StoredCoupon | null; onCookieMerged?: () => void } = {}): void {
  const store = useStore();
  const optionsRef = useRef(options);
  optionsRef.current = options;
  useEffect(() => {
    let disconnect: (() => void) | null = null;
    let unmounted = false;
    // One retry: a chunk that failed to load (a network blip) would leave the coupon unstored.
    const load = () => Promise.all([import("./storage-parsers"), loadCouponAtoms()]);
    const retried = () => load().catch(() => new Promise((wait) => setTimeout(wait, 1_000)).then(load));
    void retried().then(([{ couponStorageParsers }, { connectCouponStorage }]) => {
      if (unmounted) return;
      disconnect = connectCouponStorage(store, {
        parsers: couponStorageParsers,
        localStorage: browserStorage("localStorage"),
        sessionStorage: browserStorage("sessionStorage"),
        cookieCoupon: optionsRef.current.cookieCoupon ?? null,
        events: window,
        onCookieMerged: () => optionsRef.current.onCookieMerged?.(),
      });
    }, () => {
      // Still not loaded: the coupon keeps working from memory for this page.
    });
    return () => {
      unmounted = true;
      disconnect?.();
    };
  }, [store]);
}

/** Runs the coupon notification and returns its state (the alert to show, if any). */
export function useCouponNotification(page: CouponNotificationPage) {
  const store = useStore();
  const driverRef = useRef<CouponNotificationDriver | null>(null);
  const pageRef = useRef(page);
  pageRef.current = page;
  const { isOnCouponPage, isQuickCouponOpen } = page;
  // one driver per store; page moves are passed on below, so timers are not re-armed on each move
  useEffect(() => {
    const driver = driveCouponNotification(store, pageRef.current);
    driverRef.current = driver;
    return () => {
      driver.stop();
      driverRef.current = null;
    };
  }, [store]);
  useEffect(() => {
    driverRef.current?.setPage({ isOnCouponPage, isQuickCouponOpen });
  }, [isOnCouponPage, isQuickCouponOpen]);
  return useAtomValue(couponNotificationAtom);
}
