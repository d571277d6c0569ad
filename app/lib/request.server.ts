import { parse as parseCookieHeader } from "cookie";
import { COOKIES } from "./cookies.server";

/**
 * The page path of a request. Single-fetch data requests end in `.data` (the root index is
 * `/_root.data`) and carry a `_routes` parameter; both are stripped so guards see the page.
 */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname === "/_root.data") url.pathname = "/";
  else if (url.pathname.endsWith(".data")) url.pathname = url.pathname.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  return url;
}

const parsedCookies = new WeakMap<Request, Readonly<Record<string, string | undefined>>>();

/** The request's cookies, parsed once per request: its loaders and guards each ask. */
export function requestCookies(request: Request): Readonly<Record<string, string | undefined>> {
  let cookies = parsedCookies.get(request);
  if (!cookies) {
    cookies = parseCookieHeader(request.headers.get("cookie") ?? "");
    parsedCookies.set(request, cookies);
  }
  return cookies;
}

/** The session token of the request's cookie, or null: a well-formed token (checked with the platform by the loaders). */
export function sessionToken(request: Request): string | null {
  const token = requestCookies(request)[COOKIES.userToken.name];
  return token && /^[A-Za-z0-9_-]{16,256}$/.test(token) ? token : null;
}
