import { type TFunction, type i18n as I18n, createInstance } from "i18next";
import { initReactI18next } from "react-i18next";
import { FALLBACK_LANGUAGE } from "~/constants";
import { type Language, defaultNamespace, isSupportedLanguage, namespaces, supportedLanguages } from "./languages";
import ar from "./locales/ar/common.json";
import az from "./locales/az/common.json";
import de from "./locales/de/common.json";
import en from "./locales/en/common.json";
import fa from "./locales/fa/common.json";
import kk from "./locales/kk/common.json";
import ru from "./locales/ru/common.json";
import tr from "./locales/tr/common.json";
import uk from "./locales/uk/common.json";

/** Every dictionary, bundled into the server build; the browser fetches only its own language. */
export const resources: Record<Language, { common: typeof en }> = {
  ru: { common: ru },
  en: { common: en },
  de: { common: de },
  tr: { common: tr },
  uk: { common: uk },
  kk: { common: kk },
  az: { common: az },
  ar: { common: ar },
  fa: { common: fa },
};

/**
 * One i18next instance per language, made on first use and kept for the life of the process:
 * every dictionary is in memory, the language of an instance never changes, and nothing per
 * request is stored on it, so all requests share it. (remix-i18next's `getFixedT` makes and
 * initialises a fresh instance on every call, three times per page: issue 12.)
 */
const instances = new Map<Language, I18n>();

export function i18nFor(lng: string): I18n {
  const language = isSupportedLanguage(lng) ? lng : FALLBACK_LANGUAGE;
  let instance = instances.get(language);
  if (!instance) {
    instance = createInstance();
    // With the resources given and initImmediate off, init completes before it returns.
    void instance.use(initReactI18next).init({
      lng: language,
      ns: [...namespaces],
      defaultNS: defaultNamespace,
      supportedLngs: [...supportedLanguages],
      fallbackLng: FALLBACK_LANGUAGE,
      resources,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      initImmediate: false,
    });
    instances.set(language, instance);
  }
  return instance;
}

const fixed = new Map<Language, TFunction>();

/** The translate function of a language (the fallback language's for an unknown code). */
export function getT(lng: string): TFunction {
  const language = isSupportedLanguage(lng) ? lng : FALLBACK_LANGUAGE;
  let t = fixed.get(language);
  if (!t) {
    t = i18nFor(language).getFixedT(language, defaultNamespace);
    fixed.set(language, t);
  }
  return t;
}
