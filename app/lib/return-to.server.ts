import { isSupportedLanguage } from "~/i18n/languages";

/** Longest return address we follow; longer ones are not ours to keep (decision 025). */
export const MAX_RETURN_PATH = 2048;

/**
 * The origin return addresses are resolved against. It stands for "our own origin": a relative
 * address that resolves elsewhere (`//x`, `/..//x` once the browser has normalised it, …) has
 * another origin or a path outside our prefixes, and is refused.
 */
const OWN_ORIGIN = "https://own-site.invalid";

/**
 * A return address (`returnTo`, the `redirect_url` cookie, a form's `back`, …) is followed only
 * when it is a page of this site (decision 025): resolved with the URL parser against our
 * origin, it must keep that origin, and its path must be `/`, start with a language prefix
 * (`/ru`, `/ru/…`) or be the ops console (`/ops`, `/ops/…`). What is returned is the resolved
 * path and query, so the Location header says exactly what was checked; a `#fragment` is
 * dropped. Tabs, newlines and other control characters and backslashes (which browsers strip or
 * read as "/") refuse the address outright. Anything else gives the fallback.
 */
export function safeReturnPath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_RETURN_PATH) return fallback;
  if (!value.startsWith("/")) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, OWN_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== OWN_ORIGIN || url.username || url.password) return fallback;
  if (!isOwnPagePath(url.pathname)) return fallback;
  const result = `${url.pathname}${url.search}`;
  return result.length > MAX_RETURN_PATH ? fallback : result;
}

/** `/`, `/{language}`, `/{language}/…`, `/ops`, `/ops/…`. */
export function isOwnPagePath(pathname: string): boolean {
  if (pathname === "/") return true;
  const first = pathname.split("/")[1] ?? "";
  const rest = pathname.slice(1 + first.length);
  if (rest !== "" && !rest.startsWith("/")) return false;
  return isSupportedLanguage(first) || first === "ops";
}
