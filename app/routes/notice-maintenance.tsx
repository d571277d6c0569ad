import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { serialize } from "cookie";
import { z } from "zod";
import { isProduction } from "~/env.server";
import { requireCsrf } from "~/loaders/csrf.server";
import { MAINTENANCE_NOTICE_COOKIE, guardPage } from "~/loaders/guards.server";
import { safeReturnPath } from "~/loaders/return-to";

export async function loader(args: LoaderFunctionArgs) {
  const { site } = await guardPage(args, "notice-maintenance");
  throw redirect(`/${site.lng}`);
}

/**
 * Closing the maintenance notice: remembered until the notify window ends (the cookie holds
 * the window's start, so a new window shows the notice again).
 */
export async function action(args: ActionFunctionArgs) {
  const { site } = await guardPage(args, "notice-maintenance");
  const formData = await args.request.formData();
  await requireCsrf(args.request, formData);
  const form = z.object({ returnTo: z.string().optional() }).safeParse(Object.fromEntries(formData));
  const { notify_started_at: start, notify_ended_at: end } = site.config.maintenance;
  const headers = new Headers();
  if (start && end) {
    const maxAge = Math.max(0, Math.ceil((Date.parse(end) - Date.now()) / 1000));
    headers.append("Set-Cookie", serialize(MAINTENANCE_NOTICE_COOKIE, start, { path: "/", maxAge, httpOnly: true, sameSite: "lax", secure: isProduction }));
  }
  // A fetcher (JavaScript) only needs the cookie; a plain form goes back to its page.
  if (args.request.headers.get("accept")?.includes("text/html")) {
    return redirect(safeReturnPath(form.success ? form.data.returnTo : undefined, `/${site.lng}`), { headers });
  }
  return data({ closed: true }, { headers });
}
