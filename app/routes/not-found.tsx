import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireSite } from "~/loaders/site.server";

/** Any path no route claims: 404 "This page could not be found", inside the shell. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSite(request, params);
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
