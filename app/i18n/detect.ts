import { FALLBACK_LANGUAGE } from "~/constants";
import { isSupportedLanguage } from "./languages";

/** A URL segment is a language prefix exactly when it is two letters (SPEC §5). */
export const LANGUAGE_PREFIX = /^[a-z]{2}$/i;

export function isLanguagePrefix(segment: string | undefined): segment is string {
  return !!segment && LANGUAGE_PREFIX.test(segment);
}

/**
 * Languages a visitor may use: the config's allowed list, less the unknown language (one we
 * have no dictionary for), less the languages hidden from unauthorised users unless the `ua`
 * cookie is present.
 */
export function availableLanguages(input: {
  allowed: readonly string[];
  hiddenForUnauthorized: readonly string[];
  hasUaCookie: boolean;
}): string[] {
  return input.allowed.filter(
    (lng) => isSupportedLanguage(lng) && (input.hasUaCookie || !input.hiddenForUnauthorized.includes(lng)),
  );
}

/** Accept-Language as an ordered list of primary language subtags (highest q first). */
export function browserLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { lng: tag.trim().toLowerCase().split("-")[0] ?? "", quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((e) => /^[a-z]{2}$/.test(e.lng) && e.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((e) => e.lng);
}

/**
 * SPEC §5: the URL language if allowed; otherwise the cookie, then the browser language, then
 * the site default; if none is allowed, en. When en itself is not allowed the first allowed
 * language is used, so the site never sends people to a language it would refuse.
 */
export function detectLanguage(input: {
  urlLanguage?: string | null;
  cookieLanguage?: string | null;
  acceptLanguage?: string | null;
  defaultLanguage: string;
  available: readonly string[];
}): string {
  const ok = (lng: string | null | undefined): lng is string => !!lng && input.available.includes(lng);
  if (ok(input.urlLanguage)) return input.urlLanguage;
  if (ok(input.cookieLanguage)) return input.cookieLanguage;
  const browser = browserLanguages(input.acceptLanguage).find(ok);
  if (browser) return browser;
  if (ok(input.defaultLanguage)) return input.defaultLanguage;
  if (ok(FALLBACK_LANGUAGE)) return FALLBACK_LANGUAGE;
  return input.available[0] ?? FALLBACK_LANGUAGE;
}
