// In-memory records of the open catalogue: what the feed serves and the simulator moves.

import type { GameStatus } from "../../db/schema.ts";

export interface TrackerEvent {
  /** Game time, seconds. */
  t: number;
  kind: "attack" | "danger" | "shot" | "goal" | "card" | "point" | "period";
  side: 1 | 2;
}

/** The simulator's state of one game, saved in game.sim. */
export interface SimState {
  /** The game's random stream (mulberry32 state). */
  rng: number;
  /** Simulated seconds since the start (wall time of the game, breaks included). */
  wall: number;
  /** Game time of the next scoring event (goal, basket, point). */
  nextScoreAt: number;
  /** Game time of the next tracker event (attack, shot, card). */
  nextTrackAt: number;
  /** Markets stay blocked until this game time (after a goal or the end of a set). */
  blockedUntil: number;
  /** Tennis: points of the game in progress. */
  point: [number, number] | null;
  events: TrackerEvent[];
  /** Game time of the last re-pricing. */
  pricedAt: number;
}

export interface OutcomeRec {
  id: number;
  typeId: number;
  key: string;
  coef: number;
  blocked: boolean;
  result: number | null;
  sort: number;
}

export interface MarketRec {
  id: number;
  gameId: number;
  typeId: number;
  period: number;
  param: number | null;
  version: number;
  blocked: boolean;
  settled: boolean;
  feedVersion: number;
  outcomes: OutcomeRec[];
}

/** One runner of a race (marble racing): its lane, how far it got, and where it finished. */
export interface RunnerRec {
  lane: number;
  teamId: number;
  /** Distance covered, in the sport's track units (RaceRules.length at the line). */
  progress: number;
  /** Race seconds at which it crossed the line. */
  finishSec: number | null;
  place: number | null;
}

export interface GameRec {
  id: number;
  sportId: number;
  champId: number;
  /** Null for races, whose field is `runners`. */
  homeTeamId: number | null;
  awayTeamId: number | null;
  /** Races only: the field, in lane order. */
  runners: RunnerRec[] | null;
  startAtMs: number;
  status: GameStatus;
  gameTimeSec: number;
  period: number;
  scores: [number, number][];
  hasVideo: boolean;
  isTop: boolean;
  round: string | null;
  source: string;
  sim: SimState | null;
  finishedAtMs: number | null;
  feedVersion: number;
  markets: MarketRec[];
}

/** A new line game whose sides are a field (a race, an outright): everything but what differs. */
export function fieldGame(g: Pick<GameRec, "id" | "sportId" | "champId" | "runners" | "startAtMs" | "isTop" | "source" | "feedVersion">): GameRec {
  return { ...g, homeTeamId: null, awayTeamId: null, status: 1, gameTimeSec: 0, period: 0, scores: [], hasVideo: false, round: null, sim: null, finishedAtMs: null, markets: [] };
}

export interface SportRec {
  id: number;
  slug: string;
  name: string;
  kind: "real" | "cyber";
  model: "goals" | "points" | "sets" | "race";
  sort: number;
}

export interface CountryRec {
  id: number;
  code: string;
  name: string;
  sort: number;
}

export interface ChampRec {
  id: number;
  sportId: number;
  countryId: number;
  name: string;
  slug: string;
  sort: number;
  isTop: boolean;
  /** "openfootball", "rebuilt" (a later season of an openfootball league), "generated". */
  source: string;
  /** The season this one follows; null but for rebuilt seasons. */
  previousId: number | null;
}

export interface TeamRec {
  id: number;
  sportId: number;
  countryId: number;
  name: string;
  slug: string;
  rating: number;
}

export function slugify(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "x"
  );
}

export function finalScore(scores: [number, number][]): { home: number; away: number } {
  let home = 0;
  let away = 0;
  for (const [h, a] of scores) {
    home += h;
    away += a;
  }
  return { home, away };
}
