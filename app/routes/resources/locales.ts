import type { LoaderFunctionArgs } from "@remix-run/node";
import { resources } from "~/i18n/dictionaries.server";
import { type DictionaryPart, type Language, dictionaryPart, isDictionaryPart, isSupportedLanguage } from "~/i18n/languages";
import { notFound } from "~/lib/responses.server";

/** Each part's JSON, made once per language and part: the dictionaries never change in a process. */
const bodies = new Map<string, string>();
function body(lng: Language, part: DictionaryPart): string {
  const key = `${lng}/${part}`;
  let text = bodies.get(key);
  if (text === undefined) {
    text = JSON.stringify(dictionaryPart(resources[lng].common, part));
    bodies.set(key, text);
  }
  return text;
}

/** GET /locales/:lng/:part.json: one part of a language's dictionary, for the browser. */
export function loader({ params, request }: LoaderFunctionArgs) {
  const { lng } = params;
  const part = params.file?.replace(/\.json$/, "");
  if (!isSupportedLanguage(lng) || !isDictionaryPart(part)) {
    return notFound();
  }
  // A versioned URL (`?v=<build>`) never changes, so it may be cached for good.
  const versioned = new URL(request.url).searchParams.has("v");
  return new Response(body(lng, part), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": versioned ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
