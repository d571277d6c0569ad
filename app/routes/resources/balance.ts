import type { LoaderFunctionArgs } from "@remix-run/node";
import { headerBalance } from "~/loaders/balance.server";
import { sessionToken } from "~/lib/request.server";
import { requireSite } from "~/loaders/site.server";

/**
 * GET /{lng}/balance: the header's balance, polled after a bet (SPEC §4/§9 balance polling).
 * No guard chain: the platform checks the token itself, so a poll costs one platform call.
 * Private and never cached.
 */
export async function loader(args: LoaderFunctionArgs) {
  await requireSite(args);
  const token = sessionToken(args.request);
  const state = token ? await headerBalance(token) : { balance: null, unavailable: false };
  // A plain Response: a resource route's own headers are kept as they are.
  return new Response(JSON.stringify(state), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}
