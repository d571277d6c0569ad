import { serialize } from "cookie";
import { AGE_RESTRICTION_STORAGE_MS, COOKIE_DEFAULT_MAX_AGE_S, GRANT_COOKIE_S, LANGUAGE_COOKIE_MAX_AGE_S } from "~/constants";
import { env, isProduction } from "~/env.server";

/**
 * Every cookie the site sets, declared once: name, path, lifetime, HttpOnly, Secure, SameSite.
 * Lifetimes follow SPEC §7 (client cookies) and §9 (default 1 day). Every cookie is HttpOnly
 * (scripts get what they need from the loaders), SameSite=Lax (top-level navigations from other
 * sites keep the visitor signed in, cross-site posts do not carry them) and path "/".
 *
 * Lifetime:
 * - a number: Max-Age in seconds;
 * - "session": no Max-Age, the cookie lasts for the browser session;
 * - "given": the caller states it each time (the token's expiry, the notice's end).
 */
export type CookieLifetime = number | "session" | "given";

export interface CookieDeclaration {
  readonly name: string;
  readonly path: "/";
  readonly lifetime: CookieLifetime;
  readonly httpOnly: true;
  readonly sameSite: "lax";
  /** Why the cookie exists, for a reader of this table. */
  readonly purpose: string;
}

function declare(name: string, lifetime: CookieLifetime, purpose: string): CookieDeclaration {
  return { name, path: "/", lifetime, httpOnly: true, sameSite: "lax", purpose };
}

/** How long a one-tap result link may wait for the browser that started it. */
export const ONE_TAP_STATE_S = 300;

export const COOKIES = {
  /** SPEC §7: the session token; expiry from the token. */
  userToken: declare("user_token", "given", "session token (SPEC §7), expiry from the token"),
  /** SPEC §7: marks a visitor who has signed in on this browser (hidden languages stay shown). */
  ua: declare("ua", "given", "signed-in marker (SPEC §5, §7), expiry from the token"),
  /** SPEC §7: a target saved before sign-in, applied once after it (the grant lifetime, §9). */
  redirectUrl: declare("redirect_url", GRANT_COOKIE_S, "target after sign-in (SPEC §7)"),
  /** SPEC §5: the chosen language; a year, so a returning visitor is not detected again. */
  language: declare("lng", LANGUAGE_COOKIE_MAX_AGE_S, "chosen language (SPEC §5)"),
  /** SPEC §5: the age gate; three days when "remember" is ticked, else the browser session. */
  ageConfirmed: declare("age_confirmed", "given", "age gate confirmed (SPEC §5, §9)"),
  /** SPEC §4: maintenance forced after a failed block check, retried after a minute. */
  maintenance: declare("maintenance", 60, "maintenance mark after a failed block check (SPEC §4)"),
  /**
   * Set beside the maintenance mark when the site marks it itself (a failed block check): the
   * site may then lift the mark as soon as the check answers again (decision 062). A mark
   * without it (SPEC §4's input, set by anyone else) lasts its whole lifetime.
   */
  maintenanceOutage: declare("maintenance_outage", 60, "the maintenance mark is the site's own, lifted when the block check answers (decision 062)"),
  /** The notify start of the maintenance notice the visitor closed; lasts until the notice ends. */
  maintenanceNoticeClosed: declare("maintenance_notice_closed", "given", "closed maintenance notice"),
  /** A phone that chose the desktop site stays on it (SPEC §9 default lifetime). */
  platformType: declare("platform_type", COOKIE_DEFAULT_MAX_AGE_S, "desktop site chosen on a phone"),
  /** Set by an inactivity logout; the next page shows the auto-logoff notice once. */
  logoffNotice: declare("logoff_notice", 3_600, "auto-logoff notice shown once"),
  /** The CSRF token (signed by Remix's cookie helper); lasts for the browser session. */
  csrf: declare("csrf", "session", "CSRF token of the forms"),
  /** The no-JavaScript coupon (decision 005), SPEC §9 default lifetime. */
  coupon: declare("coupon", COOKIE_DEFAULT_MAX_AGE_S, "coupon without JavaScript (decision 005)"),
  /** The coupon settings of a bettor without JavaScript (signed; with it, localStorage keeps them): as long as the display settings. */
  couponSettings: declare("coupon_settings", LANGUAGE_COOKIE_MAX_AGE_S, "coupon settings without JavaScript"),
  /** Display settings of guests (odds format, view, theme, the display flags): a year. */
  display: declare("display", LANGUAGE_COOKIE_MAX_AGE_S, "display settings of guests"),
  /**
   * Binds a one-tap result link to the browser that posted the credential (login CSRF, issue
   * 11): five minutes, the life of the platform's one-time pass.
   */
  oneTapState: declare("one_tap_state", ONE_TAP_STATE_S, "one-tap result link bound to this browser"),
  /** The games a guest pinned to multi-live: 30 days. */
  multiLive: declare("multi_live", 30 * 86_400, "games pinned to multi-live"),
} as const satisfies Record<string, CookieDeclaration>;

/** The age gate's "remember me" lifetime (SPEC §9: 259,200,000 ms). */
export const AGE_REMEMBER_S = AGE_RESTRICTION_STORAGE_MS / 1000;

/**
 * Secure whenever the public origin is https, and always in production (a production site
 * behind a TLS-terminating proxy may be configured by ALLOWED_HOSTS alone).
 */
export function cookiesAreSecure(publicOrigin: string | undefined = env.PUBLIC_ORIGIN, production = isProduction): boolean {
  return production || (publicOrigin?.startsWith("https:") ?? false);
}

export const secureCookies = cookiesAreSecure();

/** A lifetime for a "given" cookie, or to shorten a declared one. */
export type GivenLifetime = { maxAgeS: number } | { expires: Date } | { session: true };

/** The Set-Cookie value storing `value` in a declared cookie. */
export function setCookie(cookie: CookieDeclaration, value: string, lifetime?: GivenLifetime, secure = secureCookies): string {
  const base = { path: cookie.path, httpOnly: cookie.httpOnly, sameSite: cookie.sameSite, secure };
  if (lifetime) {
    if ("maxAgeS" in lifetime) return serialize(cookie.name, value, { ...base, maxAge: lifetime.maxAgeS });
    if ("expires" in lifetime) return serialize(cookie.name, value, { ...base, expires: lifetime.expires });
    return serialize(cookie.name, value, base);
  }
  if (cookie.lifetime === "given") throw new Error(`cookie ${cookie.name}: its lifetime must be given`);
  if (cookie.lifetime === "session") return serialize(cookie.name, value, base);
  return serialize(cookie.name, value, { ...base, maxAge: cookie.lifetime });
}

/** The Set-Cookie value removing a declared cookie (same path and attributes, expired). */
export function clearCookie(cookie: CookieDeclaration, secure = secureCookies): string {
  return serialize(cookie.name, "", { path: cookie.path, httpOnly: cookie.httpOnly, sameSite: cookie.sameSite, secure, maxAge: 0, expires: new Date(0) });
}

/** The cookie that keeps where a visitor sent to sign in was going (SPEC §4), followed once after sign-in. */
export function saveRedirectTarget(path: string): string {
  return setCookie(COOKIES.redirectUrl, path);
}
