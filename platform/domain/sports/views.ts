// The JSON shapes of docs/SPORTS-API.md, built from in-memory records.

import { type SportRules, SPORT_BY_ID, periodCount } from "./sports.ts";
import type { SportsStore } from "./store.ts";
import { type GameRec, type MarketRec, type OutcomeRec, type TrackerEvent, finalScore } from "./types.ts";

export interface TeamView {
  id: number;
  name: string;
  slug: string;
}

/** A race's runner as the feed shows it: lane, marble, progress (0 … the track length), place. */
export interface RunnerView {
  lane: number;
  id: number;
  name: string;
  slug: string;
  progress: number;
  finishSec: number | null;
  place: number | null;
}

/** An outcome as the feed shows it: the stored record without its sort key. */
export type OutcomeView = Omit<OutcomeRec, "sort">;

export interface MarketView {
  id: number;
  typeId: number;
  type: string;
  group: string;
  period: number;
  param: number | null;
  version: number;
  blocked: boolean;
  outcomes: OutcomeView[];
}

export interface GameView {
  id: number;
  sportId: number;
  sportSlug: string;
  champId: number;
  champName: string;
  countryId: number;
  countryCode: string;
  countryName: string;
  status: number;
  startAt: string;
  startAtMs: number;
  gameTimeSec: number;
  period: number;
  periodCount: number;
  scores: [number, number][];
  score: { home: number; away: number } | null;
  current: [number, number] | null;
  /** A race's sides name it instead: the track (home) and the race number (away), id 0. */
  home: TeamView;
  away: TeamView;
  /** Races only: the field in lane order, and the track length progress counts to. */
  runners: RunnerView[] | null;
  trackLength: number | null;
  hasVideo: boolean;
  isTop: boolean;
  round: string | null;
  version: number;
  marketCount: number;
  markets: MarketView[];
  events: TrackerEvent[];
}

export function marketView(store: SportsStore, m: MarketRec): MarketView {
  const type = store.marketTypes.get(m.typeId);
  return {
    id: m.id,
    typeId: m.typeId,
    type: type?.key ?? String(m.typeId),
    group: type?.group ?? "other",
    period: m.period,
    param: m.param,
    version: m.version,
    blocked: m.blocked,
    outcomes: m.outcomes.map((o) => ({ id: o.id, typeId: o.typeId, key: o.key, coef: o.coef, blocked: o.blocked || m.blocked, result: o.result })),
  };
}

/**
 * A field's sides name it: the track and the race number, or the championship and its season. A
 * league's later season carries its years in its name ("Premier League 2027", decision 014): they
 * are its season, not a second one after the name.
 */
function fieldSides(game: GameRec, champ: { name: string; slug: string; source: string } | undefined): { home: TeamView; away: TeamView } {
  const named = champ?.source === "rebuilt" ? /^(.*) (\d{4}(?:\/\d{2})?)$/.exec(champ.name) : null;
  const league = named ? named[1]! : (champ?.name ?? "");
  const away = game.source === "outright" ? (named ? named[2]! : seasonLabel(game.startAtMs)) : `#${game.id}`;
  return { home: { id: 0, name: league, slug: champ?.slug ?? "" }, away: { id: 0, name: away, slug: away.replace(/\W+/g, "-") } };
}

/** "2025/26" for a season ending in the first half of 2026, "2026" for one ending later in it. */
export function seasonLabel(endMs: number): string {
  const end = new Date(endMs);
  const year = end.getUTCFullYear();
  return end.getUTCMonth() < 7 ? `${year - 1}/${String(year % 100).padStart(2, "0")}` : String(year);
}

function runnerViews(store: SportsStore, game: GameRec): RunnerView[] | null {
  if (!game.runners) return null;
  return game.runners.map((r) => {
    const t = store.teams.get(r.teamId);
    return { lane: r.lane, id: r.teamId, name: t?.name ?? `#${r.teamId}`, slug: t?.slug ?? String(r.teamId), progress: Math.round(r.progress), finishSec: r.finishSec, place: r.place };
  });
}

function teamView(store: SportsStore, id: number): TeamView {
  const t = store.teams.get(id);
  return { id, name: t?.name ?? `#${id}`, slug: t?.slug ?? String(id) };
}

/** Sets won from per-set scores (sets sports); goals or points summed otherwise. */
function score(rules: SportRules | undefined, game: GameRec): { home: number; away: number } | null {
  // A field (a race, an outright) has places, not a score.
  if (game.status < 2 || game.status === 5 || game.runners) return null;
  if (rules?.model !== "sets") return finalScore(game.scores);
  let home = 0;
  let away = 0;
  game.scores.forEach(([a, b], i) => {
    const done = game.status === 4 || i < game.scores.length - 1;
    if (!done) return;
    if (a > b) home++;
    else if (b > a) away++;
  });
  return { home, away };
}

const viewCache = new WeakMap<GameRec, { version: number; main?: GameView; all?: GameView }>();

/** A game's view; `markets: "main"` keeps list pages light. Cached per game and version. */
export function gameView(store: SportsStore, game: GameRec, markets: "main" | "all" | "none"): GameView {
  const cached = viewCache.get(game);
  if (markets !== "none" && cached && cached.version === game.feedVersion && cached[markets]) return cached[markets]!;
  const champ = store.champs.get(game.champId);
  const country = champ ? store.countries.get(champ.countryId) : undefined;
  const sport = store.sports.get(game.sportId);
  const rules = SPORT_BY_ID.get(game.sportId);
  const list = markets === "none" ? [] : markets === "main" ? store.mainMarkets(game) : game.markets;
  const live = game.status === 2 || game.status === 3;
  const view: GameView = {
    id: game.id,
    sportId: game.sportId,
    sportSlug: sport?.slug ?? String(game.sportId),
    champId: game.champId,
    champName: champ?.name ?? "",
    countryId: champ?.countryId ?? 0,
    countryCode: country?.code ?? "",
    countryName: country?.name ?? "",
    status: game.status,
    startAt: new Date(game.startAtMs).toISOString(),
    startAtMs: game.startAtMs,
    gameTimeSec: game.gameTimeSec,
    period: game.period,
    periodCount: rules ? periodCount(rules) : 0,
    scores: game.scores.map((s) => [s[0], s[1]] as [number, number]),
    score: score(rules, game),
    current: live && rules?.model === "sets" && rules.tennis ? ([...(game.sim?.point ?? [0, 0])] as [number, number]) : null,
    ...(game.homeTeamId === null || game.awayTeamId === null ? fieldSides(game, champ) : { home: teamView(store, game.homeTeamId), away: teamView(store, game.awayTeamId) }),
    runners: runnerViews(store, game),
    trackLength: rules?.model === "race" ? rules.length : null,
    hasVideo: game.hasVideo,
    isTop: game.isTop,
    round: game.round,
    version: game.feedVersion,
    marketCount: game.markets.length,
    markets: list.map((m) => marketView(store, m)),
    events: live ? (game.sim?.events ?? []).map((e) => ({ ...e })) : [],
  };
  if (markets !== "none") {
    const entry = cached && cached.version === game.feedVersion ? cached : { version: game.feedVersion };
    entry[markets] = view;
    viewCache.set(game, entry);
  }
  return view;
}
