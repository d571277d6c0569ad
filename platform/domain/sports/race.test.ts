import { describe, expect, it } from "vitest";
import { MARKET } from "./markets.ts";
import { overround, planMarkets } from "./pricing.ts";
import { type RaceGame, advanceRace, drawField, lineUp, priceRace, raceProbabilities, raceStarts, settleRace } from "./race.ts";
import { type RaceRules, SPORTS, isRace } from "./sports.ts";

const rules = SPORTS.find(isRace) as RaceRules;
const ratings = [1120, 1050, 1000, 1000, 980, 960, 940, 900];
const fresh = (id: number): RaceGame => ({ id, status: 2, gameTimeSec: 0, period: 0, runners: lineUp([11, 12, 13, 14, 15, 16, 17, 18]), sim: null });

function run(id: number, step: number) {
  const game = fresh(id);
  let done = false;
  for (let t = step; !done && t < 1000; t += step) done = advanceRace(game, rules, ratings, 7, t).finished;
  return game;
}

describe("marble races", () => {
  it("runs the same race in one step or in many, and places every runner once", () => {
    const once = fresh(3);
    expect(advanceRace(once, rules, ratings, 7, 1000).finished).toBe(true);
    const many = run(3, 7);
    expect(many.runners).toEqual(once.runners);
    expect(once.runners.map((r) => r.place).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const winner = once.runners.find((r) => r.place === 1)!;
    expect(once.runners.every((r) => r.finishSec! >= winner.finishSec!)).toBe(true);
    // About a minute, like the sport's rules say.
    expect(winner.finishSec).toBeGreaterThan(rules.raceSec * 0.8);
    expect(winner.finishSec).toBeLessThan(rules.raceSec * 1.2);
  });

  it("gives probabilities that add up (one winner, three places) and favour the faster marble", () => {
    const { win, top3 } = raceProbabilities(rules, lineUp([1, 2, 3, 4, 5, 6, 7, 8]), ratings);
    expect(win.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 3);
    expect(top3.reduce((a, b) => a + b, 0)).toBeCloseTo(3, 2);
    expect(win[0]).toBeGreaterThan(win[2]!);
    expect(win[2]).toBeGreaterThan(win[7]!);
    expect(top3[0]).toBeGreaterThan(win[0]!);
  });

  it("prices what the races then do: predicted wins match 3,000 simulated races", () => {
    const predicted = raceProbabilities(rules, lineUp([1, 2, 3, 4, 5, 6, 7, 8]), ratings);
    const wins = new Array<number>(8).fill(0);
    const places = new Array<number>(8).fill(0);
    const n = 3000;
    for (let i = 0; i < n; i++) {
      const game = fresh(10_000 + i);
      advanceRace(game, rules, ratings, 11, 1000);
      for (const r of game.runners) {
        if (r.place === 1) wins[r.lane - 1]!++;
        if (r.place! <= 3) places[r.lane - 1]!++;
      }
    }
    wins.forEach((w, i) => expect(Math.abs(w / n - predicted.win[i]!)).toBeLessThan(0.035));
    places.forEach((p, i) => expect(Math.abs(p / n - predicted.top3[i]!)).toBeLessThan(0.05));
  });

  it("charges the margin on each market and moves the prices with the race", () => {
    const plans = planMarkets(rules, { home: 1000, away: 1000 });
    expect(plans.map((p) => p.typeId)).toEqual([MARKET.raceWinner, MARKET.raceTop3]);
    const before = priceRace(rules, lineUp([1, 2, 3, 4, 5, 6, 7, 8]), ratings, plans, false);
    expect(overround(before[0]!.outcomes.map((o) => o.coef))).toBeCloseTo(1.05, 1);
    expect(overround(before[1]!.outcomes.map((o) => o.coef)) / 3).toBeCloseTo(1.07, 1);
    expect(before.every((m) => !m.decided)).toBe(true);
    // Mid-race, the last marble far ahead becomes the favourite.
    const game = fresh(5);
    advanceRace(game, rules, ratings, 7, 20);
    game.runners[7]!.progress = Math.max(...game.runners.map((r) => r.progress)) + 150;
    const mid = priceRace(rules, game.runners, ratings, plans, true);
    const coefs = mid[0]!.outcomes.map((o) => o.coef);
    expect(Math.min(...coefs)).toBe(coefs[7]);
  });

  it("closes a marble's top-3 outcome as soon as it is over the line, the rest of the market staying open", () => {
    const game = fresh(12);
    let t = 0;
    while (!game.runners.some((r) => r.place !== null)) advanceRace(game, rules, ratings, 7, ++t);
    const plans = planMarkets(rules, { home: 1000, away: 1000 });
    const [winner, top3] = priceRace(rules, game.runners, ratings, plans, true);
    expect(winner!.decided).toBe(true);
    expect(top3!.decided).toBe(false);
    top3!.outcomes.forEach((o, i) => expect(o.decided).toBe(game.runners[i]!.place !== null));
  });

  it("decides the winner market at the line and settles both markets from the places", () => {
    const game = fresh(9);
    advanceRace(game, rules, ratings, 7, 1000);
    const plans = planMarkets(rules, { home: 1000, away: 1000 });
    expect(priceRace(rules, game.runners, ratings, plans, true).every((m) => m.decided)).toBe(true);
    const [winner, top3] = settleRace(game.runners, plans);
    game.runners.forEach((r, i) => {
      expect(winner![i]).toBe(r.place === 1 ? 1 : 0);
      expect(top3![i]).toBe(r.place! <= 3 ? 1 : 0);
    });
  });

  it("keeps a timetable per track and draws the same field for the same race", () => {
    const t0 = Date.UTC(2026, 10, 27, 10, 1);
    const starts = raceStarts(rules, 2, t0, t0 + 30 * 60_000);
    expect(starts.length).toBe(5);
    expect(starts.every((s) => (s / 60_000 - 2) % rules.everyMin === 0)).toBe(true);
    expect(starts[0]).toBeGreaterThan(t0);
    const roster = Array.from({ length: 16 }, (_, i) => i + 1);
    const field = drawField(rules, roster, 1, 7, starts[0]!);
    expect(field).toHaveLength(8);
    expect(new Set(field).size).toBe(8);
    expect(drawField(rules, roster, 1, 7, starts[0]!)).toEqual(field);
  });
});
