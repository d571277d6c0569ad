import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageLoader } from "~/loaders/guards.server";

/**
 * GET /{lng}/session: the session poll (every 60 s while the page is visible). Signed in
 * exactly when the platform's session check gives a user id. A plain Response: under single
 * fetch Remix warns about a resource route that answers bare data.
 */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "session", async (ctx) =>
    new Response(JSON.stringify({ signedIn: ctx.user !== null, userId: ctx.user?.id ?? null }), {
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
    }),
  );
