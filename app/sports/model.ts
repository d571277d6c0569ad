// The sports catalogue as the site's pages see it: plain data the loaders return and the
// components render. The sports service (app/services/sports.server.ts) parses the platform's
// answers with zod and maps them into these shapes, so components never depend on the wire.

/** SPEC §4: a game is live at status 2 or 3, finished at 4; 0 and 1 are the line, 5 cancelled. */
export const GAME_STATUS = { NOT_STARTED: 0, SCHEDULED: 1, LIVE: 2, BREAK: 3, FINISHED: 4, CANCELLED: 5 } as const;

export type Section = "live" | "line";
export const SECTIONS: readonly Section[] = ["live", "line"];

export interface ChampView {
  id: number;
  slug: string;
  name: string;
  countryName: string | null;
  isTop: boolean;
  count: number;
}

/** A sport of the menu, with its games in one section. */
export interface SportView {
  id: number;
  slug: string;
  name: string;
  model: "goals" | "points" | "sets";
  count: number;
  isCyber: boolean;
  champs: ChampView[];
}

export interface OutcomeView {
  /** The outcome (the coupon's market) id: also the bet id in the coupon. */
  id: string;
  name: string;
  coef: number;
  isBlocked: boolean;
}

export interface MarketView {
  id: number;
  typeId: number;
  /** Market type group, e.g. "main", "totals", "handicaps", "halves". */
  group: string;
  name: string;
  /** Changes whenever the coefficients or the blocked state change. */
  version: number;
  isBlocked: boolean;
  outcomes: OutcomeView[];
}

export interface ScoreView {
  home: number;
  away: number;
}

export interface TrackerEventView {
  t: number;
  kind: "attack" | "danger" | "shot" | "goal" | "card" | "point" | "period";
  side: 1 | 2;
}

/** A race's runner (marble racing): lane, name, progress along the track, place at the line. */
export interface RunnerView {
  lane: number;
  id: number;
  name: string;
  progress: number;
  place: number | null;
  finishSec: number | null;
}

export interface GameView {
  id: number;
  slug: string;
  sportId: number;
  sportSlug: string;
  sportName: string;
  /** How the sport scores: goals (timed periods), points (timed periods), sets (untimed) or a race of a field. */
  model: "goals" | "points" | "sets" | "race";
  champId: number;
  champSlug: string;
  champName: string;
  countryName: string | null;
  home: { id: number; name: string };
  away: { id: number; name: string };
  /** Races only: the field in lane order and the track length progress counts to; null otherwise. */
  runners: RunnerView[] | null;
  trackLength: number | null;
  /** Scheduled start, epoch ms. */
  startAt: number;
  status: number;
  /** Seconds played, live games only. */
  gameTimeSec: number | null;
  period: number | null;
  periodName: string | null;
  score: ScoreView | null;
  periodScores: ScoreView[];
  hasVideo: boolean;
  isTop: boolean;
  /** Every market of the game, even when `markets` holds the main ones only. */
  marketCount: number;
  /** The match tracker's latest events (live games with video); empty in game lists. */
  events: TrackerEventView[];
  /** The main markets (game lists) or every market (game page). */
  markets: MarketView[];
  /** Sum of the market versions: changes whenever any price or lock changes. */
  version: number;
}

/** A game list as a page shows it and polls it on: the games and the feed version they are at. */
export interface GameList {
  games: GameView[];
  version: number;
}

/**
 * A championship's name where its country is not already a heading above it: "Russia. Super
 * League". The catalogue keeps the bare name and the country apart, so the country appears once.
 */
export function champTitle(name: string, countryName: string | null | undefined): string {
  return countryName && countryName !== INTERNATIONAL && !name.startsWith(countryName) ? `${countryName}. ${name}` : name;
}

/** The catalogue's country of tournaments that have none (platform/domain/sports/names.ts): not said. */
const INTERNATIONAL = "International";

/** A championship's outright (decision 041): a field of its teams under a sport of matches. */
export function isOutright(game: Pick<GameView, "runners" | "model">): boolean {
  return game.runners !== null && game.model !== "race";
}

export function isLiveStatus(status: number): boolean {
  return status === GAME_STATUS.LIVE || status === GAME_STATUS.BREAK;
}

/** Finished or cancelled: the game page shows the result, no bets are taken. */
export function isFinishedStatus(status: number): boolean {
  return status === GAME_STATUS.FINISHED || status === GAME_STATUS.CANCELLED;
}

export function sectionOfGame(game: Pick<GameView, "status">): Section {
  return isLiveStatus(game.status) || isFinishedStatus(game.status) ? "live" : "line";
}
