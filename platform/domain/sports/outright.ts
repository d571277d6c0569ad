// Outrights (decision 041): who wins a championship whose season has a fixed end. The field is the
// championship's teams (a game with `runners`, as a race is), priced by playing the rest of the
// season many times from the table as it stands, and settled from the final table.
//
// Pure: the table and the fixtures left come in, probabilities go out. Each simulated fixture draws
// its score from the sport's goal model (pricing.ts goalRates: two Poisson sides), so the prices
// follow the same strengths as the match markets.

import { type IdCounters, openOutrightMarket } from "./lines.ts";
import { MARKET } from "./markets.ts";
import { lineUp } from "./race.ts";
import { MAX_COEF, MIN_COEF, type MarketPlan, type PricedMarket } from "./pricing.ts";
import { goalRates, poisson } from "./pricing.ts";
import { Random, mixSeed } from "./random.ts";
import type { GoalsRules } from "./sports.ts";
import { type GameRec, fieldGame } from "./types.ts";

/** Bookmakers charge more on outrights than on a match: the market is long-lived and wide. */
export const OUTRIGHT_MARGIN = 0.15;
/**
 * How uncertain a team's strength is, in points per game left: each simulated season every team
 * plays a little above or below its rating (form, injuries, a new coach). Without it every league
 * leader came out at 1.01: the ratings are estimates, not truths.
 */
export const FORM_POINTS_PER_GAME = 0.45;
/** Seasons played per pricing: enough for the favourites' prices to sit still between repricings. */
export const SEASONS = 3000;

export interface TableRow {
  teamId: number;
  points: number;
  goalDiff: number;
  goalsFor: number;
}

export interface Fixture {
  homeTeamId: number;
  awayTeamId: number;
}

export const OUTRIGHT_PLAN: MarketPlan[] = [{ typeId: MARKET.outrightWinner, period: 0, param: null }];

/** Final order of a table: points, goal difference, goals scored, then the team id. */
export function tableOrder(rows: readonly TableRow[]): TableRow[] {
  return [...rows].sort((a, b) => b.points - a.points || b.goalDiff - a.goalDiff || b.goalsFor - a.goalsFor || a.teamId - b.teamId);
}

/** The table from finished scores (3 points a win, 1 a draw). */
export function tableFrom(teams: readonly number[], results: ReadonlyArray<Fixture & { home: number; away: number }>): TableRow[] {
  const rows = new Map(teams.map((teamId) => [teamId, { teamId, points: 0, goalDiff: 0, goalsFor: 0 }]));
  for (const r of results) {
    const h = rows.get(r.homeTeamId);
    const a = rows.get(r.awayTeamId);
    if (!h || !a) continue;
    h.goalsFor += r.home;
    a.goalsFor += r.away;
    h.goalDiff += r.home - r.away;
    a.goalDiff += r.away - r.home;
    if (r.home > r.away) h.points += 3;
    else if (r.home < r.away) a.points += 3;
    else {
      h.points++;
      a.points++;
    }
  }
  return [...rows.values()];
}

/** Goals per side a fixture's score table covers; the rest of the mass (well under 1e-4) folds into the last cell. */
const MAX_GOALS = 9;

/** A fixture's scores as a cumulative table over (home, away) goals, so a draw costs one random number. */
function scoreTable(home: number, away: number): Float64Array {
  const ph = Array.from({ length: MAX_GOALS + 1 }, (_, k) => poisson(k, home));
  const pa = Array.from({ length: MAX_GOALS + 1 }, (_, k) => poisson(k, away));
  const cum = new Float64Array((MAX_GOALS + 1) ** 2);
  let acc = 0;
  for (let h = 0; h <= MAX_GOALS; h++) for (let a = 0; a <= MAX_GOALS; a++) cum[h * (MAX_GOALS + 1) + a] = acc += ph[h]! * pa[a]!;
  cum[cum.length - 1] = Number.POSITIVE_INFINITY;
  return cum;
}

function drawScore(cum: Float64Array, u: number): number {
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (u < cum[mid]!) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Each team's chance of finishing first, in the order of `table`. Deterministic for a seed. */
export function titleProbabilities(rules: GoalsRules, table: readonly TableRow[], left: readonly Fixture[], ratingOf: (teamId: number) => number, seed: number, seasons = SEASONS): number[] {
  const index = new Map(table.map((r, i) => [r.teamId, i]));
  const fixtures = left
    .filter((f) => index.has(f.homeTeamId) && index.has(f.awayTeamId))
    .map((f) => {
      const rates = goalRates(rules, { home: ratingOf(f.homeTeamId), away: ratingOf(f.awayTeamId) });
      return { h: index.get(f.homeTeamId)!, a: index.get(f.awayTeamId)!, cum: scoreTable(rates.home, rates.away) };
    });
  const wins = new Array<number>(table.length).fill(0);
  if (!fixtures.length) {
    wins[index.get(tableOrder(table)[0]!.teamId)!] = 1;
    return wins;
  }
  const rnd = new Random(mixSeed(seed, table.length, left.length));
  const points = new Float64Array(table.length);
  const diff = new Float64Array(table.length);
  const gamesLeft = new Array<number>(table.length).fill(0);
  for (const f of fixtures) {
    gamesLeft[f.h]!++;
    gamesLeft[f.a]!++;
  }
  for (let s = 0; s < seasons; s++) {
    table.forEach((r, i) => {
      points[i] = r.points + rnd.normal() * FORM_POINTS_PER_GAME * gamesLeft[i]!;
      diff[i] = r.goalDiff;
    });
    for (const f of fixtures) {
      const cell = drawScore(f.cum, rnd.next());
      const gh = Math.floor(cell / (MAX_GOALS + 1));
      const ga = cell % (MAX_GOALS + 1);
      diff[f.h] = diff[f.h]! + gh - ga;
      diff[f.a] = diff[f.a]! + ga - gh;
      if (gh > ga) points[f.h] = points[f.h]! + 3;
      else if (gh < ga) points[f.a] = points[f.a]! + 3;
      else {
        points[f.h] = points[f.h]! + 1;
        points[f.a] = points[f.a]! + 1;
      }
    }
    let best = 0;
    for (let i = 1; i < table.length; i++) if (points[i]! > points[best]! || (points[i] === points[best] && diff[i]! > diff[best]!)) best = i;
    wins[best]!++;
  }
  return wins.map((w) => w / seasons);
}

/**
 * The outright market from title chances. The margin weighs on the long shots, as bookmakers
 * price outrights: each team's implied chance is p·(1 + m·(1 − p)/(1 − Σp²)), which adds up to
 * 1 + m like a flat margin but leaves a clear favourite a price above 1.01. A team that cannot win
 * any more is priced at the ceiling; the market is decided (blocked) once one team is all but
 * certain.
 */
export function priceOutright(probs: readonly number[]): PricedMarket {
  const spread = 1 - probs.reduce((a, p) => a + p * p, 0);
  const implied = probs.map((p) => (spread > 1e-9 ? p * (1 + (OUTRIGHT_MARGIN * (1 - p)) / spread) : p));
  const coefs = implied.map((q) => (q <= 0 ? MAX_COEF : Math.min(MAX_COEF, Math.max(MIN_COEF, Math.round(100 / q)))));
  return {
    ...OUTRIGHT_PLAN[0]!,
    decided: probs.some((p) => p >= 0.995),
    outcomes: probs.map((prob, i) => ({ typeId: i + 1, key: String(i + 1), prob, coef: coefs[i]! })),
  };
}

/** Whether a championship gets an outright: a top league whose season has a fixed end. */
export function hasOutright(champ: { source: string; isTop: boolean }, rules: { model: string } | undefined): boolean {
  return (champ.source === "openfootball" || champ.source === "rebuilt") && champ.isTop && rules?.model === "goals";
}

/**
 * A championship's outright as it opens: the field is its teams (in id order, lane = position),
 * "played" at the season's last fixture, priced from the table and the fixtures left.
 */
export function openOutright(
  rules: GoalsRules,
  champ: { id: number; sportId: number },
  results: ReadonlyArray<Fixture & { home: number; away: number }>,
  left: ReadonlyArray<Fixture & { startAtMs: number }>,
  ratingOf: (teamId: number) => number,
  seed: number,
  ids: IdCounters & { game: number },
  feedVersion: number,
): GameRec {
  const teams = [...new Set([...left, ...results].flatMap((g) => [g.homeTeamId, g.awayTeamId]))].sort((a, b) => a - b);
  const priced = priceOutright(titleProbabilities(rules, tableFrom(teams, results), left, ratingOf, seed));
  const id = ids.game++;
  const game = fieldGame({ id, sportId: champ.sportId, champId: champ.id, runners: lineUp(teams), startAtMs: Math.max(...left.map((g) => g.startAtMs)), isTop: true, source: "outright", feedVersion });
  game.markets = openOutrightMarket(priced, id, ids, feedVersion);
  return game;
}
