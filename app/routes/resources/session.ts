import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { pageLoader } from "~/loaders/guards.server";

/**
 * GET /{lng}/session: the session poll (every 60 s while the page is visible). Signed in
 * exactly when the platform's session check gives a user id.
 */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "session", async (ctx) =>
    data({ signedIn: ctx.user !== null, userId: ctx.user?.id ?? null }, { headers: { "Cache-Control": "no-store" } }),
  );
