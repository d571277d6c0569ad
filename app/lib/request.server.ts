import { parse as parseCookieHeader } from "cookie";

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
