import { data } from "@remix-run/node";
import { getT } from "~/i18n/dictionaries.server";
import type { PageContext } from "./guards.server";
import { routeSeo } from "./seo.server";
import { type PreparedJson, prepareJson } from "~/lib/prepared-json";
import { PerAnswerCache } from "~/lib/per-answer-cache.server";
import { isOutage } from "~/services/http.server";
import { LastGood } from "~/services/last-good.server";
import { MicroCache } from "~/services/micro-cache.server";
import { type ApiFeed, type ApiGame, type ApiSportsMenu, getFeed, getGame, getSportsMenu, getTopGames } from "~/services/sports.server";
import { type GameList, type GameView, type Section, type SportView, isLiveStatus } from "~/sports/model";
import { slugify } from "~/sports/slug";
import { type Translate, toGame } from "~/sports/view";

/**
 * Loader building blocks of the sports pages: the menu, feed snapshots and deltas and games,
 * through micro-caches so that many viewers of one scope cost one platform call per second
 * (DESIGN "Scale": live feeds are served from versioned snapshots).
 */

export const FEED_CACHE_MS = 1_000;
const menuCache = new MicroCache(FEED_CACHE_MS, 20);
const feedCache = new MicroCache(FEED_CACHE_MS, 2_000);
const gameCache = new MicroCache(FEED_CACHE_MS, 2_000);
const topCache = new MicroCache(FEED_CACHE_MS, 20);

/**
 * An answer served from the last good copy while the platform is away (decision 063): `stale`
 * is set and every market and outcome of its games is blocked, so pages show them suspended.
 */
export type MaybeStale<T> = T & { stale?: true };

/** A game as it is shown while the platform is away: every market and outcome suspended. */
export function suspendedGame(game: ApiGame): ApiGame {
  return { ...game, markets: game.markets.map((m) => ({ ...m, blocked: true, outcomes: m.outcomes.map((o) => ({ ...o, blocked: true })) })) };
}

type FeedSnapshot = Extract<ApiFeed, { type: "snapshot" }>;
type GameAnswer = NonNullable<Awaited<ReturnType<typeof getGame>>>;
type GameSnapshot = Extract<GameAnswer, { type: "snapshot" }>;
type TopAnswer = Awaited<ReturnType<typeof getTopGames>>;

/*
 * The last good answer of each request (decision 063), by least recent use. A feed scope weighs
 * its games: 20,000 games with their main markets are some tens of MB; a game page's answer
 * (every market) counts as one of 1,000.
 */
const lastMenus = new LastGood<ApiSportsMenu, MaybeStale<ApiSportsMenu>>(4, 4, () => 1, (m) => ({ ...m, stale: true }));
const lastFeeds = new LastGood<FeedSnapshot, MaybeStale<FeedSnapshot>>(256, 20_000, (f) => f.games.length + 1, (f) => ({ ...f, stale: true, games: f.games.map(suspendedGame) }));
const lastGames = new LastGood<GameSnapshot, MaybeStale<GameSnapshot>>(1_000, 1_000, () => 1, (g) => ({ ...g, stale: true, game: suspendedGame(g.game) }));
const lastTops = new LastGood<TopAnswer, MaybeStale<TopAnswer>>(8, 8, () => 1, (t) => ({ ...t, stale: true, games: t.games.map(suspendedGame) }));

/** The answer, or while the platform is away the last good one of `key` (stale); else the failure. */
async function orLastGood<T, S extends object>(answer: Promise<T>, last: { recall(key: string): S | null }, key: string): Promise<T | S> {
  try {
    return await answer;
  } catch (error) {
    const copy = isOutage(error) ? last.recall(key) : null;
    if (copy) return copy;
    throw error;
  }
}

export function cachedMenu(section: Section): Promise<MaybeStale<ApiSportsMenu>> {
  const answer = menuCache.get(section, () =>
    getSportsMenu(section).then((menu) => {
      lastMenus.remember(section, menu);
      return menu;
    }),
  );
  return orLastGood(answer, lastMenus, section);
}

export function cachedFeed(input: { section: Section; sportId?: number | null; champId?: number | null; version?: number | null; markets?: "main" | "all" }): Promise<MaybeStale<ApiFeed> | null> {
  // The copy is kept by scope, without the version: a poll for a delta gets the scope's snapshot.
  const scope = [input.section, input.sportId ?? "", input.champId ?? "", input.markets ?? "main"].join("|");
  const key = `${scope}|${input.version ?? ""}`;
  const answer = feedCache.get(key, () =>
    getFeed(input).then((feed) => {
      if (feed?.type === "snapshot") lastFeeds.remember(scope, feed);
      return feed;
    }),
  );
  return orLastGood(answer, lastFeeds, scope);
}

export function cachedGame(gameId: number, version?: number | null): Promise<MaybeStale<GameAnswer> | null> {
  const answer = gameCache.get(`${gameId}|${version ?? ""}`, () =>
    getGame(gameId, version).then((game) => {
      if (game?.type === "snapshot") lastGames.remember(String(gameId), game);
      return game;
    }),
  );
  return orLastGood(answer, lastGames, String(gameId));
}

export function cachedTop(section: Section, limit: number): Promise<MaybeStale<TopAnswer>> {
  const key = `${section}|${limit}`;
  const answer = topCache.get(key, () =>
    getTopGames(section, limit).then((top) => {
      lastTops.remember(key, top);
      return top;
    }),
  );
  return orLastGood(answer, lastTops, key);
}

/** Whether a page shows anything from a last good copy: it then says betting is paused and is not cached. */
export function anyStale(...answers: ReadonlyArray<{ stale?: true } | null | undefined>): boolean {
  return answers.some((answer) => answer?.stale === true);
}

/** A stale page must not be kept by a CDN or a browser: the next load should be the live one. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

/** The menu of a page that has none to show: one array, so its kept markup is one (decision 055). */
export const NO_SPORTS = prepareJson<SportView[]>([]);

/**
 * What a sports page answers when the platform is away and it has no copy to show (decision 063):
 * its own page, in the sports layout, with the in-place message and a 503 (never a 500 or an
 * error page). Any other failure is rethrown.
 */
export async function sportsUnavailable(error: unknown, ctx: PageContext, section: Section) {
  if (!isOutage(error)) throw error;
  const t = getT(ctx.site.lng);
  const page = { unavailable: true as const, lng: ctx.site.lng, section, heading: t(ctx.meta.titleKey), here: ctx.site.url.pathname, sports: NO_SPORTS, seo: await routeSeo(ctx) };
  return data(page, { status: 503, headers: { ...NO_STORE, "Retry-After": "30" } });
}

/** Sport names in the page's language (the platform's name when the dictionary has none). */
export function sportName(t: Translate, sport: { slug: string; name: string }): string {
  return t(`sports.sportSlug.${sport.slug}`, { defaultValue: sport.name });
}

export function toSportViews(menu: ApiSportsMenu, t: Translate): SportView[] {
  return menu.sports.map((s) => ({
    id: s.id,
    slug: s.slug,
    name: sportName(t, s),
    model: s.model === "points" || s.model === "sets" ? s.model : "goals",
    count: s.count,
    isCyber: s.kind === "cyber",
    champs: s.champs.map((c) => ({ id: c.id, slug: c.slug || slugify(c.name), name: c.name, countryName: c.countryName, isTop: c.isTop, count: c.count })),
  }));
}

/** SPEC §3 disallow_line_sport / disallow_live_sport of the signed-in bettor (null: a guest). */
export type HiddenSports = { line: readonly number[]; live: readonly number[] } | null | undefined;

export interface SportsContext {
  t: Translate;
  /** The section's menu, without the sports hidden from this bettor. */
  sports: SportView[];
  /**
   * The menu as a page sends it: the menu lists championships of the open sport only, so the
   * others go without theirs (on home they were half of the page's data). Prepared as JSON once
   * per context and open sport (decision 052): every page of the answer sends the same text, and
   * the server renders from the same array, whose markup it keeps (decision 055).
   */
  menu: (activeSportId?: number | null) => PreparedJson<SportView[]>;
  /** Whether the bettor may see a game: its sport is not hidden in the game's own section. */
  visible: (game: { sportId: number; status: number }) => boolean;
  names: Map<number, { name: string; model: GameView["model"] }>;
  toGame: (game: Parameters<typeof toGame>[0]) => GameView;
  /** The same for a list of games, which shows no match tracker. */
  toListGame: (game: Parameters<typeof toGame>[0]) => GameView;
  /** What the mapping depends on besides the answer: the section's menu, the language and the hidden sports. */
  viewKey: string;
}

/**
 * Contexts made once per menu answer and view (a language and hidden sports): the viewers of a
 * section within the cache's second share one mapping of the menu, and the menu arrays pages
 * send, whose markup the server then keeps (decision 055). 256 contexts of about 40 sports.
 */
const contexts = new PerAnswerCache<SportsContext>(64, 256, 64, () => 1);

/** The menu of a section and a mapper of games into the page's language. */
export async function sportsContext(lng: string, section: Section, hidden?: HiddenSports): Promise<SportsContext> {
  const menu = await cachedMenu(section);
  const viewKey = `${section}|${lng}|${hidden ? `${hidden.line.join(",")}|${hidden.live.join(",")}` : ""}`;
  return contexts.get(menu, viewKey, () => makeSportsContext(menu, lng, section, viewKey, hidden));
}

function makeSportsContext(menu: ApiSportsMenu, lng: string, section: Section, viewKey: string, hidden?: HiddenSports): SportsContext {
  const translate = getT(lng) as unknown as Translate;
  const all = toSportViews(menu, translate);
  const names = new Map(all.map((s) => [s.id, { name: s.name, model: s.model }]));
  const line = new Set(hidden?.line ?? []);
  const live = new Set(hidden?.live ?? []);
  const visible = (game: { sportId: number; status: number }) => !(isLiveStatus(game.status) ? live : line).has(game.sportId);
  const sports = all.filter((s) => !(section === "live" ? live : line).has(s.id));
  // One menu per open sport, the same for every page of the answer that shows it.
  const menus = new Map<number | null, PreparedJson<SportView[]>>();
  const menuFor = (activeSportId: number | null = null) => {
    let shown = menus.get(activeSportId);
    if (!shown) {
      shown = prepareJson(sports.map((s) => (s.id === activeSportId || s.champs.length === 0 ? s : { ...s, champs: [] })));
      menus.set(activeSportId, shown);
    }
    return shown;
  };
  return { t: translate, sports, menu: menuFor, visible, names, toGame: (game) => toGame(game, translate, names), toListGame: (game) => toGame(game, translate, names, "list"), viewKey };
}

type ListAnswer = { games: Parameters<typeof toGame>[0][]; version: number };
/**
 * Views kept: guests share one per language and section; bettors with hidden sports and section
 * pages' filters add theirs. 16 M characters is about 2,000 full top lists.
 */
const preparedViews = new PerAnswerCache<PreparedJson<object>>(64, 16_000_000, 64, (prepared) => prepared.json.length);

/**
 * What a page makes of a cached feed answer, prepared as JSON once per answer and `view` (decision
 * 052): the viewers of a list within the cache's second cost one mapping and one `JSON.stringify`,
 * not one each. `view` names everything `make` depends on besides the answer (the kind of list,
 * the language, the hidden sports, the page's filters). The next second's answer starts afresh.
 */
export function preparedPerAnswer<T extends object>(answer: object, view: string, make: () => T): PreparedJson<T> {
  return preparedViews.get(answer, view, () => prepareJson(make()));
}

/** A feed answer's games the bettor may see, in the page's language, as one prepared list. */
export function preparedGameList(answer: ListAnswer, sc: SportsContext): PreparedJson<GameList> {
  return preparedPerAnswer(answer, `top|${sc.viewKey}`, () => ({ games: answer.games.filter(sc.visible).map(sc.toListGame), version: answer.version }));
}
