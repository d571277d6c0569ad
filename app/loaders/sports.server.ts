import { getT } from "~/i18n/dictionaries.server";
import { type PreparedJson, prepareJson } from "~/lib/prepared-json";
import { PerAnswerCache } from "~/lib/per-answer-cache.server";
import { MicroCache } from "~/services/micro-cache.server";
import { type ApiFeed, type ApiSportsMenu, getFeed, getGame, getSportsMenu, getTopGames } from "~/services/sports.server";
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

export function cachedMenu(section: Section): Promise<ApiSportsMenu> {
  return menuCache.get(section, () => getSportsMenu(section));
}

export function cachedFeed(input: { section: Section; sportId?: number | null; champId?: number | null; version?: number | null; markets?: "main" | "all" }): Promise<ApiFeed | null> {
  const key = [input.section, input.sportId ?? "", input.champId ?? "", input.version ?? "", input.markets ?? "main"].join("|");
  return feedCache.get(key, () => getFeed(input));
}

export function cachedGame(gameId: number, version?: number | null) {
  return gameCache.get(`${gameId}|${version ?? ""}`, () => getGame(gameId, version));
}

export function cachedTop(section: Section, limit: number) {
  return topCache.get(`${section}|${limit}`, () => getTopGames(section, limit));
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
