import { describe, expect, it } from "vitest";
import { overround } from "./pricing.ts";
import { OUTRIGHT_MARGIN, priceOutright, tableFrom, tableOrder, titleProbabilities } from "./outright.ts";
import { type GoalsRules, SPORTS } from "./sports.ts";

const football = SPORTS.find((s) => s.slug === "football") as GoalsRules;
const teams = [1, 2, 3, 4];
/** Every pairing home and away: a double round robin of the four teams. */
const season = teams.flatMap((h) => teams.filter((a) => a !== h).map((a) => ({ homeTeamId: h, awayTeamId: a })));
const rating = (id: number) => [0, 1150, 1050, 1000, 900][id]!;

describe("outrights", () => {
  it("builds the table and its order from scores: points, goal difference, goals", () => {
    const table = tableFrom(teams, [
      { homeTeamId: 1, awayTeamId: 2, home: 2, away: 0 },
      { homeTeamId: 3, awayTeamId: 4, home: 1, away: 1 },
      { homeTeamId: 2, awayTeamId: 3, home: 3, away: 0 },
    ]);
    expect(tableOrder(table).map((r) => [r.teamId, r.points, r.goalDiff])).toEqual([
      [2, 3, 1],
      [1, 3, 2],
      [4, 1, 0],
      [3, 1, -3],
    ].sort((a, b) => b[1]! - a[1]! || b[2]! - a[2]!));
  });

  it("gives the stronger team the better chance before a ball is kicked, chances that add up to one, the same for a seed", () => {
    const probs = titleProbabilities(football, tableFrom(teams, []), season, rating, 7);
    expect(probs.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(probs[0]).toBeGreaterThan(probs[1]!);
    expect(probs[1]).toBeGreaterThan(probs[3]!);
    expect(titleProbabilities(football, tableFrom(teams, []), season, rating, 7)).toEqual(probs);
  });

  it("follows the table: a big lead with one round left makes the leader all but certain, whatever the ratings", () => {
    const table = [
      { teamId: 4, points: 30, goalDiff: 20, goalsFor: 30 },
      { teamId: 1, points: 20, goalDiff: 10, goalsFor: 25 },
      { teamId: 2, points: 15, goalDiff: 0, goalsFor: 15 },
      { teamId: 3, points: 10, goalDiff: -5, goalsFor: 10 },
    ];
    const probs = titleProbabilities(football, table, [{ homeTeamId: 1, awayTeamId: 4 }, { homeTeamId: 2, awayTeamId: 3 }], rating, 3);
    expect(probs[0]).toBe(1);
    const market = priceOutright(probs);
    expect(market.decided).toBe(true);
    // No fixture left: the table's leader.
    expect(titleProbabilities(football, table, [], rating, 3)).toEqual([1, 0, 0, 0]);
  });

  it("prices the winner market with the outright margin", () => {
    const market = priceOutright(titleProbabilities(football, tableFrom(teams, []), season, rating, 5));
    expect(market.decided).toBe(false);
    expect(market.outcomes.map((o) => o.key)).toEqual(["1", "2", "3", "4"]);
    expect(overround(market.outcomes.map((o) => o.coef))).toBeCloseTo(1 + OUTRIGHT_MARGIN, 1);
    // The margin weighs on the long shots: a clear favourite keeps a price of its own.
    const twoHorse = priceOutright([0.9, 0.08, 0.02, 0]).outcomes.map((o) => o.coef);
    expect(twoHorse[0]).toBeGreaterThan(101);
    expect(twoHorse[0]).toBeLessThan(111);
    expect(twoHorse[3]).toBe(50_000);
    expect(overround(twoHorse.slice(0, 3))).toBeCloseTo(1 + OUTRIGHT_MARGIN, 1);
  });
});
