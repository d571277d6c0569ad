import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageLoader } from "~/loaders/guards.server";
import { notFound } from "~/lib/responses.server";

/**
 * Any path no route claims: 404 "This page could not be found", inside the shell. The guards
 * run first, so redirect rules and blocks apply to unknown paths too (legacy URLs live here).
 */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "not-found", async () => {
  throw notFound();
});

export default function NotFound() {
  return null;
}
