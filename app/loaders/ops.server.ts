import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getT } from "~/i18n/dictionaries.server";
import { opsRouteTable } from "~/route-table.mjs";
import { type SessionUser, getSessionUser } from "./session-user.server";
import { type SiteContext, getSiteContext } from "./site.server";
import { notFound } from "~/lib/responses.server";
import { isReadRequest } from "./memo.server";
import type { OpsRouteId } from "~/route-ids";
import type { z } from "zod";

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

/**
 * An ops page's loader: the ops-role guard, then the page's own work beside its title (the
 * document's <title>; see opsMeta).
 */
export async function opsLoader<T extends object>(
  args: Pick<LoaderFunctionArgs, "request" | "params" | "context">,
  routeId: OpsRouteId,
  load: (ops: OpsContext) => Promise<T>,
): Promise<T & { title: string }> {
  const ops = await requireOps(args);
  const [title, data] = await Promise.all([opsTitle(ops.site, routeId), load(ops)]);
  return { ...data, title };
}

/** The page's query read with a list's schema (a bad value is dropped by the schema's catch). */
export function opsQuery<S extends z.ZodTypeAny>(ops: OpsContext, schema: S): z.output<S> {
  return schema.parse(Object.fromEntries(ops.site.url.searchParams));
}

/** A number the page's address carries after a change (`?created=12`), or null. */
export function numberParam(ops: OpsContext, name: string, digits = 9): number | null {
  const value = ops.site.url.searchParams.get(name) ?? "";
  return new RegExp(`^\\d{1,${digits}}$`).test(value) ? Number(value) : null;
}
