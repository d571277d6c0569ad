import type { LoaderFunctionArgs } from "@remix-run/node";
import { resources } from "~/i18n/dictionaries.server";
import { isSupportedLanguage } from "~/i18n/languages";
import { notFound } from "~/lib/responses.server";

/** GET /locales/:lng/:ns.json: one dictionary, for the browser's i18next. */
export function loader({ params, request }: LoaderFunctionArgs) {
  const { lng } = params;
  const ns = params.file?.replace(/\.json$/, "");
  if (!isSupportedLanguage(lng) || ns !== "common") {
    return notFound();
  }
  // A versioned URL (`?v=<build>`) never changes, so it may be cached for good.
  const versioned = new URL(request.url).searchParams.has("v");
  return new Response(JSON.stringify(resources[lng][ns]), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": versioned ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
