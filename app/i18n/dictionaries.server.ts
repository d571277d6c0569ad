import { RemixI18Next } from "remix-i18next/server";
import { FALLBACK_LANGUAGE } from "~/constants";
import { type Language, defaultNamespace, supportedLanguages } from "./languages";
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

export const i18nServer = new RemixI18Next({
  // Detection is ours (SPEC §5 needs the site config); remix-i18next translates.
  detection: { supportedLanguages: [...supportedLanguages], fallbackLanguage: FALLBACK_LANGUAGE },
  i18next: {
    resources,
    supportedLngs: [...supportedLanguages],
    fallbackLng: FALLBACK_LANGUAGE,
    defaultNS: defaultNamespace,
    interpolation: { escapeValue: false },
  },
});

export function getT(lng: string) {
  return i18nServer.getFixedT(lng, defaultNamespace);
}
