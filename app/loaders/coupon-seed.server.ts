import { readCouponCookie } from "~/coupon/cookie-codec.server";
import { couponCurrency } from "~/coupon/currency-defaults";
import { couponConfigSchema } from "~/coupon/schemas";
import type { CouponSeed } from "~/coupon/seed";
import { sessionSecret } from "~/env.server";
import { type DisplaySettings, defaultDisplay } from "~/sports/display";
import { COOKIES } from "~/lib/cookies.server";
import { parseDisplayCookie, parseSavedDisplay } from "~/sports/display-schema";
import { requestCookies } from "~/lib/request.server";
import type { SiteConfig } from "~/services/site-config";
import type { SiteContext } from "./site.server";

/**
 * The display settings: a signed-in bettor's from the platform once saved, else the cookie
 * (guests, and bettors who never saved any), else the site config's defaults.
 */
export function displaySettings(request: Request, site: SiteContext, saved?: Record<string, unknown> | null): DisplaySettings {
  const fromCookie = parseDisplayCookie(requestCookies(request)[COOKIES.display.name], defaultDisplay(site.config));
  return saved ? parseSavedDisplay(saved, fromCookie) : fromCookie;
}

/**
 * The coupon's flags of a site config, parsed once per config answer (the site caches the
 * config and shares its object between requests), not on every page.
 */
const couponConfigs = new WeakMap<SiteConfig, CouponSeed["config"]>();

function couponConfigOf(config: SiteConfig): CouponSeed["config"] {
  let coupon = couponConfigs.get(config);
  if (!coupon) {
    coupon = couponConfigSchema.parse({
      isBonusBetEnabled: config.features.bonusBet,
      isVipBetEnabled: config.features.vipBet,
      isOneClickEnabled: config.features.oneClickBet,
      minAmountCouponTypes: config.coupon.minAmountCouponTypes,
      maxAmountCouponTypes: config.coupon.maxAmountCouponTypes,
    });
    couponConfigs.set(config, coupon);
  }
  return coupon;
}

/**
 * What the coupon store starts from on every page: the cookie coupon, the config's coupon flags,
 * the currency (the bettor's own, else the site's) and odds format.
 */
export function couponSeed(
  request: Request,
  site: SiteContext,
  isSignedIn: boolean,
  saved?: Record<string, unknown> | null,
  currency?: string | null,
): CouponSeed {
  const { config } = site;
  return {
    cookieCoupon: readCouponCookie(request.headers.get("cookie"), sessionSecret),
    config: couponConfigOf(config),
    currency: couponCurrency(currency ?? config.defaultCurrency),
    oddsFormat: displaySettings(request, site, saved).odds,
    isSignedIn,
  };
}
