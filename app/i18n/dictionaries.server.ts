import { type I18n, createI18n } from "./instance";
import type { Dictionary, Translate } from "./translator";
import { FALLBACK_LANGUAGE } from "~/constants";
import { type Language, defaultNamespace, isSupportedLanguage } from "./languages";
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
 * One i18n object per language, made on first use and kept for the life of the process: the
 * language of an object never changes and nothing per request is stored on it, so all requests
 * share it. It is the browser's own (decision 042), so both sides translate with the same code.
 */
const instances = new Map<Language, I18n>();

export function i18nFor(lng: string): I18n {
  const language = isSupportedLanguage(lng) ? lng : FALLBACK_LANGUAGE;
  let instance = instances.get(language);
  if (!instance) {
    instance = createI18n(language, defaultNamespace, resources[language][defaultNamespace] as unknown as Dictionary);
    instances.set(language, instance);
  }
  return instance;
}

/** The translate function of a language (the fallback language's for an unknown code). */
export function getT(lng: string): Translate {
  return i18nFor(lng).t;
}
