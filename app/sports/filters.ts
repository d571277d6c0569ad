// The Betting state's filters and groupings (SPEC §3): time filters, only-with-video, and the
// grouping of a game list by country and championship (isGroupByCountry).

import { type GameView, type MarketView, isLiveStatus } from "./model";

/** SPEC §3 time filters: 0 all, 1 upcoming events, 2 first period, 3 second period, 6 recommended. */
export const TIME_FILTERS = [0, 1, 2, 3, 6] as const;
export type TimeFilter = (typeof TIME_FILTERS)[number];

/** "Upcoming events": line games that start within this window. */
export const UPCOMING_WINDOW_MS = 3 * 60 * 60 * 1000;

export function parseTimeFilter(value: string | null): TimeFilter {
  const n = Number(value);
  return (TIME_FILTERS as readonly number[]).includes(n) && value !== null && value !== "" ? (n as TimeFilter) : 0;
}

export function matchesTimeFilter(game: GameView, filter: TimeFilter, now: number): boolean {
  switch (filter) {
    case 0:
      return true;
    case 1:
      return !isLiveStatus(game.status) && game.startAt >= now && game.startAt - now <= UPCOMING_WINDOW_MS;
    case 2:
      return isLiveStatus(game.status) && game.period === 1;
    case 3:
      return isLiveStatus(game.status) && game.period === 2;
    case 6:
      return game.isTop;
  }
}

export interface ListFilters {
  timeFilter: TimeFilter;
  onlyWithVideo: boolean;
}

export function filterGames(games: readonly GameView[], filters: ListFilters, now: number): GameView[] {
  return games.filter((g) => matchesTimeFilter(g, filters.timeFilter, now) && (!filters.onlyWithVideo || g.hasVideo));
}

export interface ChampGroup {
  champId: number;
  champName: string;
  champSlug: string;
  sportId: number;
  sportSlug: string;
  sportName: string;
  countryName: string | null;
  games: GameView[];
}

export interface CountryGroup {
  /** null: championships without a country (international). */
  countryName: string | null;
  champs: ChampGroup[];
}

/** SPEC §3 appViewType. */
export const VIEW = { EUROPEAN: 0, ASIAN: 1 } as const;

/**
 * The markets a list row shows, from the game's main markets (the platform sends them in type
 * order: match result or winner, total, handicap). The European view leads with the match result
 * and the Asian view (SPEC §3 appViewType 1) with the main handicap, each followed by the main
 * total unless the compact view is on (a wide screen shows the second). A game without a handicap
 * shows the European row in either view.
 */
export function rowMarkets(game: Pick<GameView, "markets">, compact: boolean, view: number = VIEW.EUROPEAN): MarketView[] {
  const count = compact ? 1 : 2;
  const handicap = view === VIEW.ASIAN ? game.markets.find((m) => m.group === "handicaps") : undefined;
  if (!handicap) return game.markets.slice(0, count);
  const total = game.markets.find((m) => m.group === "totals");
  return [handicap, ...(total ? [total] : [])].slice(0, count);
}

/**
 * "Best matches on top" (SPEC §3): the top games first, each part in the order it came (the
 * platform's order: start time in the line, sport and championship in live).
 */
export function bestMatchesFirst<G extends Pick<GameView, "isTop">>(games: readonly G[]): G[] {
  return [...games.filter((g) => g.isTop), ...games.filter((g) => !g.isTop)];
}

/**
 * Games grouped by championship, in the order the games come (the platform sorts them), or by
 * country first and then championship when isGroupByCountry is on. With bestFirst the top
 * games' championships lead.
 */
export function groupGames(games: readonly GameView[], options: { byCountry: boolean; bestFirst?: boolean }): CountryGroup[] {
  const ordered = options.bestFirst ? bestMatchesFirst(games) : games;
  const champs = new Map<number, ChampGroup>();
  for (const game of ordered) {
    let group = champs.get(game.champId);
    if (!group) {
      group = {
        champId: game.champId,
        champName: game.champName,
        champSlug: game.champSlug,
        sportId: game.sportId,
        sportSlug: game.sportSlug,
        sportName: game.sportName,
        countryName: game.countryName,
        games: [],
      };
      champs.set(game.champId, group);
    }
    group.games.push(game);
  }
  const list = [...champs.values()];
  if (!options.byCountry) return [{ countryName: null, champs: list }];
  const countries = new Map<string, CountryGroup>();
  for (const champ of list) {
    const { countryName } = champ;
    const key = countryName ?? "";
    let country = countries.get(key);
    if (!country) {
      country = { countryName, champs: [] };
      countries.set(key, country);
    }
    country.champs.push(champ);
  }
  return [...countries.values()].sort((a, b) => (a.countryName ?? "\uffff").localeCompare(b.countryName ?? "\uffff"));
}

/** SPEC §3 filteredMarkets: a comma list of market type ids; empty means every type. */
export function parseFilteredMarkets(value: string | null): number[] {
  if (!value) return [];
  return [...new Set(value.split(",").map((v) => Number(v.trim())).filter((n) => Number.isSafeInteger(n) && n > 0))].slice(0, 20);
}
