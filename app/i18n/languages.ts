/** Languages the site has dictionaries for. A language without a dictionary is "unknown". */
export const supportedLanguages = ["ru", "en", "de", "tr", "uk", "kk", "az", "ar", "fa"] as const;
export type Language = (typeof supportedLanguages)[number];

const rtl = new Set<string>(["ar", "fa"]);

export function isSupportedLanguage(value: string | null | undefined): value is Language {
  return !!value && (supportedLanguages as readonly string[]).includes(value);
}

export function textDirection(lng: string): "rtl" | "ltr" {
  return rtl.has(lng) ? "rtl" : "ltr";
}

/** Each language's own name for itself; shown the same whatever the page language. */
export const endonyms: Record<Language, string> = {
  ru: "Русский",
  en: "English",
  de: "Deutsch",
  tr: "Türkçe",
  uk: "Українська",
  kk: "Қазақ тілі",
  az: "Azərbaycan dili",
  ar: "العربية",
  fa: "فارسی",
};

export const namespaces = ["common"] as const;
export const defaultNamespace = "common";
