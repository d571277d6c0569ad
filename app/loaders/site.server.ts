import { redirect } from "@remix-run/node";
import { DEFAULT_LANGUAGE } from "~/constants";
import { env } from "~/env.server";
import { COOKIES, setCookie } from "~/lib/cookies.server";
import { availableLanguages, browserLanguages, detectLanguage, isLanguagePrefix } from "~/i18n/detect";
import { isSupportedLanguage, textDirection } from "~/i18n/languages";
import { getSiteConfig } from "~/services/config.server";
import type { SiteConfig } from "~/services/site-config";
import { type RequestArgs, perRequest } from "./memo.server";
import { pageUrl, requestCookies } from "~/lib/request.server";
import { requestRefusal } from "~/lib/request-limits.server";
import { notFound } from "~/lib/responses.server";
import { tookFallback } from "~/lib/server-timing.server";

export const LANGUAGE_COOKIE = COOKIES.language.name;
export const UA_COOKIE = COOKIES.ua.name;

export interface SiteContext {
  config: SiteConfig;
  /** The page language (always one of `languages`). */
  lng: string;
  dir: "ltr" | "rtl";
  /** Languages this visitor may switch to. */
  languages: string[];
  /** The page URL as the visitor sees it (single-fetch suffixes removed). */
  url: URL;
  /** The path after the language prefix, starting with "/". */
  path: string;
  country: string | null;
  /** Set-Cookie values the document response must carry. */
  setCookies: string[];
  /** Why this URL cannot be served as is: a redirect to the right prefix, or a 404. */
  problem?: Response;
}

export function visitorCountry(request: Request): string | null {
  const raw = request.headers.get(env.COUNTRY_HEADER)?.trim().toUpperCase();
  return raw && /^[A-Z]{2}$/.test(raw) ? raw : null;
}

/**
 * The language to use when there is no site config (the "no site config" page): the URL
 * prefix if we have its dictionary, else the cookie, the browser, then the default.
 */
export function languageWithoutConfig(request: Request): string {
  const first = pageUrl(request).pathname.split("/")[1]?.toLowerCase();
  if (isSupportedLanguage(first)) return first;
  const cookie = requestCookies(request)[LANGUAGE_COOKIE];
  if (isSupportedLanguage(cookie)) return cookie;
  return browserLanguages(request.headers.get("accept-language")).find(isSupportedLanguage) ?? DEFAULT_LANGUAGE;
}

async function buildSiteContext({ request, params, context }: RequestArgs): Promise<SiteContext> {
  const lngParam = params.lng;
  // An over-long URL or an unknown Host is refused before the first upstream call.
  const refusal = requestRefusal(request);
  if (refusal) throw refusal;
  const url = pageUrl(request);
  const cookies = requestCookies(request);
  const country = visitorCountry(request);
  const prefix = isLanguagePrefix(lngParam) ? lngParam.toLowerCase() : undefined;
  const config = await getSiteConfig(country, prefix && isSupportedLanguage(prefix) ? prefix : languageWithoutConfig(request), () =>
    tookFallback(context, "config", "stale"),
  );
  const languages = availableLanguages({
    allowed: config.languages.allowed,
    hiddenForUnauthorized: config.languages.hiddenForUnauthorized,
    hasUaCookie: cookies[UA_COOKIE] !== undefined,
  });

  const detected = detectLanguage({
    cookieLanguage: cookies[LANGUAGE_COOKIE],
    acceptLanguage: request.headers.get("accept-language"),
    defaultLanguage: config.languages.default,
    available: languages,
  });
  const base = { config, languages, url, country, setCookies: [] as string[] };

  if (isLanguageFreeArea(url.pathname)) {
    // The ops console has no language prefix: it speaks the visitor's detected language.
    return { ...base, lng: detected, dir: textDirection(detected), path: url.pathname };
  }
  if (!prefix) {
    // No language prefix: the whole path is kept and the detected language put in front.
    const rest = url.pathname === "/" ? "" : url.pathname;
    const problem = redirect(`/${detected}${rest}${url.search}`, 302);
    return { ...base, lng: detected, dir: textDirection(detected), path: url.pathname, problem };
  }
  if (!languages.includes(prefix)) {
    // A two-letter prefix that is not an allowed language: the page is shown in the detected
    // language with a 404.
    const problem = notFound();
    return { ...base, lng: detected, dir: textDirection(detected), path: url.pathname.slice(3) || "/", problem };
  }
  if (prefix !== lngParam) {
    const problem = redirect(`/${prefix}${url.pathname.slice(3)}${url.search}`, 302);
    return { ...base, lng: prefix, dir: textDirection(prefix), path: url.pathname.slice(3) || "/", problem };
  }

  const setCookies: string[] = [];
  if (cookies[LANGUAGE_COOKIE] !== prefix) {
    setCookies.push(
      setCookie(COOKIES.language, prefix),
    );
  }
  return {
    config,
    lng: prefix,
    dir: textDirection(prefix),
    languages,
    url,
    path: url.pathname.slice(3) || "/",
    country,
    setCookies,
  };
}

/**
 * The site context for a loader that serves a page: a missing language prefix redirects,
 * a language that is not allowed is a 404.
 */
export async function requireSite(args: RequestArgs): Promise<SiteContext> {
  const site = await getSiteContext(args);
  if (site.problem) throw site.problem;
  return site;
}

/** Areas outside the language prefix: the ops console (SPEC-free, see the ops issue). */
export function isLanguageFreeArea(pathname: string): boolean {
  return pathname === "/ops" || pathname.startsWith("/ops/");
}

export function getSiteContext(args: RequestArgs): Promise<SiteContext> {
  return perRequest(args.context, "site", () => buildSiteContext(args));
}
