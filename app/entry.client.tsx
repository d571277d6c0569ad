import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { defaultNamespace } from "./i18n/languages";

async function hydrate() {
  const lng = document.documentElement.lang || "en";
  const version = window.__remixManifest?.version ?? "dev";
  const namespaces = getInitialNamespaces();
  const ns = namespaces.length ? namespaces : [defaultNamespace];
  // Only the page's language is downloaded; it is cached per build.
  const bundles = await Promise.all(
    ns.map(async (name) => {
      const res = await fetch(`/locales/${lng}/${name}.json?v=${version}`);
      return [name, res.ok ? await res.json() : {}] as const;
    }),
  );
  await i18next.use(initReactI18next).init({
    lng,
    ns,
    defaultNS: defaultNamespace,
    fallbackLng: false,
    resources: { [lng]: Object.fromEntries(bundles) },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
