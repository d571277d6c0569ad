import { createHmac, timingSafeEqual } from "node:crypto";
import { redirect } from "@remix-run/node";
import { sessionSecret } from "~/env.server";
import { COOKIES, clearCookie, setCookie } from "~/lib/cookies.server";
import type { IssuedSession } from "~/services/auth.server";
import { forgetAccessToken } from "~/services/auth.server";
import { requestCookies } from "~/lib/request.server";
import { safeReturnPath } from "~/lib/return-to.server";

/** Set by an inactivity logout; the next page shows the auto-logoff notice once. */
export const LOGOFF_NOTICE_COOKIE = COOKIES.logoffNotice.name;

/** SPEC §7 client cookie: a target saved before sign-in, applied once after it. */
export const REDIRECT_URL_COOKIE = COOKIES.redirectUrl.name;

/** user_token (HttpOnly, SameSite=Lax, Secure in production, expiry from the token) and ua. */
export function sessionCookies(session: IssuedSession): string[] {
  const expires = new Date(session.expiresAt);
  return [setCookie(COOKIES.userToken, session.token, { expires }), setCookie(COOKIES.ua, "1", { expires })];
}

/** Logout removes the ua and user_token cookies (SPEC §4). */
export function clearedSessionCookies(): string[] {
  return [clearCookie(COOKIES.userToken), clearCookie(COOKIES.ua)];
}

export { saveRedirectTarget } from "~/lib/cookies.server";

const noReturnPages = /^\/[a-z]{2}\/(registration|login|office|user\/(passwordreset|activate|activatefast|accountverify))(\/|$|\?)/;

/**
 * Where to go after sign-in or sign-out (SPEC §4): the return URL (our own paths only), else
 * the target saved before sign-in (once), else the previous page unless it is a registration,
 * login or office page, else home.
 */
export function afterAuthTarget(request: Request, lng: string, returnTo: unknown): string {
  const home = `/${lng}`;
  const explicit = safeReturnPath(returnTo, "");
  if (explicit) return explicit;
  const saved = safeReturnPath(requestCookies(request)[REDIRECT_URL_COOKIE], "");
  if (saved) return saved;
  const referer = request.headers.get("referer");
  if (referer) {
    try {
      const url = new URL(referer);
      const here = new URL(request.url);
      const path = `${url.pathname}${url.search}`;
      if (url.host === here.host && !noReturnPages.test(path)) return safeReturnPath(path, home);
    } catch {
      // an unreadable Referer is no target
    }
  }
  return home;
}

/** Signs in: fresh session cookies, the saved target cleared, and off to the target. */
export function signedInRedirect(request: Request, lng: string, session: IssuedSession, returnTo: unknown) {
  const headers = new Headers();
  for (const c of sessionCookies(session)) headers.append("Set-Cookie", c);
  headers.append("Set-Cookie", clearCookie(COOKIES.redirectUrl));
  return redirect(afterAuthTarget(request, lng, returnTo), { headers });
}

export function signedOutHeaders(sessionToken: string | null): Headers {
  if (sessionToken) forgetAccessToken(sessionToken);
  const headers = new Headers();
  for (const c of clearedSessionCookies()) headers.append("Set-Cookie", c);
  return headers;
}

/**
 * One-tap sign-in (SPEC §7) ends on a result link, login/social?login=&pass=, that signs in
 * whoever opens it. An attacker could run one-tap with their own account and hand the link to a
 * victim, who would then act in the attacker's account (login CSRF). So the browser that posted
 * the credential gets a state cookie bound to that very link (an HMAC of its login and pass),
 * and the link signs in only where the cookie matches.
 */
function oneTapLinkDigest(login: string, pass: string): string {
  return createHmac("sha256", sessionSecret).update(`one-tap\0${login}\0${pass}`).digest("base64url");
}

/** The state cookie for the result link `target`, or null when it is not a result link. */
export function oneTapStateCookie(target: string): string | null {
  const query = new URL(target, "http://site.invalid").searchParams;
  const login = query.get("login");
  const pass = query.get("pass");
  return login && pass ? setCookie(COOKIES.oneTapState, oneTapLinkDigest(login, pass)) : null;
}

/** Whether this browser started the one-tap sign-in whose result link carries `login` and `pass`. */
export function startedOneTapHere(request: Request, login: string, pass: string): boolean {
  const cookie = requestCookies(request)[COOKIES.oneTapState.name];
  if (!cookie) return false;
  const expected = Buffer.from(oneTapLinkDigest(login, pass));
  const given = Buffer.from(cookie);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
