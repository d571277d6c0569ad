import { z } from "zod";
import { callUpstream, UpstreamError } from "./http.server";

/**
 * The platform's sports API (docs/SPORTS-API.md): the sports menu, feed snapshots and deltas,
 * games, top games, results, standings, head-to-head, teams and search. Every answer is parsed
 * here; pages turn the wire shapes into the view shapes of app/sports/ (app/sports/view.ts).
 */

const id = z.number().int().positive();
// A race's sides (track and race number) carry id 0: they are names, not teams.
const teamSchema = z.object({ id: z.number().int().nonnegative(), name: z.string(), slug: z.string() });
const runnerSchema = z.object({
  lane: z.number().int().positive(),
  id,
  name: z.string(),
  slug: z.string(),
  progress: z.number().int().nonnegative(),
  finishSec: z.number().nonnegative().nullable(),
  place: z.number().int().positive().nullable(),
});
export type ApiRunner = z.infer<typeof runnerSchema>;
export type ApiTeam = z.infer<typeof teamSchema>;

const outcomeSchema = z.object({
  id,
  typeId: z.number().int(),
  key: z.string(),
  /** Hundredths: 185 is 1.85. */
  coef: z.number().int().min(100),
  blocked: z.boolean(),
  result: z.number().int().nullable(),
});
export type ApiOutcome = z.infer<typeof outcomeSchema>;

const marketSchema = z.object({
  id,
  typeId: z.number().int(),
  type: z.string(),
  group: z.string(),
  period: z.number().int().nonnegative(),
  /** Thousandths, or null. */
  param: z.number().int().nullable(),
  version: z.number().int().nonnegative(),
  blocked: z.boolean(),
  outcomes: z.array(outcomeSchema),
});
export type ApiMarket = z.infer<typeof marketSchema>;

const trackerEventSchema = z.object({
  t: z.number().nonnegative(),
  kind: z.enum(["attack", "danger", "shot", "goal", "card", "point", "period"]),
  side: z.union([z.literal(1), z.literal(2)]),
});
export type ApiTrackerEvent = z.infer<typeof trackerEventSchema>;

const scorePair = z.tuple([z.number().int(), z.number().int()]);
export const apiGameSchema = z.object({
  id,
  sportId: id,
  sportSlug: z.string(),
  champId: id,
  champName: z.string(),
  countryId: z.number().int().nullable(),
  countryCode: z.string().nullable(),
  countryName: z.string().nullable(),
  status: z.number().int().min(0).max(5),
  startAt: z.string(),
  startAtMs: z.number().int(),
  gameTimeSec: z.number().int().nonnegative(),
  period: z.number().int().nonnegative(),
  periodCount: z.number().int().nonnegative(),
  scores: z.array(scorePair),
  score: z.object({ home: z.number().int(), away: z.number().int() }).nullable(),
  current: scorePair.nullable().optional(),
  home: teamSchema,
  away: teamSchema,
  runners: z.array(runnerSchema).nullish(),
  trackLength: z.number().int().positive().nullish(),
  hasVideo: z.boolean(),
  isTop: z.boolean(),
  round: z.string().nullable().optional(),
  version: z.number().int().nonnegative(),
  marketCount: z.number().int().nonnegative(),
  markets: z.array(marketSchema),
  events: z.array(trackerEventSchema).default([]),
});
export type ApiGame = z.infer<typeof apiGameSchema>;

const sectionSchema = z.enum(["live", "line"]);

const feedSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("snapshot"),
    section: sectionSchema,
    sportId: z.number().int().nullable(),
    champId: z.number().int().nullable(),
    version: z.number().int().nonnegative(),
    clockMs: z.number().int().nonnegative(),
    games: z.array(apiGameSchema),
  }),
  z.object({
    type: z.literal("delta"),
    section: sectionSchema,
    sportId: z.number().int().nullable(),
    champId: z.number().int().nullable(),
    version: z.number().int().nonnegative(),
    clockMs: z.number().int().nonnegative(),
    since: z.number().int().nonnegative(),
    games: z.array(apiGameSchema),
    removed: z.array(z.number().int()),
  }),
]);
export type ApiFeed = z.infer<typeof feedSchema>;

const champEntry = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  countryId: z.number().int().nullable(),
  countryCode: z.string().nullable(),
  countryName: z.string().nullable(),
  isTop: z.boolean(),
  count: z.number().int().nonnegative(),
});
const sportsMenuSchema = z.object({
  version: z.number().int().nonnegative(),
  section: sectionSchema,
  sports: z.array(
    z.object({
      id,
      slug: z.string(),
      name: z.string(),
      kind: z.enum(["real", "cyber"]),
      model: z.string(),
      count: z.number().int().nonnegative(),
      champs: z.array(champEntry),
    }),
  ),
});
export type ApiSportsMenu = z.infer<typeof sportsMenuSchema>;

const gameAnswerSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("snapshot"), version: z.number().int(), game: apiGameSchema }),
  z.object({ type: z.literal("delta"), version: z.number().int(), since: z.number().int(), game: z.null() }),
]);

const topSchema = z.object({ version: z.number().int(), section: sectionSchema, games: z.array(apiGameSchema) });

const champInfo = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  sportId: id,
  countryId: z.number().int().nullable(),
  countryCode: z.string().nullable(),
  countryName: z.string().nullable(),
  isTop: z.boolean(),
  sportSlug: z.string().optional(),
  sportName: z.string().optional(),
  scoreUnit: z.enum(["goals", "points", "runs", "sets"]).default("goals"),
});
const standingsSchema = z.object({
  championship: champInfo,
  rows: z.array(
    z.object({
      position: z.number().int(),
      team: teamSchema,
      played: z.number().int(),
      won: z.number().int(),
      drawn: z.number().int(),
      lost: z.number().int(),
      goalsFor: z.number().int(),
      goalsAgainst: z.number().int(),
      goalDifference: z.number().int(),
      points: z.number().int(),
      form: z.array(z.enum(["W", "D", "L"])),
    }),
  ),
});
export type ApiStandings = z.infer<typeof standingsSchema>;

const resultsSchema = z.object({ total: z.number().int().nonnegative(), games: z.array(apiGameSchema) });
const resultDatesSchema = z.object({ dates: z.array(z.object({ date: z.string(), count: z.number().int() })) });
const h2hSchema = z.object({
  team1: teamSchema,
  team2: teamSchema,
  games: z.array(apiGameSchema),
  summary: z.object({ played: z.number().int(), wins1: z.number().int(), draws: z.number().int(), wins2: z.number().int(), goals1: z.number().int(), goals2: z.number().int() }),
});
export type ApiH2h = z.infer<typeof h2hSchema>;
const teamPageSchema = z.object({
  team: teamSchema.extend({ sportId: id, sportSlug: z.string(), countryId: z.number().int().nullable(), countryName: z.string().nullable(), rating: z.number().optional() }),
  fixtures: z.array(apiGameSchema),
  results: z.array(apiGameSchema),
  form: z.array(z.enum(["W", "D", "L"])),
});
export type ApiTeamPage = z.infer<typeof teamPageSchema>;
const catalogueSchema = z.object({
  sports: z.array(z.object({ id, slug: z.string(), name: z.string(), kind: z.enum(["real", "cyber"]), model: z.string(), sort: z.number().optional() }).passthrough()),
  countries: z.array(z.object({ id, code: z.string(), name: z.string() })),
  marketTypes: z.array(z.object({ id: z.number().int(), key: z.string(), group: z.string(), sort: z.number().optional() })),
});
export type ApiCatalogue = z.infer<typeof catalogueSchema>;
const championshipsSchema = z.object({ championships: z.array(champInfo.extend({ source: z.string().optional() })) });
const championshipSchema = z.object({ championship: champInfo, teams: z.array(teamSchema) });
const searchSchema = z.object({
  teams: z.array(teamSchema.extend({ sportId: id, sportSlug: z.string(), countryName: z.string().nullable() })),
  championships: z.array(z.object({ id, name: z.string(), slug: z.string(), sportId: id, sportSlug: z.string(), countryName: z.string().nullable() })),
});
export type ApiSearch = z.infer<typeof searchSchema>;

const popularSchema = z.object({
  selections: z.array(z.object({ outcomeId: id, bettors: z.number().int().min(0), bets: z.number().int().min(0), game: apiGameSchema })),
});
export type ApiPopular = z.infer<typeof popularSchema>;

const RETRY = { times: 1, delayMs: 200 } as const;

/** null for a 404 of the platform (unknown id), so pages can answer their own 404. */
async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return null;
    throw error;
  }
}

export function getSportsMenu(section: "live" | "line", signal?: AbortSignal) {
  return callUpstream({ upstream: "sports", path: "/sports-api/sports", query: { section }, schema: sportsMenuSchema, retry: RETRY, signal });
}

/** A feed snapshot (no version) or the delta since `version`; null for an unknown sport or championship. */
export function getFeed(
  input: { section: "live" | "line"; sportId?: number | null; champId?: number | null; version?: number | null; markets?: "main" | "all" },
  signal?: AbortSignal,
) {
  return orNull(
    callUpstream({
      upstream: "sports",
      path: `/sports-api/feed/${input.section}`,
      query: { sport: input.sportId, champ: input.champId, version: input.version, markets: input.markets },
      schema: feedSchema,
      retry: RETRY,
      signal,
    }),
  );
}

export function getGame(gameId: number, version?: number | null, signal?: AbortSignal) {
  return orNull(callUpstream({ upstream: "sports", path: `/sports-api/games/${gameId}`, query: { version }, schema: gameAnswerSchema, retry: RETRY, signal }));
}

export function getTopGames(section: "live" | "line", limit: number, signal?: AbortSignal) {
  return callUpstream({ upstream: "sports", path: "/sports-api/top", query: { section, limit }, schema: topSchema, retry: RETRY, signal });
}

export function getCatalogue(signal?: AbortSignal) {
  return callUpstream({ upstream: "sports", path: "/sports-api/catalogue", schema: catalogueSchema, retry: RETRY, signal });
}

export function getChampionships(sportId: number | null, signal?: AbortSignal) {
  return callUpstream({ upstream: "sports", path: "/sports-api/championships", query: { sport: sportId }, schema: championshipsSchema, retry: RETRY, signal });
}

export function getChampionship(champId: number, signal?: AbortSignal) {
  return orNull(callUpstream({ upstream: "sports", path: `/sports-api/championships/${champId}`, schema: championshipSchema, retry: RETRY, signal }));
}

const outrightSchema = z.object({ game: apiGameSchema.nullable() });

/** A championship's outright (its winner market, the field in `runners`), or null when it has none. */
export function getOutright(champId: number, signal?: AbortSignal) {
  return orNull(callUpstream({ upstream: "sports", path: `/sports-api/championships/${champId}/outright`, schema: outrightSchema, retry: RETRY, signal }));
}

export function getStandings(champId: number, signal?: AbortSignal) {
  return orNull(callUpstream({ upstream: "sports", path: `/sports-api/championships/${champId}/standings`, schema: standingsSchema, retry: RETRY, signal }));
}

export function getResults(
  query: { date?: string | null; sport?: number | null; champ?: number | null; kind?: "real" | "cyber" | null; q?: string | null; limit?: number; offset?: number },
  signal?: AbortSignal,
) {
  return callUpstream({ upstream: "sports", path: "/sports-api/results", query, schema: resultsSchema, retry: RETRY, signal });
}

export function getResultDates(query: { sport?: number | null; champ?: number | null; kind?: "real" | "cyber" | null }, signal?: AbortSignal) {
  return callUpstream({ upstream: "sports", path: "/sports-api/results/dates", query, schema: resultDatesSchema, retry: RETRY, signal });
}

export function getHeadToHead(team1: number, team2: number, signal?: AbortSignal) {
  return orNull(callUpstream({ upstream: "sports", path: "/sports-api/h2h", query: { team1, team2 }, schema: h2hSchema, retry: RETRY, signal }));
}

export function getTeam(teamId: number, signal?: AbortSignal) {
  return orNull(callUpstream({ upstream: "sports", path: `/sports-api/teams/${teamId}`, schema: teamPageSchema, retry: RETRY, signal }));
}

/** The most-backed open selections of the last `hours` (bets-on-your). */
export function getPopular(hours: number, limit: number, signal?: AbortSignal) {
  return callUpstream({ upstream: "sports", path: "/sports-api/popular", query: { hours, limit }, schema: popularSchema, retry: RETRY, signal });
}

export function searchSports(q: string, limit: number, signal?: AbortSignal) {
  return callUpstream({ upstream: "sports", path: "/sports-api/search", query: { q, limit }, schema: searchSchema, retry: RETRY, signal });
}
