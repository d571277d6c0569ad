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

export function requestCookies(request: Request): Record<string, string | undefined> {
  return parseCookieHeader(request.headers.get("cookie") ?? "");
}
