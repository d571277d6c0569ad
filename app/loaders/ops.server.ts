import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getT } from "~/i18n/dictionaries.server";
import { opsRouteTable } from "~/route-table.mjs";
import { type SessionUser, getSessionUser } from "./session-user.server";
import { type SiteContext, getSiteContext } from "./site.server";
import { notFound } from "~/lib/responses.server";
import { isReadRequest } from "./memo.server";
import type { OpsRouteId } from "~/route-ids";

export interface OpsContext {
  site: SiteContext;
  user: SessionUser;
  /** The session token the admin API checks the ops role from (it trusts no one else). */
  token: string;
}

/**
 * Every ops loader and action: a signed-in user with the ops role. Anyone else must not learn
 * that the console exists, so a page view gets exactly what any unknown path without a
 * language prefix gets — a redirect to the same path under the visitor's language, which is
 * the site's ordinary 404 — and a form post gets a 404.
 */
export async function requireOps(args: Pick<LoaderFunctionArgs, "request" | "params" | "context">): Promise<OpsContext> {
  const [site, user] = await Promise.all([getSiteContext(args), getSessionUser(args)]);
  if (!user || !user.roles.includes("ops")) {
    if (isReadRequest(args.request)) {
      throw redirect(`/${site.lng}${site.url.pathname}${site.url.search}`, 302);
    }
    throw notFound();
  }
  return { site, user, token: user.token };
}

/** The translated title of an ops page, from the ops route table. */
export async function opsTitle(site: SiteContext, routeId: OpsRouteId): Promise<string> {
  const t = getT(site.lng);
  const key = opsRouteTable.find((r) => r.id === routeId)?.titleKey ?? "ops.title";
  return `${t(key)} — ${t("ops.title")}`;
}
