// When scripts start, the coupon kept in the cookie (built without JavaScript) joins the
// one in localStorage: newest wins, then the caller clears the cookie (DESIGN principle 2).

import { couponTypeForBetCount } from "./coupon";
import { type CouponBet, type StoredCoupon, getBetId, normalizeStoredCoupon } from "./model";
import { splitSystemBets, systemValueWithinRange } from "./rules";

function newestAddedAt(coupon: StoredCoupon): number {
  return coupon.bets.reduce((newest, bet) => Math.max(newest, coupon.addedAtByBetId[getBetId(bet)] ?? 0), -1);
}

/**
 * The cookie's bets join the stored ones. A bet in both keeps the copy added last (a tie
 * keeps localStorage's). The coupon type and system value come from the coupon whose
 * newest bet is newer, since that is the one the bettor touched last. Bets come out in
 * the order they were added.
 */
export function mergeCookieCouponIntoStored(stored: StoredCoupon, cookie: StoredCoupon): StoredCoupon {
  if (cookie.bets.length === 0) return stored;
  const addedAt = (coupon: StoredCoupon, bet: CouponBet) => coupon.addedAtByBetId[getBetId(bet)] ?? 0;

  const merged = new Map<string, { bet: CouponBet; at: number }>();
  for (const bet of stored.bets) merged.set(getBetId(bet), { bet, at: addedAt(stored, bet) });
  for (const bet of cookie.bets) {
    const existing = merged.get(getBetId(bet));
    const at = addedAt(cookie, bet);
    if (!existing || at > existing.at) merged.set(getBetId(bet), { bet, at });
  }

  const entries = [...merged.values()].sort((a, b) => a.at - b.at);
  const bets = entries.map((entry) => entry.bet);
  const addedAtByBetId = Object.fromEntries(entries.map((entry) => [getBetId(entry.bet), entry.at]));
  const leader = newestAddedAt(cookie) > newestAddedAt(stored) ? cookie : stored;
  const typeId = couponTypeForBetCount(leader.typeId, bets.length);
  const { selections } = splitSystemBets({ typeId, bets });
  return normalizeStoredCoupon({
    bets,
    addedAtByBetId,
    typeId,
    systemValue: systemValueWithinRange(leader.systemValue, selections.length),
  });
}
