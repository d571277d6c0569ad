// What every page's coupon starts from besides its bets: the settings the bettor keeps without
// JavaScript (the coupon-settings cookie) and, with auto-max on, the largest stake the platform
// accepts for the cookie's coupon now, so the stake field shows it as it does with JavaScript.

import { sessionSecret } from "~/env.server";
import { activeAccount, getBalance, maxBetAmount } from "~/services/bets.server";
import { log } from "~/services/log.server";
import { readCouponCookie } from "./cookie-codec.server";
import type { CouponSettings } from "./model";
import { selectionsOfCoupon } from "./place";
import { placeRequest } from "./place-request";
import { createCoupon } from "./schemas";
import { readCouponSettingsCookie } from "./settings-cookie.server";

export interface CouponSettingsSeed {
  /** The cookie's settings; null when the bettor keeps none there. */
  settings: CouponSettings | null;
  /** Auto-max without JavaScript: the maximum stake now, or null. */
  maxBetAmount: number | null;
}

/**
 * The seed for a request. The maximum is asked for only when the cookie's settings have auto-max
 * on, a bettor is signed in (`sessionToken`) and the cookie's coupon has a bet: with JavaScript the
 * browser asks for it itself and the cookie's coupon is empty. A platform that cannot answer
 * leaves the stake at its initial amount.
 */
export async function couponSettingsSeed(request: Request, sessionToken: string | null): Promise<CouponSettingsSeed> {
  const cookies = request.headers.get("cookie");
  const settings = readCouponSettingsCookie(cookies, sessionSecret);
  if (!settings?.isAutoMax || !sessionToken) return { settings, maxBetAmount: null };
  const coupon = createCoupon(readCouponCookie(cookies, sessionSecret));
  const selections = selectionsOfCoupon(coupon);
  if (selections.length === 0) return { settings, maxBetAmount: null };
  try {
    const account = activeAccount(await getBalance(sessionToken, request.signal));
    if (!account) return { settings, maxBetAmount: null };
    const body = placeRequest({
      accountId: account.id,
      typeId: coupon.typeId,
      systemValue: coupon.systemValue,
      selections,
      amount: null,
      settings,
      vipBet: false,
      bonusBet: false,
      promoCode: "",
    });
    const max = await maxBetAmount(sessionToken, body);
    return { settings, maxBetAmount: max.maxBetAmount > 0 ? max.maxBetAmount : null };
  } catch (error) {
    log.warn("coupon.auto_max_failed", { error });
    return { settings, maxBetAmount: null };
  }
}
