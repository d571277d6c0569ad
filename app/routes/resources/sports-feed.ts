import type { LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { feedQuery } from "~/forms/sports";
import { isMaintenanceActive } from "~/loaders/guard-rules";
import { MAINTENANCE_COOKIE } from "~/loaders/guards.server";
import { requestCookies } from "~/lib/request.server";
import { requireSite } from "~/loaders/site.server";
import { FEED_CACHE_MS, NO_STORE, cachedFeed, cachedGame, cachedTop, preparedGameList, sportsContext } from "~/loaders/sports.server";
import { isOutage } from "~/services/http.server";
import { MicroCache } from "~/services/micro-cache.server";
import type { GameView } from "~/sports/model";

/**
 * GET /{lng}/sports-feed: what the live pages poll (SPEC §9 intervals).
 *   ?section=live|line[&sport=ID][&champ=ID]   a list scope (main markets)
 *   ?game=ID                                   one game, every market
 *   ?top=live|line                             the home page's top games
 *   &v=VERSION                                 the version the page has: the answer is the delta since
 * The answer carries a strong ETag of its scope and version; a poll that has the current version
 * (or sends the ETag back) gets 304 and no body. A stale or garbage version gets a full snapshot.
 *
 * Cost: no guard chain (its block, redirect and session calls are per visitor) — the feed is the
 * public odds a page already showed — and a micro-cache per scope and version, so any number of
 * viewers cost one platform call per scope per second. The platform serves it from memory.
 *
 * While the platform is away (decision 063) the answer is the site's last good snapshot of the
 * scope, every market suspended, marked `"stale":true`, with no ETag and `no-store`; with no copy
 * it is a 503. The page's next poll after the platform is back gets a good snapshot again.
 */

interface FeedBody {
  status: 200 | 304 | 404 | 503;
  etag: string | null;
  body: string | null;
  stale?: boolean;
}

const answers = new MicroCache(FEED_CACHE_MS, 4_000);
const TOP_LIMIT = 10;

function json(body: unknown) {
  return JSON.stringify(body);
}

async function build(lng: string, q: z.infer<typeof feedQuery>): Promise<FeedBody> {
  if ("game" in q) {
    const answer = await cachedGame(q.game, q.v);
    if (!answer) return { status: 404, etag: null, body: null };
    const etag = `"g${q.game}.${answer.version}.${lng}"`;
    if (answer.type === "delta") return { status: 304, etag, body: null };
    const live = answer.game.status === 2 || answer.game.status === 3;
    const sc = await sportsContext(lng, live ? "live" : "line");
    if (answer.stale) return staleBody({ type: "snapshot", version: answer.version, games: [sc.toGame(answer.game)], removed: [], stale: true });
    return { status: 200, etag, body: json({ type: "snapshot", version: answer.version, games: [sc.toGame(answer.game)], removed: [] }) };
  }
  if ("top" in q) {
    const answer = await cachedTop(q.top, TOP_LIMIT);
    const etag = `"t${q.top}.${answer.version}.${lng}"`;
    if (q.v === answer.version && !answer.stale) return { status: 304, etag, body: null };
    // Home's list as a guest's home page has it (one JSON text per answer and language): the
    // snapshot's other fields go in front of its `{"games":…,"version":…}`.
    const list = preparedGameList(answer, await sportsContext(lng, q.top));
    if (answer.stale) return staleBody(`{"type":"snapshot","removed":[],"stale":true,${list.json.slice(1)}`);
    return { status: 200, etag, body: `{"type":"snapshot","removed":[],${list.json.slice(1)}` };
  }
  const feed = await cachedFeed({ section: q.section, sportId: q.sport ?? null, champId: q.champ ?? null, version: q.v ?? null });
  if (!feed) return { status: 404, etag: null, body: null };
  const etag = `"${q.section}.${q.sport ?? 0}.${q.champ ?? 0}.${feed.version}.${lng}"`;
  if (feed.type === "delta" && feed.version === feed.since && feed.games.length === 0 && feed.removed.length === 0) {
    return { status: 304, etag, body: null };
  }
  const sc = await sportsContext(lng, q.section);
  const games: GameView[] = feed.games.map(sc.toGame);
  if (feed.stale) return staleBody({ type: "snapshot", version: feed.version, games, removed: [], stale: true });
  return { status: 200, etag, body: json({ type: feed.type, version: feed.version, games, removed: feed.type === "delta" ? feed.removed : [] }) };
}

/** A last good copy: no ETag, so that no poll is answered 304 against it (decision 063). */
function staleBody(body: object | string): FeedBody {
  return { status: 200, etag: null, body: typeof body === "string" ? body : json(body), stale: true };
}

/** The platform is away and the site has no copy of the scope: 503, never a 500. */
async function orUnavailable(answer: Promise<FeedBody>): Promise<FeedBody> {
  try {
    return await answer;
  } catch (error) {
    if (isOutage(error)) return { status: 503, etag: null, body: null };
    throw error;
  }
}

export async function loader(args: LoaderFunctionArgs) {
  const site = await requireSite(args);
  const headers = { "Cache-Control": "no-cache", Vary: "Accept-Language" };
  if (isMaintenanceActive({ cookie: requestCookies(args.request)[MAINTENANCE_COOKIE], maintenance: site.config.maintenance })) {
    return new Response(null, { status: 503, headers: { ...headers, "Retry-After": "60" } });
  }
  const parsed = feedQuery.safeParse(Object.fromEntries(site.url.searchParams));
  if (!parsed.success) return Response.json({ error: "bad_request" }, { status: 400, headers });
  const q = parsed.data;
  const key = `${site.lng}|${JSON.stringify(q)}`;
  const answer = await orUnavailable(answers.get(key, () => build(site.lng, q)));
  if (answer.status === 404) return Response.json({ error: "not_found" }, { status: 404, headers });
  if (answer.status === 503) return Response.json({ error: "unavailable" }, { status: 503, headers: { ...headers, ...NO_STORE, "Retry-After": "30" } });
  const etagHeaders = { ...headers, "Content-Type": "application/json; charset=utf-8", ...(answer.stale ? NO_STORE : {}), ...(answer.etag ? { ETag: answer.etag } : {}) };
  const ifNoneMatch = args.request.headers.get("if-none-match");
  if (answer.status === 304 || (answer.etag && ifNoneMatch === answer.etag)) return new Response(null, { status: 304, headers: etagHeaders });
  return new Response(answer.body, { status: 200, headers: etagHeaders });
}
