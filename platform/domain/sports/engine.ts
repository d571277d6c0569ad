// The live simulator's engine (decision 016): moves one game forward in simulated time, pure and
// deterministic. Events are scheduled in game time from the game's own random stream, so
// advancing 90 minutes in one step or in 5 400 one-second steps gives the same game.

import type { GameStatus } from "../../db/schema.ts";
import { type GameState, type Ratings, goalRates, pointProbability, setWinner } from "./pricing.ts";
import { Random, mixSeed } from "./random.ts";
import type { GoalsRules, PointsRules, SetsRules, SportRules } from "./sports.ts";
import type { SimState, TrackerEvent } from "./types.ts";

/** Game seconds markets stay blocked after a goal (goals sports) or the end of a set. */
export const BLOCK_AFTER_GOAL_SEC = 5;
export const BLOCK_AFTER_SET_SEC = 3;
const MAX_EVENTS = 12;

export interface EngineGame {
  id: number;
  status: GameStatus;
  gameTimeSec: number;
  period: number;
  scores: [number, number][];
  sim: SimState | null;
}

export interface Happened {
  /** Scoring events (goals, points) in this step. */
  scored: number;
  periodChanged: boolean;
  finished: boolean;
}

export function newSim(seed: number, gameId: number): SimState {
  return { rng: mixSeed(seed, gameId), wall: 0, nextScoreAt: -1, nextTrackAt: -1, blockedUntil: 0, point: null, events: [], pricedAt: -1 };
}

export function gameState(game: EngineGame, rules: SportRules): GameState {
  return {
    elapsedSec: game.gameTimeSec,
    period: game.period,
    scores: game.scores,
    point: rules.model === "sets" && rules.tennis ? (game.sim?.point ?? [0, 0]) : null,
    finished: game.status === 4,
  };
}

// ---------------------------------------------------------------- timed sports

/** Where a timed game is after `wall` seconds: period, game time, and whether it is a break or over. */
export function timeline(rules: GoalsRules | PointsRules, wall: number): { period: number; gameTime: number; status: GameStatus } {
  const cycle = rules.periodSec + rules.breakSec;
  const end = rules.periods * rules.periodSec + (rules.periods - 1) * rules.breakSec;
  if (wall >= end) return { period: rules.periods, gameTime: rules.periods * rules.periodSec, status: 4 };
  const k = Math.floor(wall / cycle);
  const within = wall - k * cycle;
  if (within < rules.periodSec) return { period: k + 1, gameTime: k * rules.periodSec + within, status: 2 };
  return { period: k + 1, gameTime: (k + 1) * rules.periodSec, status: 3 };
}

function add(pair: [number, number], side: 1 | 2, n: number) {
  if (side === 1) pair[0] += n;
  else pair[1] += n;
}

function pushEvent(sim: SimState, event: TrackerEvent) {
  sim.events.push(event);
  if (sim.events.length > MAX_EVENTS) sim.events.splice(0, sim.events.length - MAX_EVENTS);
}

function ensurePeriods(game: EngineGame, period: number) {
  while (game.scores.length < period) game.scores.push([0, 0]);
}

function scoringRates(rules: GoalsRules | PointsRules, ratings: Ratings): { home: number; away: number; avgPoints: number } {
  const regulation = rules.periods * rules.periodSec;
  if (rules.model === "goals") {
    const r = goalRates(rules, ratings);
    return { home: r.home / regulation, away: r.away / regulation, avgPoints: 1 };
  }
  const weights = rules.scoring.reduce((a, s) => a + s.weight, 0);
  const avgPoints = rules.scoring.reduce((a, s) => a + s.points * s.weight, 0) / weights;
  const h = (ratings.home * rules.homeAdvantage) ** 2;
  const a = ratings.away ** 2;
  const share = 0.5 + (h / (h + a) - 0.5) * 0.4;
  const events = rules.expectedTotal / avgPoints / regulation;
  return { home: events * share, away: events * (1 - share), avgPoints };
}

function advanceTimed(game: EngineGame, rules: GoalsRules | PointsRules, ratings: Ratings, toWall: number, out: Happened) {
  const sim = game.sim!;
  const rnd = new Random(sim.rng);
  const rates = scoringRates(rules, ratings);
  const total = rates.home + rates.away;
  if (sim.nextScoreAt < 0) sim.nextScoreAt = rnd.exponential(total);
  if (sim.nextTrackAt < 0) sim.nextTrackAt = 20 + rnd.next() * 40;
  const target = timeline(rules, toWall);
  const regulation = rules.periods * rules.periodSec;
  // Events strictly inside regulation time, in game-time order.
  for (;;) {
    const t = Math.min(sim.nextScoreAt, sim.nextTrackAt);
    if (t > target.gameTime || t >= regulation) break;
    const period = Math.min(rules.periods, Math.floor(t / rules.periodSec) + 1);
    ensurePeriods(game, period);
    if (sim.nextScoreAt <= sim.nextTrackAt) {
      const side: 1 | 2 = rnd.next() < rates.home / total ? 1 : 2;
      let points = 1;
      if (rules.model === "points") {
        const weights = rules.scoring.reduce((a, s) => a + s.weight, 0);
        let roll = rnd.next() * weights;
        for (const s of rules.scoring) {
          roll -= s.weight;
          if (roll < 0) {
            points = s.points;
            break;
          }
        }
      }
      add(game.scores[period - 1]!, side, points);
      out.scored++;
      if (rules.model === "goals") {
        sim.blockedUntil = t + BLOCK_AFTER_GOAL_SEC;
        pushEvent(sim, { t: Math.floor(t), kind: "goal", side });
      } else pushEvent(sim, { t: Math.floor(t), kind: "point", side });
      sim.nextScoreAt = t + rnd.exponential(total);
    } else {
      const side: 1 | 2 = rnd.next() < rates.home / total ? 1 : 2;
      const roll = rnd.next();
      const kind = roll < 0.55 ? "attack" : roll < 0.8 ? "danger" : roll < 0.96 ? "shot" : "card";
      pushEvent(sim, { t: Math.floor(t), kind, side });
      sim.nextTrackAt = t + 15 + rnd.next() * 45;
    }
  }
  if (target.period !== game.period) {
    out.periodChanged = true;
    pushEvent(sim, { t: Math.floor(target.gameTime), kind: "period", side: 1 });
  }
  ensurePeriods(game, target.period);
  game.period = target.period;
  game.gameTimeSec = Math.floor(target.gameTime);
  game.status = target.status;
  if (target.status === 4) {
    // No draws in this sport: extra time (or a shoot-out) is won by strength.
    const sum = game.scores.reduce((a, s) => [a[0] + s[0], a[1] + s[1]], [0, 0]);
    const draws = rules.model === "goals" && rules.draws;
    if (!draws && sum[0] === sum[1]) {
      const side = rnd.next() < rates.home / total ? 1 : 2;
      add(game.scores[game.scores.length - 1]!, side, rules.model === "points" ? Math.max(1, Math.round(rates.avgPoints)) : 1);
      out.scored++;
    }
    out.finished = true;
  }
  sim.wall = toWall;
  sim.rng = rnd.state;
}

// ---------------------------------------------------------------- sets sports

function setsWon(rules: SetsRules, scores: [number, number][]): [number, number] {
  const won: [number, number] = [0, 0];
  for (const [a, b] of scores) {
    const deciding = won[0] === rules.setsToWin - 1 && won[1] === rules.setsToWin - 1;
    const w = setWinner(rules, a, b, deciding);
    if (w) add(won, w, 1);
  }
  return won;
}

function advanceSets(game: EngineGame, rules: SetsRules, ratings: Ratings, toWall: number, out: Happened) {
  const sim = game.sim!;
  const rnd = new Random(sim.rng);
  const p = pointProbability(rules, ratings);
  const gap = () => rules.secPerPoint * (0.5 + rnd.next());
  if (game.scores.length === 0) {
    game.scores.push([0, 0]);
    game.period = 1;
  }
  if (rules.tennis && !sim.point) sim.point = [0, 0];
  if (sim.nextScoreAt < 0) sim.nextScoreAt = gap();
  while (sim.nextScoreAt <= toWall) {
    const t = sim.nextScoreAt;
    const side: 1 | 2 = rnd.next() < p ? 1 : 2;
    const set = game.scores[game.scores.length - 1]!;
    const won = setsWon(rules, game.scores);
    const deciding = won[0] === rules.setsToWin - 1 && won[1] === rules.setsToWin - 1;
    out.scored++;
    pushEvent(sim, { t: Math.floor(t), kind: "point", side });
    let gameWon = true;
    if (rules.tennis) {
      const pt = sim.point!;
      add(pt, side, 1);
      const tiebreak = set[0] === 6 && set[1] === 6;
      const need = tiebreak ? 7 : 4;
      const [a, b] = pt;
      gameWon = (a >= need && a - b >= 2) || (b >= need && b - a >= 2);
      if (gameWon) {
        add(set, a > b ? 1 : 2, 1);
        sim.point = [0, 0];
      }
    } else add(set, side, 1);
    if (gameWon) {
      const w = setWinner(rules, set[0], set[1], deciding);
      if (w) {
        sim.blockedUntil = t + BLOCK_AFTER_SET_SEC;
        const after = setsWon(rules, game.scores);
        if (after[0] >= rules.setsToWin || after[1] >= rules.setsToWin) {
          game.status = 4;
          game.gameTimeSec = Math.floor(t);
          sim.wall = Math.max(sim.wall, t);
          out.finished = true;
          sim.rng = rnd.state;
          return;
        }
        game.scores.push([0, 0]);
        game.period = game.scores.length;
        out.periodChanged = true;
        pushEvent(sim, { t: Math.floor(t), kind: "period", side });
      }
    }
    sim.nextScoreAt = t + gap();
  }
  game.status = 2;
  game.gameTimeSec = Math.floor(toWall);
  sim.wall = toWall;
  sim.rng = rnd.state;
}

/**
 * Moves a live game to `toWall` simulated seconds after its start. Starts the simulator state
 * when the game has none. A finished game does not move.
 */
export function advanceGame(game: EngineGame, rules: SportRules, ratings: Ratings, seed: number, toWall: number): Happened {
  const out: Happened = { scored: 0, periodChanged: false, finished: false };
  if (game.status === 4 || game.status === 5) return out;
  if (!game.sim) game.sim = newSim(seed, game.id);
  if (toWall < game.sim.wall) return out;
  if (rules.model === "race") throw new Error("races move in race.ts");
  if (rules.model === "sets") advanceSets(game, rules, ratings, toWall, out);
  else advanceTimed(game, rules, ratings, toWall, out);
  return out;
}

/**
 * Puts a live game at `toWall` simulated seconds after its start without playing the time in
 * between (test hook "set a game's state"): no goal, point or tracker event happens in the span
 * skipped, the score stays what it is, and the game's next events are drawn from there on. A
 * timed game's period and status (a break) follow the clock; it is never taken to its end.
 */
export function jumpGame(game: EngineGame, rules: SportRules, ratings: Ratings, seed: number, toWall: number): void {
  if (rules.model === "race") throw new Error("races move in race.ts");
  if (!game.sim) game.sim = newSim(seed, game.id);
  const sim = game.sim;
  const rnd = new Random(sim.rng);
  sim.events = [];
  sim.blockedUntil = 0;
  sim.pricedAt = -1;
  if (rules.model === "sets") {
    if (game.scores.length === 0) game.scores.push([0, 0]);
    game.period = game.scores.length;
    game.gameTimeSec = Math.floor(toWall);
    sim.nextScoreAt = toWall + rules.secPerPoint * (0.5 + rnd.next());
  } else {
    const target = timeline(rules, toWall);
    if (target.status === 4) throw new Error("the game would be over");
    ensurePeriods(game, target.period);
    game.period = target.period;
    game.gameTimeSec = Math.floor(target.gameTime);
    game.status = target.status;
    const rates = scoringRates(rules, ratings);
    sim.nextScoreAt = target.gameTime + rnd.exponential(rates.home + rates.away);
    sim.nextTrackAt = target.gameTime + 15 + rnd.next() * 45;
  }
  sim.wall = toWall;
  sim.rng = rnd.state;
}

/** A scoring event now (test hook "force a goal"): a goal, a point, a rally, or (tennis) a game. */
export function forceScore(game: EngineGame, rules: SportRules, side: 1 | 2): void {
  if (!game.sim) return;
  const sim = game.sim;
  const t = game.gameTimeSec;
  if (rules.model === "sets") {
    // One point for the side, scheduled now: the regular point logic counts games and sets.
    const saved = sim.nextScoreAt;
    const set = game.scores[game.scores.length - 1] ?? [0, 0];
    if (!game.scores.length) game.scores.push(set);
    // Tennis: the side takes the game in progress; other sets sports: one rally.
    if (rules.tennis) sim.point = [0, 0];
    add(set, side, 1);
    sim.nextScoreAt = saved;
    const won = setsWon(rules, game.scores.slice(0, -1));
    const deciding = won[0] === rules.setsToWin - 1 && won[1] === rules.setsToWin - 1;
    if (setWinner(rules, set[0], set[1], deciding)) {
      sim.blockedUntil = t + BLOCK_AFTER_SET_SEC;
      const after = setsWon(rules, game.scores);
      if (after[0] < rules.setsToWin && after[1] < rules.setsToWin) {
        game.scores.push([0, 0]);
        game.period = game.scores.length;
      }
    }
    pushEvent(sim, { t, kind: "point", side });
    return;
  }
  const period = Math.max(1, game.period);
  ensurePeriods(game, period);
  add(game.scores[period - 1]!, side, 1);
  sim.blockedUntil = t + BLOCK_AFTER_GOAL_SEC;
  pushEvent(sim, { t, kind: rules.model === "goals" ? "goal" : "point", side });
}

/** Whether a sets-sports game is over by its score (used when a test sets the state). */
export function matchOver(rules: SportRules, scores: [number, number][]): boolean {
  if (rules.model !== "sets") return false;
  const won = setsWon(rules, scores);
  return won[0] >= rules.setsToWin || won[1] >= rules.setsToWin;
}

/** Seconds of wall time a timed game lasts, breaks included; sets sports have no fixed end. */
export function timedDuration(rules: SportRules): number | null {
  if (rules.model === "sets" || rules.model === "race") return null;
  return rules.periods * rules.periodSec + (rules.periods - 1) * rules.breakSec;
}
