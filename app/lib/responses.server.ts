import { getT } from "~/i18n/dictionaries.server";

/**
 * The one 404 of the site. Thrown from a loader, it renders the root error boundary (translated
 * title, status 404); returned from a resource route, it is the whole answer.
 */
export function notFound(): Response {
  return new Response("Not Found", { status: 404 });
}

/** The JSON body of every translated error: one sentence in the visitor's language. */
export interface TranslatedError {
  message: string;
}

/** A translated error: a 4xx whose JSON body is `{ message }` in `lng`, never cached. */
export async function translatedError(status: number, key: string, lng: string): Promise<Response> {
  const t = getT(lng);
  return new Response(JSON.stringify({ message: t(key) } satisfies TranslatedError), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}
