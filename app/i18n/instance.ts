import type { i18n as I18next } from "i18next";
import { textDirection } from "./languages";
import { type Dictionary, createTranslate } from "./translator";

/**
 * The smallest i18n object react-i18next's `useTranslation` works with (decision 042), the same
 * on the server and in the browser: one language whose dictionary is at hand (bundled on the
 * server, loaded before hydration in the browser) and never changes on a page (choosing another
 * language loads another document), so there are no events, no loading and nothing to wait for.
 */
export function createI18n(lng: string, namespace: string, dictionary: Dictionary) {
  const t = createTranslate(lng, dictionary, namespace);
  const ignore = () => {};
  return {
    language: lng,
    resolvedLanguage: lng,
    languages: [lng],
    isInitialized: true,
    options: { defaultNS: namespace, ns: [namespace], react: { useSuspense: false, bindI18n: "", bindI18nStore: "" } },
    store: { on: ignore, off: ignore },
    on: ignore,
    off: ignore,
    t,
    getFixedT: () => t,
    hasLoadedNamespace: () => true,
    loadNamespaces: (_ns: unknown, done?: () => void) => done?.(),
    loadLanguages: (_lng: unknown, done?: () => void) => done?.(),
    dir: () => textDirection(lng),
  };
}

export type I18n = ReturnType<typeof createI18n>;

/** react-i18next's provider is typed for a whole i18next instance; it reads only the part above. */
export const asI18next = (i18n: I18n) => i18n as unknown as I18next;
