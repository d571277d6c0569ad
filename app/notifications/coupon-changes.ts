// The notification of a feed update to the coupon (issue 13): odds that moved, with the old and
// the new coefficient, bets that became locked, with their reason, and locked bets open again at
// their coefficient. One subject, so a second update while it shows joins the first: per bet the
// newest news, an odds move counted from the coefficient first reported.

import type { CouponBetChange } from "~/coupon/coupon";
import { getBetId } from "~/coupon/model";
import type { SiteNotice } from "./atoms";

export const COUPON_CHANGES_NOTICE_KEY = "coupon-changes";

export function mergeCouponChanges(earlier: readonly CouponBetChange[], later: readonly CouponBetChange[]): CouponBetChange[] {
  const merged = new Map(earlier.map((c) => [getBetId(c.bet), c]));
  for (const change of later) {
    const id = getBetId(change.bet);
    const before = merged.get(id);
    if (change.type === "coef" && before?.type === "coef") {
      // Moved back where it was first reported from: nothing left to say about this bet.
      if (before.from === change.to) merged.delete(id);
      else merged.set(id, { ...change, from: before.from });
    } else {
      merged.delete(id); // the newest news goes last
      merged.set(id, change);
    }
  }
  return [...merged.values()];
}

const TITLES: Record<CouponBetChange["type"], string> = {
  coef: "notifications.oddsChanged",
  locked: "notifications.betLocked",
  reopened: "notifications.betReopened",
};

/** "Odds changed", "Bet locked" or "Bet open again" when every line says the same, else "Your coupon changed". */
export function couponChangesTitle(changes: readonly CouponBetChange[]): string {
  const type = changes[0]?.type;
  return type && changes.every((c) => c.type === type) ? TITLES[type] : "notifications.couponChanged";
}

/** The notification for these changes joined to the earlier ones still showing or waiting; null when nothing is left to say. */
export function couponChangesNotice(earlier: readonly CouponBetChange[], changes: readonly CouponBetChange[]): SiteNotice | null {
  const merged = mergeCouponChanges(earlier, changes);
  if (merged.length === 0) return null;
  return { key: COUPON_CHANGES_NOTICE_KEY, kind: "warning", title: couponChangesTitle(merged), body: { type: "coupon-changes", changes: merged } };
}
