import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { COOKIES, setCookie } from "~/lib/cookies.server";
import { pageAction } from "~/forms/action.server";
import { maintenanceNoticeForm } from "~/forms/site";
import { guardPage } from "~/loaders/guards.server";
import { safeReturnPath } from "~/lib/return-to.server";
import type { SiteContext } from "~/loaders/site.server";

export async function loader(args: LoaderFunctionArgs) {
  const { site } = await guardPage(args, "notice-maintenance");
  throw redirect(`/${site.lng}`);
}

/**
 * Closing the maintenance notice: remembered until the notify window ends (the cookie holds
 * the window's start, so a new window shows the notice again).
 */
// returnTo of any length: safeReturnPath falls back on one over its cap rather than refusing the close.

export const action = (args: ActionFunctionArgs) =>
  pageAction(args, "notice-maintenance", maintenanceNoticeForm, async ({ ctx: { site }, value }) => closeNotice(args.request, site, value.returnTo), { plain: true });

function closeNotice(request: Request, site: SiteContext, returnTo: string | undefined) {
  const { notify_started_at: start, notify_ended_at: end } = site.config.maintenance;
  const headers = new Headers();
  if (start && end) {
    const maxAge = Math.max(0, Math.ceil((Date.parse(end) - Date.now()) / 1000));
    headers.append("Set-Cookie", setCookie(COOKIES.maintenanceNoticeClosed, start, { maxAgeS: maxAge }));
  }
  // A fetcher (JavaScript) only needs the cookie; a plain form goes back to its page.
  if (request.headers.get("accept")?.includes("text/html")) {
    return redirect(safeReturnPath(returnTo, `/${site.lng}`), { headers });
  }
  // A resource route answers a Response (Remix warns about bare data here under single fetch).
  return json({ closed: true }, { headers });
}
