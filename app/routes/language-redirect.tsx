import type { LoaderFunctionArgs } from "@remix-run/node";
import { getSiteContext } from "~/loaders/site.server";
import { notFound } from "~/lib/responses.server";

/**
 * `/`: the one path outside the language segment `/:lng` (decision 022). Like any path without
 * a language it is redirected to the detected language (the root loader does the same, and shows
 * the no-site-config page when there is no config); it never renders.
 */
export async function loader(args: LoaderFunctionArgs) {
  const site = await getSiteContext(args);
  throw site.problem ?? notFound();
}

export default function LanguageRedirect() {
  return null;
}
