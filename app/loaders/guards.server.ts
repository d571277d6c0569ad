import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { env } from "~/env.server";
import { MAINTENANCE_MARK_RECHECK_MS } from "~/constants";
import { AGE_REMEMBER_S, COOKIES, clearCookie, setCookie } from "~/lib/cookies.server";
import { RecheckGate } from "~/lib/recheck-gate";
import type { PageRouteId } from "~/route-ids";
import { type RouteMeta, routeMeta } from "~/route-meta.server";
import { blockCheck } from "~/services/blocks.server";
import { UpstreamError, isOutage } from "~/services/http.server";
import { log } from "~/services/log.server";
import { redirectLight } from "~/services/redirects.server";
import {
  banDecision,
  blockPageForReason,
  isCyclicRedirect,
  isFeatureRouteAvailable,
  isMaintenanceActive,
  isOnNotFoundList,
  isRedirectTargetAllowed,
  paramsAreValid,
  platformTypeRedirect,
  siteRedirectFor,
} from "./guard-rules";
import { type RequestArgs, failureReason, guardDeadline, isReadRequest, perRequest } from "./memo.server";
import { requestCookies } from "~/lib/request.server";
import { saveRedirectTarget } from "~/lib/cookies.server";
import { type SessionUser, getSessionUser, hasSessionToken, sessionLookupFailed } from "./session-user.server";
import { type SiteContext, requireSite } from "./site.server";
import { notFound, translatedError } from "~/lib/responses.server";
import { guardsTook, serverTimingHeader, tookFallback } from "~/lib/server-timing.server";

/**
 * The server guards of every page (DESIGN principle 1). A page's loader and action call
 * `guardPage(args, routeId)`; which guards apply is read from the route's meta in
 * app/route-table.mjs (`skip`, `auth`, `banLevels`, `feature`, `params`). Upstream calls are
 * memoised per request, so a page view makes each one once. The redirect rules, the block check
 * and the session lookup go out together and share one deadline (GUARD_DEADLINE_MS, decision
 * 021); their retries run in the time left, then each applies its SPEC §8 fallback.
 *
 * Order: language → maintenance → site redirects → redirect rules → platform type → block →
 * 404 list → feature route → params → sign-in → ban → terms.
 */

export const MAINTENANCE_COOKIE = COOKIES.maintenance.name;
/** Beside the maintenance mark when the site set it after a failed block check (decision 062). */
export const MAINTENANCE_OUTAGE_COOKIE = COOKIES.maintenanceOutage.name;
export const AGE_COOKIE = COOKIES.ageConfirmed.name;
export const PLATFORM_TYPE_COOKIE = COOKIES.platformType.name;
/** Holds the notify start of the maintenance notice the visitor closed. */
export const MAINTENANCE_NOTICE_COOKIE = COOKIES.maintenanceNoticeClosed.name;

export interface PageContext {
  site: SiteContext;
  user: SessionUser | null;
  meta: RouteMeta;
  routeId: PageRouteId;
}

function skips(meta: RouteMeta, guard: NonNullable<RouteMeta["skip"]>[number]): boolean {
  return meta.skip?.includes(guard) ?? false;
}

function withQuery(path: string, query: Record<string, string> | undefined, search: string): string {
  const params = new URLSearchParams(search);
  for (const [k, v] of Object.entries(query ?? {})) params.set(k, v);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function langPath(site: SiteContext, path: string): string {
  return path === "/" ? `/${site.lng}` : `/${site.lng}${path}`;
}

/**
 * redirect-light for this URL; failures, a passed deadline and wrong shapes are logged and mean
 * "no redirect" (SPEC §8: a redirect answer of the wrong shape is logged).
 */
function operatorRedirect({ request, context }: RequestArgs, site: SiteContext): Promise<{ code: number; url: string } | null> {
  return perRequest(context, "redirect-light", async () => {
    const here = `${site.url.pathname}${site.url.search}`;
    let answer;
    try {
      answer = await redirectLight(here, { deadline: guardDeadline({ request, context }), reuse: isReadRequest(request) });
    } catch (error) {
      log.warn("redirect.check_failed", { url: here, error });
      tookFallback(context, "redirects", failureReason(error));
      return null;
    }
    if (!answer.redirect || !answer.url) return null;
    if (isCyclicRedirect(answer, site.url)) {
      log.warn("redirect.cyclic", { url: here, breadcrumbs: answer.breadcrumbs });
      return null;
    }
    if (!isRedirectTargetAllowed(answer.url, site.url, site.config.redirectAllowedHosts)) {
      // SPEC §8 "External redirect: a redirect error is thrown": refused and logged.
      log.error("redirect.external_refused", { url: here, target: answer.url });
      return null;
    }
    return { code: answer.code ?? 302, url: answer.url };
  });
}

/**
 * How this process last found the block API: visitors it marked for an outage have the check
 * asked again on their next page, at most once a second while it keeps failing (decision 062).
 */
const blockApi = new RecheckGate(MAINTENANCE_MARK_RECHECK_MS);

/** A 4xx about the request itself; a time-out (408) or a busy API (429) is the API's trouble. */
function isRefusalOfTheRequest(error: UpstreamError): boolean {
  return error.kind === "http" && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

/**
 * The block check. An outage (no answer, a time-out, a 5xx or a wrong shape, after the retries
 * that fit the deadline) marks maintenance (SPEC §8 "Block check fails"). A 4xx is the block
 * API refusing the visitor's own request: the visitor gets a 400, and maintenance is not marked,
 * or one odd URL would shut the site for that visitor (issue 11).
 */
function blockReason({ request, context }: RequestArgs, site: SiteContext): Promise<number | null | "outage" | "refused"> {
  return perRequest(context, "block", async () => {
    try {
      const answer = await blockCheck({
        // The auth flag is whether the visitor holds a session token, so the check need not
        // wait for the session check.
        isAuth: hasSessionToken(request),
        url: `${site.url.pathname}${site.url.search}`,
        country: site.country,
        userAgent: request.headers.get("user-agent"),
        deadline: guardDeadline({ request, context }),
        // Only reads reuse an answer: a form post asks with its own, longer deadline.
        reuse: isReadRequest(request),
      });
      blockApi.answered();
      return answer.displayTypeId;
    } catch (error) {
      if (error instanceof UpstreamError && isRefusalOfTheRequest(error)) {
        // A refusal is an answer: the API is up.
        blockApi.answered();
        log.warn("block.check_refused", { status: error.status, error });
        return "refused";
      }
      blockApi.failed();
      log.error("block.check_failed", { error });
      tookFallback(context, "block", failureReason(error));
      return "outage";
    }
  });
}

export async function guardPage(args: RequestArgs, routeId: PageRouteId): Promise<PageContext> {
  const started = performance.now();
  try {
    return await guardChain(args, routeId);
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) {
      // A guard's redirect leaves without entry.server: it carries its timing and fallbacks itself.
      guardsTook(args.context, performance.now() - started);
      error.headers.set("Server-Timing", serverTimingHeader(args.context, performance.now()));
    }
    throw error;
  } finally {
    guardsTook(args.context, performance.now() - started);
  }
}

/**
 * A maintenance mark the site set after a failed block check stands for that failure only
 * (decision 062): on a page read, once the block API may be asked again (RecheckGate), the
 * check is made, and when it answers the mark goes and the visitor is sent back to where they
 * were going (home from the maintenance page). A mark without the site's own cookie, or
 * maintenance switched on in the config, is left alone.
 */
async function liftOutageMark(args: RequestArgs, site: SiteContext, routeId: PageRouteId, cookies: Readonly<Record<string, string | undefined>>): Promise<void> {
  const marked = cookies[MAINTENANCE_COOKIE] === "1" && cookies[MAINTENANCE_OUTAGE_COOKIE] === "1";
  if (!marked || site.config.maintenance.isActive || !isReadRequest(args.request) || !blockApi.mayAsk()) return;
  if ((await blockReason(args, site)) === "outage") return;
  const back = routeId === "maintenance" ? `/${site.lng}` : `${site.url.pathname}${site.url.search}`;
  throw redirect(back, {
    headers: [
      ["Set-Cookie", clearCookie(COOKIES.maintenance)],
      ["Set-Cookie", clearCookie(COOKIES.maintenanceOutage)],
      ["Cache-Control", "private, no-store"],
    ],
  });
}

async function guardChain(args: RequestArgs, routeId: PageRouteId): Promise<PageContext> {
  const { request, params } = args;
  const meta = routeMeta(routeId);
  if (!meta) throw new Error(`guardPage: unknown route id "${routeId}"`);
  const site = await requireSite(args);
  if (env.GUARDS === "off") return { site, user: null, meta, routeId };

  const cookies = requestCookies(request);
  await liftOutageMark(args, site, routeId, cookies);
  const maintenance = isMaintenanceActive({ cookie: cookies[MAINTENANCE_COOKIE], maintenance: site.config.maintenance });
  if (routeId === "maintenance") {
    if (!maintenance) throw redirect(`/${site.lng}`);
    return { site, user: null, meta, routeId };
  }
  if (maintenance) throw redirect(`/${site.lng}/maintenance`);

  if (!skips(meta, "redirects")) {
    const own = siteRedirectFor(site.path);
    if (own) throw redirect(withQuery(langPath(site, own.path), own.query, site.url.search), 302);
  }

  // The operator's rules, the block check and the session go out together.
  const [redirectTo, reason, user] = await Promise.all([
    skips(meta, "redirects") ? null : operatorRedirect(args, site),
    skips(meta, "block") ? null : blockReason(args, site),
    getSessionUser(args),
  ]);
  if (redirectTo) throw redirect(redirectTo.url, redirectTo.code);

  if (!skips(meta, "platformType")) {
    const target = platformTypeRedirect({
      platformType: site.url.searchParams.get("platform_type"),
      desktopCookie: cookies[PLATFORM_TYPE_COOKIE] === "desktop",
      userAgent: request.headers.get("user-agent"),
      mobileOrigin: env.MOBILE_SITE_ORIGIN,
      url: site.url,
    });
    if (target) throw redirect(target, 302);
  }

  if (!skips(meta, "block")) {
    if (reason === "refused") throw await translatedError(400, "errors.badRequest", site.lng);
    if (reason === "outage") {
      // The mark is an outage's only: it lasts the cookie's 60 s (SPEC §4 keeps it an input),
      // or until the block check answers again (liftOutageMark, decision 062).
      throw redirect(`/${site.lng}/maintenance`, {
        headers: [
          ["Set-Cookie", setCookie(COOKIES.maintenance, "1")],
          // The mark is the site's own, so the site may lift it when the check answers (decision 062).
          ["Set-Cookie", setCookie(COOKIES.maintenanceOutage, "1")],
          // Redirects skip entry.server: an answer that sets a cookie is nobody else's (decision 024).
          ["Cache-Control", "private, no-store"],
        ],
      });
    }
    const page = blockPageForReason(reason);
    if (page) throw redirect(`/${site.lng}/${page}?reason=${reason}`, 302);
  }

  if (!skips(meta, "notFoundList") && isOnNotFoundList(site.path, site.config.urlsToRedirectTo404)) throw notFound();
  if (!isFeatureRouteAvailable(meta.feature, site.config.availableRoutes)) throw notFound();
  if (meta.params && !paramsAreValid(params, meta.params)) throw notFound();

  if (meta.auth && !user && sessionLookupFailed(args.context)) {
    // Signed in, but the platform did not confirm it in time: "try again", not the login page.
    // A money form was stopped here, before anything was sent: its sender learns that (issue 37).
    const stoppedMoney = meta.money && request.method === "POST";
    throw await translatedError(503, stoppedMoney ? "errors.notSent" : "errors.generic", site.lng);
  }
  if (meta.auth && !user) {
    // Sign-in first; the page is saved as the target to come back to once (SPEC §4).
    const back = `${site.url.pathname}${site.url.search}`;
    throw redirect(`/${site.lng}/login?returnTo=${encodeURIComponent(back)}`, {
      headers: { "Set-Cookie": saveRedirectTarget(back), "Cache-Control": "private, no-store" },
    });
  }
  if (user && !skips(meta, "ban") && banDecision(user, meta) === "block-appeal") {
    throw redirect(`/${site.lng}/block-appeal-history`);
  }
  if (user && site.config.features.terms && !skips(meta, "terms") && user.termsChanged) {
    throw redirect(`/${site.lng}/confirm-terms`);
  }
  return { site, user, meta, routeId };
}

/**
 * A page loader: the guards, then the page's own work. A 451 with exception_code 1 from any
 * upstream call the page makes sends the user to confirm-terms (SPEC §8), when the terms
 * feature is on and the page is not excluded.
 *
 * Routes use it inside a function (`export const loader = (args) => pageLoader(args, ...)`),
 * so the browser build can drop the loader with its server-only imports.
 */
export async function pageLoader<T>(args: LoaderFunctionArgs, routeId: PageRouteId, load: (ctx: PageContext) => Promise<T>): Promise<T> {
  const ctx = await guardPage(args, routeId);
  try {
    return await load(ctx);
  } catch (error) {
    if (error instanceof UpstreamError && error.isTermsRequired && ctx.site.config.features.terms && !skips(ctx.meta, "terms")) {
      throw redirect(`/${ctx.site.lng}/confirm-terms`);
    }
    // An upstream that is away is a 503 that says "try again", never a 500 (issue 37).
    if (isOutage(error)) {
      log.warn("page.upstream_away", { routeId, error });
      throw await translatedError(503, "errors.generic", ctx.site.lng);
    }
    throw error;
  }
}

/** Whether the age gate must be shown to this visitor (SPEC §5). */
export function ageGateRequired(request: Request, site: SiteContext): number | null {
  const { age, enabled } = site.config.ageRestriction;
  if (!enabled || !age || env.GUARDS === "off") return null;
  return requestCookies(request)[AGE_COOKIE] === "1" ? null : age;
}

export function ageCookie(remember: boolean): string {
  return setCookie(COOKIES.ageConfirmed, "1", remember ? { maxAgeS: AGE_REMEMBER_S } : { session: true });
}
