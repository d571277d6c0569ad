// The pricing model (decision 015): pure functions from strength and game state to outcome
// probabilities, and from probabilities to coefficients with the bookmaker's margin.
//
// - goals sports: each side scores as a Poisson process; the final score is the current score
//   plus Poisson goals over the time left, which gives every market exactly.
// - points sports: the final margin and total are normal variables whose means and variances
//   shrink with the time left.
// - sets sports: each point (rally, round, frame, map) is won with one probability; races to a
//   target (two clear when the sport says so) give games, sets and the match by recursion.
//
// No I/O. Coefficients are integer hundredths; probabilities are floats only in here.

import { MARKET } from "./markets.ts";
import type { GoalsRules, PointsRules, SetsRules, SportRules } from "./sports.ts";
import { regulationSeconds } from "./sports.ts";

export const MIN_COEF = 101;
export const MAX_COEF = 50_000;
/** A market whose leading outcome is at least this likely is decided: it is blocked, not priced. */
export const DECIDED = 0.995;

export interface Ratings {
  /** Strength in thousandths around 1000. */
  home: number;
  away: number;
}

export interface MarketPlan {
  typeId: number;
  /** 0 the whole game, n the n-th period or set. */
  period: number;
  /** Line in thousandths (the home side's for handicaps), or null. */
  param: number | null;
}

export interface GameState {
  /** Game seconds played (goals and points sports). */
  elapsedSec: number;
  /** Current period or set, 0 before the start. */
  period: number;
  /** One [home, away] per period or set started; sets sports: games (tennis) or points of each set. */
  scores: [number, number][];
  /** Tennis: points of the game in progress. */
  point: [number, number] | null;
  finished: boolean;
}

export const NOT_STARTED: GameState = { elapsedSec: 0, period: 0, scores: [], point: null, finished: false };

export interface OutcomeProb {
  typeId: number;
  key: string;
  prob: number;
}

export interface PricedOutcome extends OutcomeProb {
  coef: number;
  /** Its result is already known while the rest of the market is open (races' top 3). */
  decided?: boolean;
}

export interface PricedMarket extends MarketPlan {
  outcomes: PricedOutcome[];
  /** The result is known (or nearly): the market is blocked. */
  decided: boolean;
}

// ---------------------------------------------------------------- margin

/** Margin by market type: the main markets are the keenest, correct score the widest. */
export function marginFor(typeId: number, live: boolean): number {
  const base = typeId === MARKET.correctScore ? 0.15 : [MARKET.x12, MARKET.winner, MARKET.total, MARKET.handicap].includes(typeId as 1) ? 0.05 : 0.07;
  return base + (live ? 0.02 : 0);
}

/**
 * Coefficients (hundredths) for one market: probabilities are normalised, then each coefficient is
 * 1 / (p · (1 + margin)), so the implied probabilities 1/coef sum to 1 + margin (up to the
 * rounding to two places and the 1.01 … 500 bounds); double chance sums to 2 · (1 + margin).
 */
export function coefficients(probs: number[], margin: number, mass = 1): number[] {
  // mass: what the probabilities add up to (2 for double chance, whose outcomes overlap).
  const sum = probs.reduce((a, b) => a + b, 0);
  return probs.map((raw) => {
    const p = sum > 0 ? (raw / sum) * mass : mass / probs.length;
    if (p <= 0) return MAX_COEF;
    const coef = Math.round(100 / (p * (1 + margin)));
    return Math.min(MAX_COEF, Math.max(MIN_COEF, coef));
  });
}

/** Implied probability sum of a market's coefficients (1 + the margin actually charged). */
export function overround(coefs: number[]): number {
  return coefs.reduce((a, c) => a + 100 / c, 0);
}

// ---------------------------------------------------------------- maths

export function poisson(k: number, lambda: number): number {
  if (lambda <= 0) return k === 0 ? 1 : 0;
  // In logs, so large means (handball's 28 goals a side) neither underflow nor overflow.
  let log = -lambda + k * Math.log(lambda);
  for (let i = 2; i <= k; i++) log -= Math.log(i);
  return Math.exp(log);
}

/** Poisson probabilities over the range holding all but 1e-10 of the mass: [first value, probabilities]. */
function poissonSupport(lambda: number): [number, number[]] {
  if (lambda <= 1e-9) return [0, [1]];
  const lo = Math.max(0, Math.floor(lambda - 7 * Math.sqrt(lambda) - 2));
  const hi = Math.ceil(lambda + 7 * Math.sqrt(lambda) + 8);
  const out: number[] = [];
  let acc = 0;
  for (let k = lo; k <= hi; k++) {
    const p = poisson(k, lambda);
    out.push(p);
    acc += p;
  }
  // Fold the (tiny) tails in so the distribution sums to one.
  out[out.length - 1]! += Math.max(0, 1 - acc);
  return [lo, out];
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26, error below 1e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** P(X > threshold) for X ~ N(mean, sd²); a zero sd is a certain value. */
function above(threshold: number, mean: number, sd: number): number {
  if (sd < 1e-9) return mean > threshold ? 1 : 0;
  return 1 - normalCdf((threshold - mean) / sd);
}

/**
 * Probability that the side with point probability p wins a race to `target` from a:b
 * (two clear when winBy2; from deuce the closed form p² / (p² + q²)).
 */
export function raceWin(a: number, b: number, target: number, winBy2: boolean, p: number): number {
  const q = 1 - p;
  const memo = new Map<number, number>();
  const go = (x: number, y: number): number => {
    const lead = winBy2 ? 2 : 1;
    if (x >= target && x - y >= lead) return 1;
    if (y >= target && y - x >= lead) return 0;
    if (winBy2 && x >= target - 1 && y >= target - 1) {
      const deuce = (p * p) / (p * p + q * q);
      if (x === y) return deuce;
      return x > y ? p + q * deuce : p * deuce;
    }
    const key = x * 1000 + y;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const value = p * go(x + 1, y) + q * go(x, y + 1);
    memo.set(key, value);
    return value;
  };
  return go(a, b);
}

/** Tennis set from games a:b, the game in progress won with gameNow, later games with game, tie-break tb at 6-6. */
function tennisSet(a: number, b: number, gameNow: number, game: number, tb: number): number {
  const go = (x: number, y: number, g: number): number => {
    if ((x >= 6 && x - y >= 2) || x === 7) return 1;
    if ((y >= 6 && y - x >= 2) || y === 7) return 0;
    if (x === 6 && y === 6) return tb;
    return g * go(x + 1, y, game) + (1 - g) * go(x, y + 1, game);
  };
  return go(a, b, gameNow);
}

/** Whether set score a:b is complete under the sport's rules (isLast: the deciding set). */
export function setWinner(rules: SetsRules, a: number, b: number, isLast: boolean): 0 | 1 | 2 {
  if (rules.tennis) {
    if ((a >= 6 && a - b >= 2) || (a === 7 && b === 6)) return 1;
    if ((b >= 6 && b - a >= 2) || (b === 7 && a === 6)) return 2;
    return 0;
  }
  const target = isLast ? rules.lastSetTarget : rules.setTarget;
  const lead = rules.winBy2 ? 2 : 1;
  if (a >= target && a - b >= lead) return 1;
  if (b >= target && b - a >= lead) return 2;
  return 0;
}

// ---------------------------------------------------------------- strength

/** Share of the home side, squared ratings so strength differences show in the prices. */
function share(ratings: Ratings, homeAdvantage: number): number {
  const h = (ratings.home * homeAdvantage) ** 2;
  const a = ratings.away ** 2;
  return h / (h + a);
}

/**
 * Expected goals of each side over regulation time. An uneven game has more goals than an even
 * one (the favourite keeps scoring, the underdog opens up), so the total is not the same
 * for every game of a sport: from 0.9 of the sport's average for an even game up to 1.3 of it.
 */
export function goalRates(rules: GoalsRules, ratings: Ratings): { home: number; away: number } {
  const s = share(ratings, rules.homeAdvantage);
  const total = rules.expectedTotal * (0.9 + 0.4 * Math.abs(2 * s - 1));
  return { home: total * s, away: total * (1 - s) };
}

export function pointProbability(rules: SetsRules, ratings: Ratings): number {
  const s = share(ratings, 1);
  return Math.min(0.8, Math.max(0.2, 0.5 + rules.pointSpread * (s - 0.5) * 4));
}

function expectedMargin(rules: PointsRules, ratings: Ratings): number {
  return rules.expectedTotal * (share(ratings, rules.homeAdvantage) - 0.5) * 0.4;
}

const half = (x: number) => Math.floor(x) + 0.5;
const th = (x: number) => Math.round(x * 1000);

// ---------------------------------------------------------------- plans

/**
 * The markets a game offers, decided once when it enters the line (lines stay fixed while the
 * game is live, so every outcome keeps its id and a bet keeps meaning the same thing).
 */
export function planMarkets(rules: SportRules, ratings: Ratings): MarketPlan[] {
  const plans: MarketPlan[] = [];
  const add = (typeId: number, param: number | null = null, period = 0) => plans.push({ typeId, period, param });
  if (rules.model === "goals") {
    const rates = goalRates(rules, ratings);
    const total = rates.home + rates.away;
    const low = rules.expectedTotal < 8;
    if (rules.draws) {
      add(MARKET.x12);
      add(MARKET.doubleChance);
      add(MARKET.drawNoBet);
    } else add(MARKET.winner);
    const main = half(total);
    for (const line of [main - 1, main, main + 1]) if (line > 0) add(MARKET.total, th(line));
    const diff = Math.round(rates.home - rates.away);
    // Low-scoring sports: the half-goal lines either side of level, so a list's main handicap
    // (the most balanced, store.mainLine) suits a favourite and an even game alike.
    const hc = low ? [-1.5, -0.5, 0.5, 1.5] : [-diff - 0.5 - 2, -diff - 0.5, -diff - 0.5 + 2];
    for (const line of hc) add(MARKET.handicap, th(line));
    if (low) {
      add(MARKET.btts);
      add(MARKET.correctScore);
    }
    add(MARKET.teamTotalHome, th(half(rates.home)));
    add(MARKET.teamTotalAway, th(half(rates.away)));
    add(MARKET.oddEven);
    // Period markets: the first two periods (halves in football).
    for (const period of [1, 2]) {
      if (rules.draws) add(MARKET.x12, null, period);
      add(MARKET.total, th(half(total / rules.periods)), period);
    }
  } else if (rules.model === "points") {
    const margin = expectedMargin(rules, ratings);
    add(MARKET.winner);
    const mainHc = -Math.round(margin) - 0.5;
    const step = Math.max(1, Math.round(rules.sdMargin / 3));
    for (const line of [mainHc - step, mainHc, mainHc + step]) add(MARKET.handicap, th(line));
    const mainTotal = half(rules.expectedTotal);
    const tstep = Math.max(1, Math.round(rules.sdTotal / 3));
    for (const line of [mainTotal - tstep, mainTotal, mainTotal + tstep]) add(MARKET.total, th(line));
    add(MARKET.teamTotalHome, th(half((rules.expectedTotal + margin) / 2)));
    add(MARKET.teamTotalAway, th(half((rules.expectedTotal - margin) / 2)));
    add(MARKET.oddEven);
    add(MARKET.total, th(half(rules.expectedTotal / rules.periods)), 1);
    add(MARKET.handicap, th(-Math.round(margin / rules.periods) - 0.5), 1);
  } else if (rules.model === "race") {
    // The field's markets (race.ts prices them from the runners).
    add(MARKET.raceWinner);
    add(MARKET.raceTop3);
  } else {
    add(MARKET.winner);
    if (rules.setsToWin > 1) {
      add(MARKET.setWinner, null, 1);
      add(MARKET.setWinner, null, 2);
      const maxSets = rules.setsToWin * 2 - 1;
      for (let line = rules.setsToWin + 0.5; line < maxSets; line++) add(MARKET.totalSets, th(line));
      add(MARKET.setHandicap, th(-1.5));
      add(MARKET.setHandicap, th(1.5));
      add(MARKET.correctScore);
    } else {
      // One "set" (snooker frames as points): frame handicaps, totals and the frame score.
      const maxPoints = rules.setTarget * 2 - 1;
      add(MARKET.handicap, th(-1.5));
      add(MARKET.handicap, th(1.5));
      add(MARKET.total, th(Math.floor(maxPoints * 0.75) + 0.5));
      add(MARKET.correctScore);
    }
  }
  return plans;
}

// ---------------------------------------------------------------- score distributions

/** Final-score distribution as a list of [home, away, probability]. */
type Dist = [number, number, number][];

function sumScores(scores: [number, number][]): [number, number] {
  return scores.reduce<[number, number]>((acc, s) => [acc[0] + s[0], acc[1] + s[1]], [0, 0]);
}

function goalsDist(base: [number, number], lh: number, la: number): Dist {
  const [loH, vh] = poissonSupport(lh);
  const [loA, va] = poissonSupport(la);
  const out: Dist = [];
  for (let h = 0; h < vh.length; h++) {
    if (vh[h]! < 1e-12) continue;
    for (let a = 0; a < va.length; a++) {
      const p = vh[h]! * va[a]!;
      if (p > 1e-12) out.push([base[0] + loH + h, base[1] + loA + a, p]);
    }
  }
  return out;
}

/** Fraction of regulation still to play, for the whole game (period 0) or one period. */
function remainingShare(periodSec: number, periods: number, state: GameState, period: number): number {
  const total = periodSec * periods;
  if (state.finished) return 0;
  const elapsed = Math.min(total, state.elapsedSec);
  if (period === 0) return (total - elapsed) / total;
  const start = (period - 1) * periodSec;
  const end = period * periodSec;
  if (elapsed >= end) return 0;
  return (end - Math.max(start, elapsed)) / total;
}

function periodBase(state: GameState, period: number): [number, number] {
  if (period === 0) return sumScores(state.scores);
  return state.scores[period - 1] ?? [0, 0];
}

function fromDist(plan: MarketPlan, dist: Dist, drawShare: number, rules: SportRules): OutcomeProb[] {
  const P = (f: (h: number, a: number) => boolean) => dist.reduce((acc, [h, a, p]) => (f(h, a) ? acc + p : acc), 0);
  const line = (plan.param ?? 0) / 1000;
  switch (plan.typeId) {
    case MARKET.x12:
      return [
        { typeId: 1, key: "1", prob: P((h, a) => h > a) },
        { typeId: 2, key: "X", prob: P((h, a) => h === a) },
        { typeId: 3, key: "2", prob: P((h, a) => h < a) },
      ];
    case MARKET.doubleChance:
      return [
        { typeId: 1, key: "1X", prob: P((h, a) => h >= a) },
        { typeId: 2, key: "12", prob: P((h, a) => h !== a) },
        { typeId: 3, key: "X2", prob: P((h, a) => h <= a) },
      ];
    case MARKET.drawNoBet:
    case MARKET.winner: {
      // Winner includes extra time: a regulation draw goes to each side by its strength.
      const draw = P((h, a) => h === a);
      if (plan.typeId === MARKET.drawNoBet) {
        // Draw no bet: priced on a decisive result (a draw returns the stake).
        const decisive = 1 - draw;
        return [
          { typeId: 1, key: "1", prob: decisive > 1e-12 ? P((h, a) => h > a) / decisive : 0 },
          { typeId: 3, key: "2", prob: decisive > 1e-12 ? P((h, a) => h < a) / decisive : 0 },
        ];
      }
      return [
        { typeId: 1, key: "1", prob: P((h, a) => h > a) + draw * drawShare },
        { typeId: 3, key: "2", prob: P((h, a) => h < a) + draw * (1 - drawShare) },
      ];
    }
    case MARKET.total:
    case MARKET.totalSets:
      return [
        { typeId: 1, key: "over", prob: P((h, a) => h + a > line) },
        { typeId: 2, key: "under", prob: P((h, a) => h + a < line) },
      ];
    case MARKET.handicap:
    case MARKET.setHandicap:
      return [
        { typeId: 1, key: "1", prob: P((h, a) => h + line > a) },
        { typeId: 3, key: "2", prob: P((h, a) => h + line < a) },
      ];
    case MARKET.btts:
      return [
        { typeId: 1, key: "yes", prob: P((h, a) => h > 0 && a > 0) },
        { typeId: 2, key: "no", prob: P((h, a) => h === 0 || a === 0) },
      ];
    case MARKET.teamTotalHome:
      return [
        { typeId: 1, key: "over", prob: P((h) => h > line) },
        { typeId: 2, key: "under", prob: P((h) => h < line) },
      ];
    case MARKET.teamTotalAway:
      return [
        { typeId: 1, key: "over", prob: P((_h, a) => a > line) },
        { typeId: 2, key: "under", prob: P((_h, a) => a < line) },
      ];
    case MARKET.oddEven:
      return [
        { typeId: 1, key: "odd", prob: P((h, a) => (h + a) % 2 === 1) },
        { typeId: 2, key: "even", prob: P((h, a) => (h + a) % 2 === 0) },
      ];
    case MARKET.correctScore: {
      const scores = correctScoreKeys(rules);
      const listed = new Set(scores.map(([h, a]) => `${h}-${a}`));
      return [
        ...scores.map(([h, a]) => ({ typeId: 100 + h * 10 + a, key: `${h}-${a}`, prob: P((x, y) => x === h && y === a) })),
        ...(rules.model === "goals" ? [{ typeId: 999, key: "other", prob: P((x, y) => !listed.has(`${x}-${y}`)) }] : []),
      ];
    }
    default:
      throw new Error(`market type ${plan.typeId} has no distribution pricing`);
  }
}

/** The scores a correct-score market lists: 0-0 … 3-3 for goals, every possible sets/frames score otherwise. */
function correctScoreKeys(rules: SportRules): [number, number][] {
  const out: [number, number][] = [];
  if (rules.model === "sets") {
    const n = rules.setsToWin > 1 ? rules.setsToWin : rules.setTarget;
    for (let l = 0; l < n; l++) out.push([n, l]);
    for (let l = 0; l < n; l++) out.push([l, n]);
    return out;
  }
  for (let h = 0; h <= 3; h++) for (let a = 0; a <= 3; a++) out.push([h, a]);
  return out;
}

// ---------------------------------------------------------------- sets

/** Distribution of the final result of a race to n (no two-clear rule) from a:b, each point won with p. */
function raceDist(a: number, b: number, n: number, pNow: number, p: number): Dist {
  const out: Dist = [];
  const go = (x: number, y: number, prob: number, pp: number) => {
    if (prob < 1e-12) return;
    if (x >= n) return void out.push([x, y, prob]);
    if (y >= n) return void out.push([x, y, prob]);
    go(x + 1, y, prob * pp, p);
    go(x, y + 1, prob * (1 - pp), p);
  };
  go(a, b, 1, pNow);
  return out;
}

interface SetsView {
  /** Sets won so far. */
  won: [number, number];
  /** The set in progress, if any: its score and whether it is the deciding one. */
  current: [number, number] | null;
}

function setsView(rules: SetsRules, state: GameState): SetsView {
  const won: [number, number] = [0, 0];
  let current: [number, number] | null = null;
  state.scores.forEach(([a, b], i) => {
    const deciding = won[0] === rules.setsToWin - 1 && won[1] === rules.setsToWin - 1;
    const w = setWinner(rules, a, b, deciding);
    if (w === 1) won[0]++;
    else if (w === 2) won[1]++;
    else if (i === state.scores.length - 1) current = [a, b];
  });
  return { won, current };
}

/** Probability the home side wins the set in progress (or a fresh one) from its score. */
function setProbability(rules: SetsRules, p: number, score: [number, number], deciding: boolean, point: [number, number] | null): number {
  if (rules.tennis) {
    const game = raceWin(0, 0, 4, true, p);
    const tb = raceWin(0, 0, 7, true, p);
    const [a, b] = score;
    if (a === 6 && b === 6) return point ? raceWin(point[0], point[1], 7, true, p) : tb;
    const gameNow = point ? raceWin(point[0], point[1], 4, true, p) : game;
    return tennisSet(a, b, gameNow, game, tb);
  }
  return raceWin(score[0], score[1], deciding ? rules.lastSetTarget : rules.setTarget, rules.winBy2, p);
}

function setsDist(rules: SetsRules, ratings: Ratings, state: GameState): { dist: Dist; setProb: (set: number) => number } {
  const p = pointProbability(rules, ratings);
  const view = setsView(rules, state);
  const n = rules.setsToWin;
  const fresh = setProbability(rules, p, [0, 0], false, null);
  const freshLast = setProbability(rules, p, [0, 0], true, null);
  const setNumber = view.won[0] + view.won[1] + 1;
  const decidingNow = view.won[0] === n - 1 && view.won[1] === n - 1;
  const now = view.current && !state.finished ? setProbability(rules, p, view.current, decidingNow, state.point) : null;
  const out: Dist = [];
  const go = (x: number, y: number, prob: number, first: boolean) => {
    if (prob < 1e-12) return;
    if (x >= n || y >= n) return void out.push([x, y, prob]);
    const q = first && now !== null ? now : x === n - 1 && y === n - 1 ? freshLast : fresh;
    go(x + 1, y, prob * q, false);
    go(x, y + 1, prob * (1 - q), false);
  };
  if (state.finished) out.push([view.won[0], view.won[1], 1]);
  else go(view.won[0], view.won[1], 1, true);
  const setProb = (set: number) => {
    const score = state.scores[set - 1];
    if (set < setNumber || (state.finished && score)) {
      if (!score) return 0.5;
      const w = setWinner(rules, score[0], score[1], set === n * 2 - 1);
      return w === 1 ? 1 : w === 2 ? 0 : 0.5;
    }
    if (set === setNumber && now !== null) return now;
    return fresh;
  };
  return { dist: out, setProb };
}

// ---------------------------------------------------------------- pricing

/** Outcome probabilities of every planned market in the given state (before the margin). */
export function marketProbabilities(rules: SportRules, ratings: Ratings, state: GameState, plans: MarketPlan[]): OutcomeProb[][] {
  if (rules.model === "goals") {
    const rates = goalRates(rules, ratings);
    const drawShare = rates.home / (rates.home + rates.away);
    const cache = new Map<number, Dist>();
    const distFor = (period: number) => {
      let dist = cache.get(period);
      if (!dist) {
        const r = remainingShare(rules.periodSec, rules.periods, state, period);
        dist = goalsDist(periodBase(state, period), rates.home * r, rates.away * r);
        cache.set(period, dist);
      }
      return dist;
    };
    return plans.map((plan) => fromDist(plan, distFor(plan.period), drawShare, rules));
  }
  if (rules.model === "points") return plans.map((plan) => pointsMarket(rules, ratings, state, plan));
  if (rules.model === "race") throw new Error("races are priced from their runners (race.ts)");
  if (rules.setsToWin === 1) {
    // Frames are the points of one race: the final frame score is the distribution.
    const p = pointProbability(rules, ratings);
    const score = state.scores[0] ?? [0, 0];
    const dist = state.finished ? ([[score[0], score[1], 1]] as Dist) : raceDist(score[0], score[1], rules.setTarget, p, p);
    return plans.map((plan) => fromDist(plan, dist, 0.5, rules));
  }
  const { dist, setProb } = setsDist(rules, ratings, state);
  return plans.map((plan) => {
    if (plan.typeId === MARKET.setWinner) {
      const q = setProb(plan.period);
      return [
        { typeId: 1, key: "1", prob: q },
        { typeId: 3, key: "2", prob: 1 - q },
      ];
    }
    return fromDist(plan, dist, 0.5, rules);
  });
}

function pointsMarket(rules: PointsRules, ratings: Ratings, state: GameState, plan: MarketPlan): OutcomeProb[] {
  const margin = expectedMargin(rules, ratings);
  const period = plan.period;
  const share = remainingShare(rules.periodSec, rules.periods, state, period);
  const base = periodBase(state, period);
  const diffNow = base[0] - base[1];
  const totalNow = base[0] + base[1];
  const meanDiff = diffNow + margin * share;
  const sdDiff = rules.sdMargin * Math.sqrt(share);
  const meanTotal = totalNow + rules.expectedTotal * share;
  const sdTotal = rules.sdTotal * Math.sqrt(share);
  const line = (plan.param ?? 0) / 1000;
  const two = (key1: string, p1: number, key2: string, type2 = 3): OutcomeProb[] => [
    { typeId: 1, key: key1, prob: p1 },
    { typeId: type2, key: key2, prob: 1 - p1 },
  ];
  switch (plan.typeId) {
    case MARKET.winner: {
      // Overtime decides a tie: half a point either way, by the side's strength.
      const p = above(0, meanDiff, sdDiff);
      const tie = sdDiff < 1e-9 && meanDiff === 0 ? 0.5 : 0;
      return two("1", p + tie, "2");
    }
    case MARKET.handicap:
      return two("1", above(-line, meanDiff, sdDiff), "2");
    case MARKET.total:
      return two("over", above(line, meanTotal, sdTotal), "under", 2);
    case MARKET.teamTotalHome:
      return two("over", above(line, base[0] + ((rules.expectedTotal + margin) / 2) * share, sdTotal / Math.SQRT2), "under", 2);
    case MARKET.teamTotalAway:
      return two("over", above(line, base[1] + ((rules.expectedTotal - margin) / 2) * share, sdTotal / Math.SQRT2), "under", 2);
    case MARKET.oddEven: {
      const odd = share > 0 ? 0.5 : totalNow % 2 === 1 ? 1 : 0;
      return two("odd", odd, "even", 2);
    }
    default:
      throw new Error(`market type ${plan.typeId} is not offered in points sports`);
  }
}

/** Prices every planned market: probabilities, coefficients with the margin, decided markets. */
export function priceMarkets(rules: SportRules, ratings: Ratings, state: GameState, plans: MarketPlan[], live: boolean): PricedMarket[] {
  const probs = marketProbabilities(rules, ratings, state, plans);
  return plans.map((plan, i) => {
    const outcomes = probs[i]!;
    const total = outcomes.reduce((a, o) => a + o.prob, 0);
    const coefs = coefficients(
      outcomes.map((o) => o.prob),
      marginFor(plan.typeId, live),
      plan.typeId === MARKET.doubleChance ? 2 : 1,
    );
    const mass = plan.typeId === MARKET.doubleChance ? 2 : 1;
    const decided = state.finished || total <= 0 || outcomes.some((o) => (o.prob / total) * mass >= DECIDED);
    return { ...plan, decided, outcomes: outcomes.map((o, j) => ({ ...o, coef: coefs[j]! })) };
  });
}

/**
 * Results of every planned market at the end of a game (bet status ids: 1 win, 0 lose, 2 return).
 * A draw-no-bet market returns both stakes on a draw.
 */
export function settleMarkets(rules: SportRules, ratings: Ratings, final: GameState, plans: MarketPlan[]): number[][] {
  const state = { ...final, finished: true, elapsedSec: Math.max(final.elapsedSec, regulationSeconds(rules)) };
  const probs = marketProbabilities(rules, ratings, state, plans);
  return plans.map((plan, i) => {
    const outcomes = probs[i]!;
    // No outcome certain (a draw in draw-no-bet, a tie nobody broke): every stake is returned.
    if (!outcomes.some((o) => o.prob >= 0.999)) return outcomes.map(() => 2);
    return outcomes.map((o) => (o.prob >= 0.999 ? 1 : 0));
  });
}
