import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { asI18next, createI18n } from "./i18n/instance";
import { defaultNamespace } from "./i18n/languages";

async function hydrate() {
  const lng = document.documentElement.lang || "en";
  const version = window.__remixManifest?.version ?? "dev";
  // Routes may name namespaces (remix-i18next's handle.i18n); the site has one, "common". Only
  // the page's language is downloaded, cached per build.
  const namespace = getInitialNamespaces()[0] ?? defaultNamespace;
  const res = await fetch(`/locales/${lng}/${namespace}.json?v=${version}`);
  const dictionary = res.ok ? await res.json() : {};
  const i18n = asI18next(createI18n(lng, namespace, dictionary));

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
