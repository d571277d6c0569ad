// Games in the state a test needs, made through the platform's sports hooks (docs/SPORTS-API.md,
// "Test hooks") rather than taken from whatever the day's catalogue offers: each test gets a game
// of its own (no other test clicks it), at the minute, score and prices it asks for, so what it
// checks does not depend on the day it runs, on the game that comes first, or on that game's
// teams. Used by the integration and the end-to-end tests alike.
import { hookRequest, untilSiteAnswers } from "./hooks";
import type { FeedGame, FeedMarket, FeedOutcome } from "./sports-feed";

const call = <T>(base: string, method: string, path: string, body?: unknown) => hookRequest(base, method, path, body) as Promise<T>;

export interface GameWanted {
  /** Default football (1). */
  sportId?: number;
  /** A championship of the sport; by default the first one without an outright (a live game suspends its league's outright). */
  champId?: number;
}

export interface LiveGameWanted extends GameWanted {
  /** Game time in seconds (default 600: the 10th minute of a football match). */
  gameTimeSec?: number;
  /** Score per period so far (default none: 0 : 0). */
  scores?: [number, number][];
}

/** The sports hooks of the platform at `platform` (its URL, or a function that reads it once the stack is up). */
export function sportsGames(platform: string | (() => string)) {
  const base = typeof platform === "string" ? () => platform : platform;
  const hook = <T>(path: string, body: unknown = {}) => call<T>(base(), "POST", `/__test/sports${path}`, body);
  const game = async (id: number) => (await call<{ game: FeedGame }>(base(), "GET", `/sports-api/games/${id}`)).game;

  return {
    /** The game as the feed shows it now, with every market. */
    game,
    /** A new game of its own on the line, kicking off in `startInSec` (default an hour), its markets open. */
    lineGame: async (wanted: GameWanted & { startInSec?: number } = {}) =>
      (await hook<{ game: FeedGame }>("/games", { sportId: wanted.sportId ?? 1, champId: wanted.champId, startInSec: wanted.startInSec })).game,
    /**
     * A new game of its own, live now at `gameTimeSec` with exactly `scores`: no goal happens in
     * the minutes skipped. Pause the simulator first where nothing else may move it.
     */
    liveGame: async (wanted: LiveGameWanted = {}) => {
      const line = (await hook<{ game: FeedGame }>("/games", { sportId: wanted.sportId ?? 1, champId: wanted.champId })).game;
      const state = { status: 2, gameTimeSec: wanted.gameTimeSec ?? 600, ...(wanted.scores ? { scores: wanted.scores } : {}) };
      return (await hook<{ game: FeedGame }>(`/games/${line.id}/state`, state)).game;
    },
    /** Sets a market's coefficients (hundredths, in outcome order) and whether it is suspended. */
    setMarket: async (marketId: number, patch: { coefs?: number[]; blocked?: boolean }) => (await hook<{ game: FeedGame }>(`/markets/${marketId}`, patch)).game,
    /** Prices the home win of the game's match result (1X2) at `coef` hundredths, the draw and the away win as they were; the game then. */
    homeWinAt: async (game: FeedGame, coef: number) => {
      const x12 = marketOf(game, "1x2");
      return (await hook<{ game: FeedGame }>(`/markets/${x12.id}`, { coefs: [coef, ...x12.outcomes.slice(1).map((o) => o.coef)] })).game;
    },
    /** A goal (a point in points and sets sports) for one side now; the game's markets suspend. */
    goal: async (gameId: number, side: "home" | "away") => (await hook<{ game: FeedGame }>(`/games/${gameId}/goal`, { side })).game,
    /** Sets a live game's state (time, score) or ends it: status 4 finishes and settles it, 5 cancels it. */
    setState: async (gameId: number, state: { status?: 2 | 4 | 5; gameTimeSec?: number; scores?: [number, number][] }) =>
      (await hook<{ game: FeedGame }>(`/games/${gameId}/state`, state)).game,
    /** Moves the simulator's clock by exactly `seconds`. */
    advance: (seconds: number) => hook<{ version: number; finished: number[] }>("/advance", { seconds }),
    pause: () => hook("/pause"),
    resume: () => hook("/resume"),
    /** The simulator's clock: the platform's present, which the day's catalogue follows (PLATFORM_NOW). */
    clockMs: async () => (await call<{ clockMs: number | null }>(base(), "GET", "/__test/sports/status")).clockMs,
  };
}

/** A game's market of a type for the whole game (period 0), the first line of it. */
export function marketOf(game: FeedGame, type: string): FeedMarket {
  const market = game.markets.find((m) => m.type === type && m.period === 0);
  if (!market) throw new Error(`game ${game.id} has no ${type} market`);
  return market;
}

/** The home win of a game's match result (1X2): the first odd of its row on a list page. */
export function homeWin(game: FeedGame): FeedOutcome {
  return marketOf(game, "1x2").outcomes[0]!;
}

/**
 * Waits until the site's list page at `path` (e.g. "/en/line") shows every game given. The site
 * keeps each feed it read for a second (FEED_CACHE_MS), so a page asked for just after a game was
 * made can be one without it.
 */
export function untilListed(siteUrl: string, path: string, ...games: { id: number }[]): Promise<void> {
  return untilSiteAnswers(siteUrl, path, ({ status, body }) => status === 200 && games.every((g) => body.includes(`id="game-${g.id}"`)));
}

/**
 * A league's season being played: the newest of its championships ("premier-league", then
 * "premier-league-2027", …: a league's later seasons are championships of their own, decision
 * 014), so a test of a league's outright or special page holds after its real season has ended.
 */
export function currentSeason<C extends { id: number; slug: string }>(champs: readonly C[], league: string): C {
  const seasons = champs.filter((c) => c.slug === league || new RegExp(`^${league}-\\d{4}(-\\d{2})?$`).test(c.slug));
  const newest = seasons.sort((a, b) => b.id - a.id)[0];
  if (!newest) throw new Error(`no championship ${league}`);
  return newest;
}
