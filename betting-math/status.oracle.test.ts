import { describe, expect, it } from "vitest";
import { selectionStatus } from "../platform/domain/settlement";
import { MARKET } from "../platform/domain/sports/markets";
import { OUTRIGHT_PLAN, tableFrom, tableOrder } from "../platform/domain/sports/outright";
import { type GameState, type MarketPlan, marketProbabilities, settleMarkets } from "../platform/domain/sports/pricing";
import { planRace, settleRace } from "../platform/domain/sports/race";
import { sportRules } from "../platform/domain/sports/sports";
import { bothScoreStatus, doubleChanceStatus, handicapStatus, matchResultStatus, totalStatus } from "./status";

// Score → status, worked out by hand for every market type: the pure rules of betting-math, the
// platform's selectionStatus (what a bet on a finished game gets), and the catalogue's results
// from settleMarkets / settleRace / the final table. Asian lines as bookmakers publish them
// (e.g. Pinnacle's "Asian handicap explained"): a quarter line is half the stake on each of the
// two neighbouring lines, so 2.25 is half on 2 and half on 2.5.

// SPEC §4 status ids, written out here.
const L = 0;
const W = 1;
const R = 2;
const FR = 3;
const HW = 4; // half win half return
const HL = 5; // half lose half return

/** A final score whose home − away margin is m: −1 → 0:1, 0 → 1:1, 1 → 2:1, 2 → 3:1. */
const MARGINS = [-1, 0, 1, 2] as const;
const scoreFor = (m: number): [number, number] => [m + 1, 1];

describe("handicaps on whole, half and quarter lines (home side), at margins −1, 0, 1, 2", () => {
  // line (hundredths) → [status at −1, 0, 1, 2]; each half: margin + line > 0 wins, = 0 returns, < 0 loses
  const table: Array<[line: number, statuses: number[], working: string]> = [
    [0, [L, R, W, W], "level: a draw returns"],
    [-25, [L, HL, W, W], "halves 0 and −0.5: at 0 one half returns, one loses"],
    [25, [L, HW, W, W], "halves 0 and +0.5: at 0 one half returns, one wins"],
    [-50, [L, L, W, W], "−0.5: no return possible"],
    [50, [L, W, W, W], "+0.5: a draw wins"],
    [-75, [L, L, HW, W], "halves −0.5 and −1: winning by 1 wins one half, returns the other"],
    [75, [HL, W, W, W], "halves +0.5 and +1: losing by 1 loses one half, returns the other"],
    [-100, [L, L, R, W], "−1: winning by 1 returns"],
    [-125, [L, L, HL, W], "halves −1 and −1.5: winning by 1 returns one half, loses the other"],
    [-150, [L, L, L, W], "−1.5: needs 2"],
    [-175, [L, L, L, HW], "halves −1.5 and −2: winning by 2 wins one half, returns the other"],
  ];
  it.each(table)("home %i/100: %j (%s)", (line, statuses) => {
    expect(MARGINS.map((m) => handicapStatus(...scoreFor(m), line, "home"))).toEqual(statuses);
  });

  // The away side with its own handicap, at the same home − away margins −1, 0, 1, 2.
  const away: Array<[line: number, statuses: number[], working: string]> = [
    [25, [W, HW, L, L], "away +0.25: a draw wins half, returns half"],
    [-25, [W, HL, L, L], "away −0.25: a draw loses half, returns half"],
    [-75, [HW, L, L, L], "away −0.75: winning by 1 wins half, returns half"],
    [125, [W, W, HW, L], "away +1.25 (halves +1, +1.5): losing by 1 returns half, wins half"],
  ];
  it.each(away)("away %i/100: %j (%s)", (line, statuses) => {
    expect(MARGINS.map((m) => handicapStatus(...scoreFor(m), line, "away"))).toEqual(statuses);
  });
});

describe("totals on whole, half and quarter lines, at totals 1, 2, 3, 4", () => {
  const table: Array<[line: number, over: number[], under: number[], working: string]> = [
    [200, [L, R, W, W], [W, R, L, L], "2: exactly 2 returns"],
    [225, [L, HL, W, W], [W, HW, L, L], "2.25 = halves on 2 and 2.5: at 2 one half returns"],
    [250, [L, L, W, W], [W, W, L, L], "2.5: no return"],
    [275, [L, L, HW, W], [W, W, HL, L], "2.75 = halves on 2.5 and 3: at 3 one half returns"],
    [300, [L, L, R, W], [W, W, R, L], "3: exactly 3 returns"],
    [325, [L, L, HL, W], [W, W, HW, L], "3.25 = halves on 3 and 3.5"],
  ];
  it.each(table)("%i/100: over %j, under %j (%s)", (line, over, under) => {
    expect([1, 2, 3, 4].map((t) => totalStatus(t, line, "over"))).toEqual(over);
    expect([1, 2, 3, 4].map((t) => totalStatus(t, line, "under"))).toEqual(under);
  });
});

describe("1X2, double chance, draw no bet, both teams to score", () => {
  const scores: Array<[number, number]> = [
    [2, 1],
    [1, 1],
    [0, 2],
  ];
  it("1X2 at 2:1, 1:1, 0:2", () => {
    expect(scores.map(([h, a]) => [matchResultStatus(h, a, "home"), matchResultStatus(h, a, "draw"), matchResultStatus(h, a, "away")])).toEqual([
      [W, L, L],
      [L, W, L],
      [L, L, W],
    ]);
  });
  it("double chance 1X, 12, X2 at 2:1, 1:1, 0:2", () => {
    expect(scores.map(([h, a]) => [doubleChanceStatus(h, a, "1X"), doubleChanceStatus(h, a, "12"), doubleChanceStatus(h, a, "X2")])).toEqual([
      [W, W, L],
      [W, L, W],
      [L, W, W],
    ]);
  });
  it("draw no bet (a level handicap) at 2:1, 1:1, 0:2: the draw returns both sides", () => {
    expect(scores.map(([h, a]) => [handicapStatus(h, a, 0, "home"), handicapStatus(h, a, 0, "away")])).toEqual([
      [W, L],
      [R, R],
      [L, W],
    ]);
  });
  it("both teams to score at 1:1, 2:0, 0:0, 0:3, 3:2", () => {
    const more: Array<[number, number]> = [
      [1, 1],
      [2, 0],
      [0, 0],
      [0, 3],
      [3, 2],
    ];
    expect(more.map(([h, a]) => [bothScoreStatus(h, a, "yes"), bothScoreStatus(h, a, "no")])).toEqual([
      [W, L],
      [L, W],
      [L, W],
      [L, W],
      [W, L],
    ]);
  });
});

describe("the platform's status of a bet on a finished football game 2:1 (halves 1:0 and 1:1)", () => {
  const game = { status: 4, model: "goals", scoreHome: 2, scoreAway: 1, scores: [[1, 0], [1, 1]] as [number, number][] };
  const bet = (marketTypeId: number, key: string, param: number | null = null, period = 0, result: number | null = null) =>
    selectionStatus(game, { marketTypeId, period, param, key, result });
  // [market type, key, param (thousandths, the home side's for handicaps), period, status, working]
  const rows: Array<[number, string, number | null, number, number, string]> = [
    [1, "1", null, 0, W, "home wins 2:1"],
    [1, "X", null, 0, L, ""],
    [1, "2", null, 0, L, ""],
    [2, "1X", null, 0, W, ""],
    [2, "12", null, 0, W, ""],
    [2, "X2", null, 0, L, ""],
    [4, "over", 2500, 0, W, "3 goals > 2.5"],
    [4, "under", 2500, 0, L, ""],
    [4, "over", 2250, 0, W, "3 > 2 and 3 > 2.5"],
    [4, "over", 2750, 0, HW, "3 > 2.5 wins half, 3 = 3 returns half"],
    [4, "under", 2750, 0, HL, ""],
    [4, "over", 3000, 0, R, "exactly 3"],
    [4, "over", 3250, 0, HL, "3 = 3 returns half, 3 < 3.5 loses half"],
    [5, "1", -1500, 0, L, "home −1.5: 2 − 1.5 = 0.5 < 1"],
    [5, "2", -1500, 0, W, "away +1.5: 1 + 1.5 > 2"],
    [5, "1", -500, 0, W, ""],
    [5, "1", -750, 0, HW, "home −0.75 winning by 1: −0.5 wins, −1 returns"],
    [5, "2", -750, 0, HL, "away +0.75 losing by 1: +0.5 loses, +1 returns"],
    [5, "1", -1000, 0, R, "home −1 winning by 1"],
    [5, "2", -1000, 0, R, ""],
    [5, "1", -250, 0, W, "home −0.25 winning by 1"],
    [5, "1", -1250, 0, HL, "home −1.25 winning by 1: −1 returns, −1.5 loses"],
    [5, "2", -1250, 0, HW, "away +1.25 losing by 1: +1 returns, +1.5 wins"],
    [6, "yes", null, 0, W, "both scored"],
    [6, "no", null, 0, L, ""],
    [8, "over", 1500, 0, W, "home scored 2 > 1.5"],
    [8, "under", 2500, 0, W, "2 < 2.5"],
    [8, "over", 1750, 0, HW, "2 > 1.5 wins half, 2 = 2 returns half"],
    [9, "over", 500, 0, W, "away scored 1 > 0.5"],
    [9, "over", 1000, 0, R, "exactly 1"],
    [9, "under", 1250, 0, HW, "1 < 1.5 wins half, 1 = 1 returns half"],
    [11, "1", null, 0, W, "draw no bet: home won"],
    [11, "2", null, 0, L, ""],
    [1, "1", null, 1, W, "first half 1:0"],
    [1, "X", null, 2, W, "second half 1:1"],
    [4, "over", 500, 1, W, "first half: 1 > 0.5"],
    [4, "under", 1500, 2, L, "second half: 2 > 1.5"],
  ];
  it.each(rows)("type %i %s %s period %i → %i %s", (type, key, param, period, status) => {
    expect(bet(type, key, param, period)).toBe(status);
  });

  it("draw no bet at 1:1 returns both sides", () => {
    const draw = { ...game, scoreHome: 1, scoreAway: 1, scores: [[0, 0], [1, 1]] as [number, number][] };
    expect(selectionStatus(draw, { marketTypeId: 11, period: 0, param: null, key: "1", result: null })).toBe(R);
    expect(selectionStatus(draw, { marketTypeId: 11, period: 0, param: null, key: "2", result: null })).toBe(R);
  });

  it("correct score and odd/even take the catalogue's result; a line that is not a whole quarter too", () => {
    expect(bet(7, "2-1", null, 0, 1)).toBe(W);
    expect(bet(7, "1-0", null, 0, 0)).toBe(L);
    expect(bet(10, "odd", null, 0, 1)).toBe(W);
    expect(bet(4, "over", 2100, 0, 2)).toBe(R);
    expect(bet(7, "2-1", null, 0, null)).toBe(-2); // no result yet: not calculated
  });

  it("a cancelled game force-returns every bet (3)", () => {
    const cancelled = { ...game, status: 5 };
    expect(selectionStatus(cancelled, { marketTypeId: 1, period: 0, param: null, key: "1", result: 1 })).toBe(FR);
    expect(selectionStatus(cancelled, { marketTypeId: 5, period: 0, param: -750, key: "1", result: null })).toBe(FR);
  });

  it("a sets sport takes the catalogue's result for every market", () => {
    const tennis = { status: 4, model: "sets", scoreHome: 2, scoreAway: 1, scores: [[6, 4], [3, 6], [7, 6]] as [number, number][] };
    expect(selectionStatus(tennis, { marketTypeId: 4, period: 0, param: 2500, key: "under", result: 0 })).toBe(L);
    expect(selectionStatus(tennis, { marketTypeId: 12, period: 1, param: null, key: "1", result: 1 })).toBe(W);
  });
});

// ---------------------------------------------------------------- the catalogue's results

const even = { home: 1000, away: 1000 };

/** settleMarkets' result of every outcome, by key, for each plan. */
function settled(sportId: number, final: GameState, plans: MarketPlan[]): Array<Record<string, number>> {
  const rules = sportRules(sportId);
  const results = settleMarkets(rules, even, final, plans);
  const keys = marketProbabilities(rules, even, { ...final, finished: true }, plans).map((outcomes) => outcomes.map((o) => o.key));
  return results.map((row, i) => Object.fromEntries(row.map((r, j) => [keys[i]![j]!, r])));
}
const plan = (typeId: number, param: number | null = null, period = 0): MarketPlan => ({ typeId, period, param });

describe("settleMarkets: a finished football game", () => {
  const final = (scores: [number, number][]): GameState => ({ elapsedSec: 5400, period: 2, scores, point: null, finished: true });

  it("2:1 (halves 1:0, 1:1): the results a person expects", () => {
    const plans = [
      plan(MARKET.x12),
      plan(MARKET.doubleChance),
      plan(MARKET.drawNoBet),
      plan(MARKET.total, 2500),
      plan(MARKET.total, 3500),
      plan(MARKET.total, 3000),
      plan(MARKET.handicap, -1500),
      plan(MARKET.handicap, -500),
      plan(MARKET.handicap, -1000),
      plan(MARKET.btts),
      plan(MARKET.teamTotalHome, 1500),
      plan(MARKET.teamTotalAway, 1500),
      plan(MARKET.oddEven),
      plan(MARKET.x12, null, 1),
      plan(MARKET.x12, null, 2),
      plan(MARKET.total, 1500, 2),
    ];
    const [x12, dc, dnb, o25, o35, o3, hcm15, hcm05, hcm1, btts, tth, tta, oddEven, firstHalf, secondHalf, secondHalfTotal] = settled(1, final([[1, 0], [1, 1]]), plans);
    expect(x12).toEqual({ "1": 1, X: 0, "2": 0 });
    expect(dc).toEqual({ "1X": 1, "12": 1, X2: 0 });
    expect(dnb).toEqual({ "1": 1, "2": 0 });
    expect(o25).toEqual({ over: 1, under: 0 }); // 3 > 2.5
    expect(o35).toEqual({ over: 0, under: 1 }); // 3 < 3.5
    expect(o3).toEqual({ over: 2, under: 2 }); // exactly 3: both returned
    expect(hcm15).toEqual({ "1": 0, "2": 1 }); // home −1.5 loses, away +1.5 wins
    expect(hcm05).toEqual({ "1": 1, "2": 0 });
    expect(hcm1).toEqual({ "1": 2, "2": 2 }); // home −1 winning by 1: returned
    expect(btts).toEqual({ yes: 1, no: 0 });
    expect(tth).toEqual({ over: 1, under: 0 }); // home 2 > 1.5
    expect(tta).toEqual({ over: 0, under: 1 }); // away 1 < 1.5
    expect(oddEven).toEqual({ odd: 1, even: 0 }); // 3 goals
    expect(firstHalf).toEqual({ "1": 1, X: 0, "2": 0 }); // 1:0
    expect(secondHalf).toEqual({ "1": 0, X: 1, "2": 0 }); // 1:1
    expect(secondHalfTotal).toEqual({ over: 1, under: 0 }); // 2 > 1.5
  });

  it("correct score: 2:1 wins its own score only; 4:4 wins 'other'", () => {
    const [cs] = settled(1, final([[1, 0], [1, 1]]), [plan(MARKET.correctScore)]);
    expect(Object.entries(cs!).filter(([, r]) => r === 1)).toEqual([["2-1", 1]]);
    expect(Object.values(cs!).filter((r) => r === 0)).toHaveLength(16); // 0-0 … 3-3 and other, but 2-1
    const [other] = settled(1, final([[2, 2], [2, 2]]), [plan(MARKET.correctScore)]);
    expect(Object.entries(other!).filter(([, r]) => r === 1)).toEqual([["other", 1]]);
  });

  it("0:0: the draw, no goals for both, even, and draw no bet returned", () => {
    const [x12, btts, oddEven, dnb] = settled(1, final([[0, 0], [0, 0]]), [plan(MARKET.x12), plan(MARKET.btts), plan(MARKET.oddEven), plan(MARKET.drawNoBet)]);
    expect(x12).toEqual({ "1": 0, X: 1, "2": 0 });
    expect(btts).toEqual({ yes: 0, no: 1 });
    expect(oddEven).toEqual({ odd: 0, even: 1 }); // 0 is even
    expect(dnb).toEqual({ "1": 2, "2": 2 });
  });
});

describe("settleMarkets: sets and points sports", () => {
  it("tennis 2-1 in sets (6:4, 3:6, 7:6)", () => {
    const final: GameState = { elapsedSec: 7000, period: 3, scores: [[6, 4], [3, 6], [7, 6]], point: null, finished: true };
    const [winner, set1, set2, set3, totalSets, minus15, plus15, cs] = settled(2, final, [
      plan(MARKET.winner),
      plan(MARKET.setWinner, null, 1),
      plan(MARKET.setWinner, null, 2),
      plan(MARKET.setWinner, null, 3),
      plan(MARKET.totalSets, 2500),
      plan(MARKET.setHandicap, -1500),
      plan(MARKET.setHandicap, 1500),
      plan(MARKET.correctScore),
    ]);
    expect(winner).toEqual({ "1": 1, "2": 0 });
    expect(set1).toEqual({ "1": 1, "2": 0 });
    expect(set2).toEqual({ "1": 0, "2": 1 });
    expect(set3).toEqual({ "1": 1, "2": 0 }); // 7:6 on the tie-break
    expect(totalSets).toEqual({ over: 1, under: 0 }); // 3 sets > 2.5
    expect(minus15).toEqual({ "1": 0, "2": 1 }); // 2 − 1.5 sets < 1
    expect(plus15).toEqual({ "1": 1, "2": 0 });
    expect(cs).toEqual({ "2-0": 0, "2-1": 1, "0-2": 0, "1-2": 0 });
  });

  it("tennis 0-2 (4:6, 6:7): away, under 2.5 sets, home +1.5 loses", () => {
    const final: GameState = { elapsedSec: 5000, period: 2, scores: [[4, 6], [6, 7]], point: null, finished: true };
    const [winner, totalSets, plus15, cs] = settled(2, final, [plan(MARKET.winner), plan(MARKET.totalSets, 2500), plan(MARKET.setHandicap, 1500), plan(MARKET.correctScore)]);
    expect(winner).toEqual({ "1": 0, "2": 1 });
    expect(totalSets).toEqual({ over: 0, under: 1 });
    expect(plus15).toEqual({ "1": 0, "2": 1 }); // 0 + 1.5 < 2
    expect(cs).toEqual({ "2-0": 0, "2-1": 0, "0-2": 1, "1-2": 0 });
  });

  it("snooker 6:4 in frames", () => {
    const final: GameState = { elapsedSec: 9000, period: 1, scores: [[6, 4]], point: null, finished: true };
    const [winner, minus15, total, cs] = settled(18, final, [plan(MARKET.winner), plan(MARKET.handicap, -1500), plan(MARKET.total, 8500), plan(MARKET.correctScore)]);
    expect(winner).toEqual({ "1": 1, "2": 0 });
    expect(minus15).toEqual({ "1": 1, "2": 0 }); // 6 − 1.5 > 4
    expect(total).toEqual({ over: 1, under: 0 }); // 10 frames > 8.5
    expect(cs!["6-4"]).toBe(1);
    expect(Object.values(cs!).reduce((a, b) => a + b, 0)).toBe(1);
  });

  it("basketball 101:99 (25:20, 30:25, 20:30, 26:24)", () => {
    const final: GameState = { elapsedSec: 2400, period: 4, scores: [[25, 20], [30, 25], [20, 30], [26, 24]], point: null, finished: true };
    const [winner, minus15, minus25, over, under, home, away, oddEven, q1hc, q1total] = settled(3, final, [
      plan(MARKET.winner),
      plan(MARKET.handicap, -1500),
      plan(MARKET.handicap, -2500),
      plan(MARKET.total, 199_500),
      plan(MARKET.total, 200_500),
      plan(MARKET.teamTotalHome, 100_500),
      plan(MARKET.teamTotalAway, 99_500),
      plan(MARKET.oddEven),
      plan(MARKET.handicap, -4500, 1),
      plan(MARKET.total, 44_500, 1),
    ]);
    expect(winner).toEqual({ "1": 1, "2": 0 });
    expect(minus15).toEqual({ "1": 1, "2": 0 }); // by 2 > 1.5
    expect(minus25).toEqual({ "1": 0, "2": 1 }); // by 2 < 2.5
    expect(over).toEqual({ over: 1, under: 0 }); // 200 > 199.5
    expect(under).toEqual({ over: 0, under: 1 }); // 200 < 200.5
    expect(home).toEqual({ over: 1, under: 0 }); // 101 > 100.5
    expect(away).toEqual({ over: 0, under: 1 }); // 99 < 99.5
    expect(oddEven).toEqual({ odd: 0, even: 1 }); // 200
    expect(q1hc).toEqual({ "1": 1, "2": 0 }); // first quarter 25:20, by 5 > 4.5
    expect(q1total).toEqual({ over: 1, under: 0 }); // 45 > 44.5
  });
});

describe("races and outrights: settled from places", () => {
  const runner = (lane: number, place: number | null) => ({ lane, teamId: 100 + lane, progress: 1000, finishSec: place, place });

  it("the winner pays lane of place 1; the top 3 pays places 1 to 3; an unplaced runner loses", () => {
    const runners = [runner(1, 3), runner(2, 1), runner(3, 5), runner(4, 2), runner(5, 4), runner(6, null)];
    const [winner, top3] = settleRace(runners, planRace());
    expect(winner).toEqual([0, 1, 0, 0, 0, 0]);
    expect(top3).toEqual([1, 1, 0, 1, 0, 0]);
  });

  it("the outright goes to the top of the final table: level on points and goal difference, more goals wins", () => {
    // 1 v 2 3:3 (1 pt each); 2 v 3 2:1 (2: 3 pts); 3 v 1 0:1 (1: 3 pts)
    // team 1: 4 pts, GD 0 + 1 = +1, goals 3 + 1 = 4; team 2: 4 pts, GD 0 + 1 = +1, goals 3 + 2 = 5; team 3: 0 pts
    const table = tableFrom(
      [1, 2, 3],
      [
        { homeTeamId: 1, awayTeamId: 2, home: 3, away: 3 },
        { homeTeamId: 2, awayTeamId: 3, home: 2, away: 1 },
        { homeTeamId: 3, awayTeamId: 1, home: 0, away: 1 },
      ],
    );
    const order = tableOrder(table).map((r) => r.teamId);
    expect(order).toEqual([2, 1, 3]);
    // As the simulator settles an outright: lanes are the teams in id order, place = table position.
    const runners = [1, 2, 3].map((teamId, i) => ({ lane: i + 1, teamId, progress: 0, finishSec: null, place: order.indexOf(teamId) + 1 }));
    expect(settleRace(runners, OUTRIGHT_PLAN)).toEqual([[0, 1, 0]]);
  });
});
