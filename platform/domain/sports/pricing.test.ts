import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MARKET } from "./markets.ts";
import {
  MAX_COEF,
  MIN_COEF,
  NOT_STARTED,
  coefficients,
  marginFor,
  marketProbabilities,
  overround,
  planMarkets,
  priceMarkets,
  raceWin,
  setWinner,
  settleMarkets,
  type GameState,
} from "./pricing.ts";
import { SPORTS, sportRules, type SetsRules } from "./sports.ts";

const even = { home: 1000, away: 1000 };

describe("coefficients", () => {
  it("charge the margin: implied probabilities sum to 1 + margin, within the rounding to two places", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0.03, max: 1, noNaN: true }), { minLength: 2, maxLength: 5 }), fc.double({ min: 0, max: 0.2, noNaN: true }), (raw, margin) => {
        const coefs = coefficients(raw, margin);
        for (const c of coefs) expect(Number.isInteger(c)).toBe(true);
        // A coefficient held at a bound (1.01, 500) no longer carries the margin exactly.
        fc.pre(coefs.every((c) => c > MIN_COEF && c < MAX_COEF));
        // Each coefficient is rounded by at most half a hundredth: its implied probability 100/c
        // moves by at most 50 / (c · (c − 0.5)).
        const slack = coefs.reduce((a, c) => a + 50 / (c * (c - 0.5)), 0);
        expect(Math.abs(overround(coefs) - (1 + margin))).toBeLessThanOrEqual(slack * 1.001 + 1e-9);
      }),
    );
  });

  it("stay between 1.01 and 500", () => {
    expect(coefficients([1, 0], 0.05)).toEqual([MIN_COEF, MAX_COEF]);
    expect(coefficients([0.9999, 0.0001], 0.05)).toEqual([MIN_COEF, MAX_COEF]);
  });

  it("price an even two-way market at 1.90 with a 5% margin", () => {
    expect(coefficients([0.5, 0.5], 0.05)).toEqual([190, 190]);
  });
});

describe("probabilities", () => {
  it.each(SPORTS.filter((s) => s.model !== "race").map((s) => [s.slug, s.id] as const))("every market of %s sums to 1 before the start", (_slug, id) => {
    const rules = sportRules(id);
    for (const ratings of [even, { home: 1300, away: 800 }, { home: 700, away: 1250 }]) {
      const plans = planMarkets(rules, ratings);
      expect(plans.length).toBeGreaterThanOrEqual(4);
      const probs = marketProbabilities(rules, ratings, NOT_STARTED, plans);
      probs.forEach((outcomes, i) => {
        const sum = outcomes.reduce((a, o) => a + o.prob, 0) / (plans[i]!.typeId === MARKET.doubleChance ? 2 : 1);
        expect(sum, `${rules.slug} market ${JSON.stringify(plans[i])}`).toBeCloseTo(1, 6);
        for (const o of outcomes) expect(o.prob).toBeGreaterThanOrEqual(0);
      });
      const priced = priceMarkets(rules, ratings, NOT_STARTED, plans, false);
      for (const market of priced) {
        for (const o of market.outcomes) expect(o.coef).toBeGreaterThanOrEqual(MIN_COEF);
        // Unclamped markets charge their margin (within rounding).
        if (market.outcomes.every((o) => o.coef > MIN_COEF && o.coef < MAX_COEF)) {
          const mass = market.typeId === MARKET.doubleChance ? 2 : 1;
          expect(overround(market.outcomes.map((o) => o.coef)) / mass).toBeCloseTo(1 + marginFor(market.typeId, false), 1);
        }
      }
    }
  });

  it("favour the stronger side, in every model", () => {
    for (const slug of ["football", "basketball", "tennis", "volleyball", "counter-strike"]) {
      const rules = SPORTS.find((s) => s.slug === slug)!;
      const plans = planMarkets(rules, even).filter((p) => (p.typeId === MARKET.x12 || p.typeId === MARKET.winner) && p.period === 0);
      const strong = marketProbabilities(rules, { home: 1300, away: 800 }, NOT_STARTED, plans)[0]!;
      const weak = marketProbabilities(rules, { home: 800, away: 1300 }, NOT_STARTED, plans)[0]!;
      expect(strong[0]!.prob, slug).toBeGreaterThan(0.6);
      expect(weak[0]!.prob, slug).toBeLessThan(0.4);
    }
  });

  it("follow the score and the clock in live football", () => {
    const rules = sportRules(1);
    const plans = planMarkets(rules, even);
    const i = plans.findIndex((p) => p.typeId === MARKET.x12 && p.period === 0);
    const late: GameState = { elapsedSec: 85 * 60, period: 2, scores: [[1, 0], [1, 0]], point: null, finished: false };
    const early: GameState = { elapsedSec: 10 * 60, period: 1, scores: [[1, 0]], point: null, finished: false };
    expect(marketProbabilities(rules, even, late, plans)[i]![0]!.prob).toBeGreaterThan(0.98);
    const p = marketProbabilities(rules, even, early, plans)[i]![0]!.prob;
    expect(p).toBeGreaterThan(0.55);
    expect(p).toBeLessThan(0.85);
    // The first half is decided in the second half: that market is blocked.
    const priced = priceMarkets(rules, even, late, plans, true);
    expect(priced.find((m) => m.typeId === MARKET.x12 && m.period === 1)!.decided).toBe(true);
  });

  it("price races exactly (a tennis game at p = 0.6 is won 73.6% of the time)", () => {
    expect(raceWin(0, 0, 4, true, 0.6)).toBeCloseTo(0.7357, 4);
    expect(raceWin(0, 0, 4, true, 0.5)).toBeCloseTo(0.5, 10);
    expect(raceWin(3, 3, 4, true, 0.6)).toBeCloseTo(0.36 / 0.52, 10);
    expect(raceWin(0, 0, 1, false, 0.7)).toBeCloseTo(0.7, 10);
  });

  it("know when a set is over", () => {
    const tennis = sportRules(2) as SetsRules;
    expect(setWinner(tennis, 6, 4, false)).toBe(1);
    expect(setWinner(tennis, 6, 5, false)).toBe(0);
    expect(setWinner(tennis, 7, 6, false)).toBe(1);
    expect(setWinner(tennis, 5, 7, false)).toBe(2);
    const volley = sportRules(5) as SetsRules;
    expect(setWinner(volley, 25, 24, false)).toBe(0);
    expect(setWinner(volley, 26, 24, false)).toBe(1);
    expect(setWinner(volley, 15, 13, true)).toBe(1);
  });
});

describe("settlement", () => {
  it("settles a 2-1 football match", () => {
    const rules = sportRules(1);
    const plans = planMarkets(rules, even);
    const final: GameState = { elapsedSec: 5400, period: 2, scores: [[1, 0], [1, 1]], point: null, finished: true };
    const results = settleMarkets(rules, even, final, plans);
    const of = (typeId: number, period = 0, param: number | null = null) => results[plans.findIndex((p) => p.typeId === typeId && p.period === period && (param === null || p.param === param))]!;
    expect(of(MARKET.x12)).toEqual([1, 0, 0]);
    expect(of(MARKET.doubleChance)).toEqual([1, 1, 0]);
    expect(of(MARKET.total, 0, 2500)).toEqual([1, 0]);
    expect(of(MARKET.btts)).toEqual([1, 0]);
    expect(of(MARKET.x12, 1)).toEqual([1, 0, 0]);
    expect(of(MARKET.x12, 2)).toEqual([0, 1, 0]);
    const cs = plans.findIndex((p) => p.typeId === MARKET.correctScore);
    const keys = marketProbabilities(rules, even, final, plans)[cs]!.map((o) => o.key);
    expect(keys[results[cs]!.indexOf(1)]).toBe("2-1");
  });

  it("returns draw-no-bet stakes on a draw", () => {
    const rules = sportRules(1);
    const plans = planMarkets(rules, even);
    const final: GameState = { elapsedSec: 5400, period: 2, scores: [[0, 0], [1, 1]], point: null, finished: true };
    const results = settleMarkets(rules, even, final, plans);
    expect(results[plans.findIndex((p) => p.typeId === MARKET.drawNoBet)]).toEqual([2, 2]);
  });

  it("settles a tennis match won 2-1 in sets", () => {
    const rules = sportRules(2);
    const plans = planMarkets(rules, even);
    const final: GameState = { elapsedSec: 7000, period: 3, scores: [[6, 4], [3, 6], [7, 6]], point: null, finished: true };
    const results = settleMarkets(rules, even, final, plans);
    expect(results[plans.findIndex((p) => p.typeId === MARKET.winner)]).toEqual([1, 0]);
    expect(results[plans.findIndex((p) => p.typeId === MARKET.setWinner && p.period === 2)]).toEqual([0, 1]);
    expect(results[plans.findIndex((p) => p.typeId === MARKET.totalSets)]).toEqual([1, 0]);
  });
});
