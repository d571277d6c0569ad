// Races of a field (marble racing, decision 040): the simulator's engine, the pricing model and
// the settlement of a race's markets, pure and deterministic like engine.ts and pricing.ts.
//
// Each game second a runner covers its speed (from its rating) times 1 + noise·z, z standard
// normal, drawn from the race's own random stream in lane order; so a race advanced in one step or
// in sixty gives the same finish. The time a runner still needs is then close to normal with mean
// n = distance left / speed and variance noise²·n, which prices the winner and top-3 markets by
// integrating over time (no simulation at pricing time).

import type { GameStatus } from "../../db/schema.ts";
import { MARKET } from "./markets.ts";
import { DECIDED, type MarketPlan, type PricedMarket, coefficients, marginFor, normalCdf } from "./pricing.ts";
import { Random, mixSeed } from "./random.ts";
import type { RaceRules } from "./sports.ts";
import type { RunnerRec, SimState } from "./types.ts";

/** Places the top-3 market pays. */
export const PLACES = 3;
/** A race nobody finishes in this many times its usual length is ended by the positions. */
const MAX_LENGTH_FACTOR = 3;
/** Markets stay blocked this many seconds after a runner crosses the line. */
export const BLOCK_AFTER_FINISH_SEC = 2;

export interface RaceGame {
  id: number;
  status: GameStatus;
  gameTimeSec: number;
  period: number;
  runners: RunnerRec[];
  sim: SimState | null;
}

export interface RaceHappened {
  /** Runners that crossed the line in this step. */
  scored: number;
  periodChanged: boolean;
  finished: boolean;
}

/** Progress per second of an average runner, scaled by its rating. */
export function runnerSpeed(rules: RaceRules, rating: number): number {
  return (rules.length / rules.raceSec) * (rating / 1000) ** rules.ratingPower;
}

/** The market plan of every race: the winner and the top three, one outcome per lane. */
export function planRace(): MarketPlan[] {
  return [
    { typeId: MARKET.raceWinner, period: 0, param: null },
    { typeId: MARKET.raceTop3, period: 0, param: null },
  ];
}

/** A new field on the start line: lanes 1…n in the order given. */
export function lineUp(teamIds: number[]): RunnerRec[] {
  return teamIds.map((teamId, i) => ({ lane: i + 1, teamId, progress: 0, finishSec: null, place: null }));
}

function placeFinishers(runners: RunnerRec[]) {
  const done = runners.filter((r) => r.finishSec !== null).sort((a, b) => a.finishSec! - b.finishSec! || a.lane - b.lane);
  done.forEach((r, i) => {
    r.place = i + 1;
  });
}

/** Moves a live race to `toWall` seconds after its start, one whole second at a time. */
export function advanceRace(game: RaceGame, rules: RaceRules, ratings: number[], seed: number, toWall: number): RaceHappened {
  const out: RaceHappened = { scored: 0, periodChanged: false, finished: false };
  if (game.status === 4 || game.status === 5) return out;
  game.sim ??= { rng: mixSeed(seed, game.id), wall: 0, nextScoreAt: -1, nextTrackAt: -1, blockedUntil: 0, point: null, events: [], pricedAt: -1 };
  const sim = game.sim;
  if (game.period === 0) {
    game.period = 1;
    out.periodChanged = true;
  }
  const rnd = new Random(sim.rng);
  const cap = rules.raceSec * MAX_LENGTH_FACTOR;
  while (sim.wall + 1 <= toWall && !game.runners.every((r) => r.finishSec !== null)) {
    const t = sim.wall;
    for (const runner of game.runners) {
      const z = rnd.normal();
      if (runner.finishSec !== null) continue;
      const step = Math.max(0, runnerSpeed(rules, ratings[runner.lane - 1] ?? 1000) * (1 + rules.noise * z));
      const before = runner.progress;
      runner.progress = before + step;
      if (runner.progress >= rules.length) {
        runner.finishSec = Math.round((t + (rules.length - before) / step) * 1000) / 1000;
        runner.progress = rules.length;
        out.scored++;
        sim.blockedUntil = t + 1 + BLOCK_AFTER_FINISH_SEC;
      }
    }
    sim.wall = t + 1;
    if (sim.wall >= cap) {
      // Stragglers are placed by how far they got.
      const left = game.runners.filter((r) => r.finishSec === null).sort((a, b) => b.progress - a.progress || a.lane - b.lane);
      left.forEach((r, i) => {
        r.finishSec = sim.wall + i + 1;
      });
    }
  }
  sim.rng = rnd.state;
  game.gameTimeSec = Math.floor(sim.wall);
  placeFinishers(game.runners);
  if (game.runners.every((r) => r.finishSec !== null)) out.finished = true;
  return out;
}

/** Win and top-3 probabilities of each lane from the race as it stands. */
export function raceProbabilities(rules: RaceRules, runners: RunnerRec[], ratings: number[]): { win: number[]; top3: number[] } {
  const n = runners.length;
  const win = new Array<number>(n).fill(0);
  const top3 = new Array<number>(n).fill(0);
  const finished = runners.filter((r) => r.place !== null);
  for (const r of finished) {
    if (r.place === 1) win[r.lane - 1] = 1;
    if (r.place! <= PLACES) top3[r.lane - 1] = 1;
  }
  const open = runners.filter((r) => r.place === null);
  const slots = Math.max(0, Math.min(PLACES, n) - finished.length);
  if (!open.length) return { win, top3 };
  // Seconds still needed: normal with mean m and sd s per running runner.
  const dist = open.map((r) => {
    const m = Math.max(0, rules.length - r.progress) / runnerSpeed(rules, ratings[r.lane - 1] ?? 1000);
    return { lane: r.lane, m, s: Math.max(0.05, rules.noise * Math.sqrt(Math.max(m, 0.01))) };
  });
  const lo = Math.min(...dist.map((d) => d.m - 6 * d.s));
  const hi = Math.max(...dist.map((d) => d.m + 6 * d.s));
  const steps = 400;
  const h = (hi - lo) / steps;
  const cdf = (d: { m: number; s: number }, t: number) => normalCdf((t - d.m) / d.s);
  for (let k = 0; k < steps; k++) {
    const t0 = lo + k * h;
    const t1 = t0 + h;
    const tm = t0 + h / 2;
    const F = dist.map((d) => cdf(d, tm));
    for (let i = 0; i < dist.length; i++) {
      // Probability that runner i finishes in [t0, t1).
      const dp = cdf(dist[i]!, t1) - cdf(dist[i]!, t0);
      if (dp <= 0) continue;
      // How many of the others are already over the line at tm (Poisson-binomial, up to `slots`).
      const count = new Array<number>(slots + 1).fill(0);
      count[0] = 1;
      for (let j = 0; j < dist.length; j++) {
        if (j === i) continue;
        const p = F[j]!;
        for (let c = slots; c >= 0; c--) count[c] = count[c]! * (1 - p) + (c > 0 ? count[c - 1]! * p : 0);
      }
      const lane = dist[i]!.lane - 1;
      if (finished.length === 0) win[lane] = win[lane]! + dp * count[0]!;
      let ahead = 0;
      for (let c = 0; c < slots; c++) ahead += count[c]!;
      top3[lane] = top3[lane]! + dp * ahead;
    }
  }
  return { win, top3 };
}

/** Prices a race's markets; a market whose result is (almost) known is decided. */
export function priceRace(rules: RaceRules, runners: RunnerRec[], ratings: number[], plans: MarketPlan[], live: boolean): PricedMarket[] {
  const probs = raceProbabilities(rules, runners, ratings);
  const finished = runners.every((r) => r.place !== null);
  return plans.map((plan) => {
    const top = plan.typeId === MARKET.raceTop3;
    const mass = top ? Math.min(PLACES, runners.length) : 1;
    const p = top ? probs.top3 : probs.win;
    const total = p.reduce((a, b) => a + b, 0);
    const coefs = coefficients(p, marginFor(plan.typeId, live), mass);
    // Top 3: decided once every place is taken (each outcome then certain either way).
    const decided = finished || total <= 0 || (top ? runners.filter((r) => r.place !== null && r.place <= PLACES).length >= mass : p.some((x) => x / total >= DECIDED));
    return {
      ...plan,
      decided,
      outcomes: runners.map((r, i) => ({ typeId: r.lane, key: String(r.lane), prob: p[i]! / (total || 1), coef: coefs[i]!, decided: r.place !== null })),
    };
  });
}

/** Results of a finished race's markets (1 win, 0 lose) from the places. */
export function settleRace(runners: RunnerRec[], plans: MarketPlan[]): number[][] {
  const placeOf = new Map(runners.map((r) => [String(r.lane), r.place]));
  return plans.map((plan) => {
    const paid = plan.typeId === MARKET.raceTop3 ? PLACES : 1;
    return runners.map((r) => {
      const place = placeOf.get(String(r.lane));
      return place !== null && place !== undefined && place <= paid ? 1 : 0;
    });
  });
}

/** Start times of the races of one track after `after` up to `until`, every `everyMin` minutes. */
export function raceStarts(rules: RaceRules, offsetMin: number, after: number, until: number): number[] {
  const every = rules.everyMin * 60_000;
  const offset = offsetMin * 60_000;
  const out: number[] = [];
  let t = Math.floor((after - offset) / every) * every + offset;
  if (t <= after) t += every;
  for (; t <= until; t += every) out.push(t);
  return out;
}

/** The field of one race: `field` runners drawn from the roster, in random lanes. */
export function drawField(rules: RaceRules, roster: number[], seed: number, champId: number, startAtMs: number): number[] {
  const rnd = new Random(mixSeed(seed, champId, Math.floor(startAtMs / 60_000)));
  return rnd.shuffle([...roster]).slice(0, Math.min(rules.field, roster.length));
}
