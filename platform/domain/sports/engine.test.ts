import { describe, expect, it } from "vitest";
import { type EngineGame, advanceGame, forceScore, timeline } from "./engine.ts";
import { SPORTS, sportRules, type GoalsRules } from "./sports.ts";

const ratings = { home: 1100, away: 950 };
const fresh = (id: number): EngineGame => ({ id, status: 2, gameTimeSec: 0, period: 0, scores: [], sim: null });

function runInSteps(id: number, sportId: number, step: number, until: number) {
  const game = fresh(id);
  for (let t = step; t <= until; t += step) advanceGame(game, sportRules(sportId), ratings, 7, t);
  advanceGame(game, sportRules(sportId), ratings, 7, until);
  return game;
}

describe("the live engine", () => {
  it.each(SPORTS.filter((s) => s.model !== "race").map((s) => [s.slug, s.id] as const))("plays %s the same in one step or in many", (_slug, sportId) => {
    const until = 4 * 3600;
    const once = runInSteps(42, sportId, until, until);
    const many = runInSteps(42, sportId, 37, until);
    expect(many.scores).toEqual(once.scores);
    expect(many.status).toBe(once.status);
    expect(once.status).toBe(4);
  });

  it("is deterministic under its seed and differs between games", () => {
    const a = runInSteps(1, 1, 5400 + 900, 5400 + 900);
    const b = runInSteps(1, 1, 5400 + 900, 5400 + 900);
    expect(a).toEqual(b);
    const results = new Set(Array.from({ length: 30 }, (_, i) => JSON.stringify(runInSteps(100 + i, 1, 7000, 7000).scores)));
    expect(results.size).toBeGreaterThan(10);
  });

  it("walks a football match through halves, the break and the final whistle", () => {
    const rules = sportRules(1) as GoalsRules;
    expect(timeline(rules, 600)).toEqual({ period: 1, gameTime: 600, status: 2 });
    expect(timeline(rules, 2700 + 100)).toEqual({ period: 1, gameTime: 2700, status: 3 });
    expect(timeline(rules, 3600 + 60)).toEqual({ period: 2, gameTime: 2760, status: 2 });
    expect(timeline(rules, 6300)).toMatchObject({ status: 4 });
    const game = fresh(5);
    advanceGame(game, rules, ratings, 1, 6300);
    expect(game.status).toBe(4);
    expect(game.scores).toHaveLength(2);
  });

  it("scores plausibly: football about 2.7 goals, basketball about 165 points", () => {
    const avg = (sportId: number) => {
      let sum = 0;
      for (let i = 0; i < 200; i++) {
        const g = runInSteps(1000 + i, sportId, 20_000, 20_000);
        sum += g.scores.reduce((a, s) => a + s[0] + s[1], 0);
      }
      return sum / 200;
    };
    expect(avg(1)).toBeGreaterThan(2.2);
    expect(avg(1)).toBeLessThan(3.3);
    expect(avg(3)).toBeGreaterThan(150);
    expect(avg(3)).toBeLessThan(180);
  });

  it("never ends a basketball game or a tennis match level", () => {
    for (let i = 0; i < 100; i++) {
      for (const sportId of [3, 2, 9]) {
        const g = runInSteps(500 + i, sportId, 30_000, 30_000);
        const sum = g.scores.reduce((a, s) => [a[0] + s[0], a[1] + s[1]], [0, 0]);
        if (sportId !== 2) expect(sum[0]).not.toBe(sum[1]);
        expect(g.status).toBe(4);
      }
    }
  });

  it("blocks markets for a few seconds after a forced goal", () => {
    const game = fresh(9);
    advanceGame(game, sportRules(1), ratings, 1, 600);
    forceScore(game, sportRules(1), 2);
    expect(game.scores[0]![1]).toBeGreaterThanOrEqual(1);
    expect(game.sim!.blockedUntil).toBe(605);
  });
});
