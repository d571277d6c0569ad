import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { asI18next, createI18n } from "./i18n/instance";
import { documentLanguage, loadDictionary } from "./i18n/browser-dictionary";
import { defaultNamespace, dictionaryPartsOf } from "./i18n/languages";

async function hydrate() {
  // Only the page's language, and of it the parts its routes name (the operations console names
  // "ops"), cached per build; the document's head has already asked for them (root.tsx).
  const dictionary = await loadDictionary(dictionaryPartsOf(getInitialNamespaces()));
  const i18n = asI18next(createI18n(documentLanguage(), defaultNamespace, dictionary));

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18n}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
