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

/**
 * The dictionary is written as one file per language and sent to the browser in parts: `ops`
 * holds the operations console's texts, which no page of the site shows, and `common` the rest.
 * Keys stay whole (`t("ops.title")`), so the server and every component read one dictionary.
 */
export const dictionaryParts = ["common", "ops"] as const;
export type DictionaryPart = (typeof dictionaryParts)[number];
export const defaultNamespace = "common";

export function isDictionaryPart(value: string | undefined): value is DictionaryPart {
  return !!value && (dictionaryParts as readonly string[]).includes(value);
}

/**
 * The parts a page needs: `common`, and those its routes name in remix-i18next's `handle.i18n`
 * (a name or a list). The browser reads the names with remix-i18next's `getInitialNamespaces`;
 * the document's preloads with `handleNamespaces` from the matched routes.
 */
export function dictionaryPartsOf(names: readonly unknown[]): DictionaryPart[] {
  const parts = new Set<DictionaryPart>([defaultNamespace]);
  for (const name of names) if (typeof name === "string" && isDictionaryPart(name)) parts.add(name);
  return [...parts];
}

/** The namespaces a route's handle names, as remix-i18next reads them. */
export function handleNamespaces(handle: unknown): unknown[] {
  const named = handle && typeof handle === "object" && "i18n" in handle ? handle.i18n : undefined;
  return Array.isArray(named) ? named : [named];
}

/**
 * The top-level sections of a dictionary that belong to `part`: a part other than `common` is the
 * section of its name, and `common` is every section that is not another part.
 */
export function dictionaryPart<D extends Record<string, unknown>>(dictionary: D, part: DictionaryPart): Partial<D> {
  const entries = Object.entries(dictionary).filter(([section]) =>
    part === defaultNamespace ? !(isDictionaryPart(section) && section !== defaultNamespace) : section === part,
  );
  return Object.fromEntries(entries) as Partial<D>;
}
