import { describe, expect, it } from "vitest";
import { bestMatchesFirst, filterGames, groupGames, matchesTimeFilter, parseFilteredMarkets, parseTimeFilter, rowMarkets, VIEW } from "./filters";
import { activeMoves, coefMoves } from "./indication";
import type { GameView } from "./model";

const now = Date.UTC(2026, 0, 10, 12);
function game(over: Partial<GameView>): GameView {
  return {
    id: 1, slug: "1-a-b", sportId: 1, sportSlug: "football", sportName: "Football", model: "goals", champId: 10, champSlug: "10-epl",
    champName: "EPL", countryName: "England", home: { id: 1, name: "A" }, away: { id: 2, name: "B" }, startAt: now,
    status: 1, gameTimeSec: null, period: null, periodName: null, score: null, periodScores: [], hasVideo: false,
    isTop: false, marketCount: 0, events: [], markets: [], version: 1, runners: null, trackLength: null, ...over,
  };
}

describe("time filters (SPEC §3)", () => {
  it("reads only the spec's values", () => {
    expect(parseTimeFilter("1")).toBe(1);
    expect(parseTimeFilter("6")).toBe(6);
    expect(parseTimeFilter("4")).toBe(0);
    expect(parseTimeFilter("x")).toBe(0);
    expect(parseTimeFilter(null)).toBe(0);
  });
  it("selects upcoming, first and second period and recommended games", () => {
    const soon = game({ startAt: now + 60 * 60_000 });
    const later = game({ startAt: now + 5 * 60 * 60_000 });
    const first = game({ status: 2, period: 1 });
    const second = game({ status: 3, period: 2 });
    const top = game({ isTop: true });
    expect(matchesTimeFilter(soon, 1, now)).toBe(true);
    expect(matchesTimeFilter(later, 1, now)).toBe(false);
    expect(matchesTimeFilter(first, 2, now)).toBe(true);
    expect(matchesTimeFilter(second, 2, now)).toBe(false);
    expect(matchesTimeFilter(second, 3, now)).toBe(true);
    expect(matchesTimeFilter(top, 6, now)).toBe(true);
    expect(matchesTimeFilter(soon, 6, now)).toBe(false);
    expect(filterGames([soon, top, game({ hasVideo: true })], { timeFilter: 0, onlyWithVideo: true }, now)).toHaveLength(1);
  });
});

describe("grouping", () => {
  const games = [
    game({ id: 1, champId: 10, champName: "EPL", countryName: "England" }),
    game({ id: 2, champId: 20, champName: "La Liga", countryName: "Spain" }),
    game({ id: 3, champId: 10, champName: "EPL", countryName: "England" }),
    game({ id: 4, champId: 30, champName: "Championship", countryName: "England", isTop: true }),
  ];
  it("groups by championship in feed order", () => {
    const [all] = groupGames(games, { byCountry: false });
    expect(all!.champs.map((c) => [c.champId, c.games.map((g) => g.id)])).toEqual([[10, [1, 3]], [20, [2]], [30, [4]]]);
  });
  it("groups by country, then championship, and puts best matches first", () => {
    const groups = groupGames(games, { byCountry: true, bestFirst: true });
    expect(groups.map((g) => g.countryName)).toEqual(["England", "Spain"]);
    expect(groups[0]!.champs.map((c) => c.champId)).toEqual([30, 10]);
  });
  it("puts the top games first without its championship leading when the flag is off", () => {
    const [off] = groupGames(games, { byCountry: false });
    expect(off!.champs[0]!.champId).toBe(10);
    const [on] = groupGames(games, { byCountry: false, bestFirst: true });
    expect(on!.champs.map((c) => c.champId)).toEqual([30, 10, 20]);
  });
  it("keeps each part of best matches first in the order it came", () => {
    const list = [game({ id: 1 }), game({ id: 2, isTop: true }), game({ id: 3 }), game({ id: 4, isTop: true })];
    expect(bestMatchesFirst(list).map((g) => g.id)).toEqual([2, 4, 1, 3]);
    expect(bestMatchesFirst<GameView>([])).toEqual([]);
  });
  it("shows one market per row in the compact view, two otherwise", () => {
    const market = (id: number) => ({ id, typeId: id, group: "main", name: `m${id}`, version: 1, isBlocked: false, outcomes: [] });
    const g = game({ markets: [market(1), market(2), market(3)] });
    expect(rowMarkets(g, true).map((m) => m.id)).toEqual([1]);
    expect(rowMarkets(g, false).map((m) => m.id)).toEqual([1, 2]);
    expect(rowMarkets(game({ markets: [] }), true)).toEqual([]);
  });
  it("leads with the handicap in the Asian view, then the total; the European row where a game has no handicap", () => {
    const market = (id: number, group: string) => ({ id, typeId: id, group, name: `m${id}`, version: 1, isBlocked: false, outcomes: [] });
    const g = game({ markets: [market(1, "main"), market(4, "totals"), market(5, "handicaps")] });
    expect(rowMarkets(g, false, VIEW.ASIAN).map((m) => m.id)).toEqual([5, 4]);
    expect(rowMarkets(g, true, VIEW.ASIAN).map((m) => m.id)).toEqual([5]);
    expect(rowMarkets(g, false, VIEW.EUROPEAN).map((m) => m.id)).toEqual([1, 4]);
    expect(rowMarkets(game({ markets: [market(5, "handicaps")] }), false, VIEW.ASIAN).map((m) => m.id)).toEqual([5]);
    const noHandicap = game({ markets: [market(1, "main"), market(4, "totals")] });
    expect(rowMarkets(noHandicap, false, VIEW.ASIAN).map((m) => m.id)).toEqual([1, 4]);
    expect(rowMarkets(game({ markets: [] }), false, VIEW.ASIAN)).toEqual([]);
  });
  it("parses filteredMarkets", () => {
    expect(parseFilteredMarkets("1, 2,2,x,-3")).toEqual([1, 2]);
    expect(parseFilteredMarkets(null)).toEqual([]);
  });
});

describe("odds movement marks", () => {
  it("marks moves up and down and lets them expire", () => {
    const moves = coefMoves(new Map([["a", 1.5], ["b", 2], ["c", 3]]), new Map([["a", 1.6], ["b", 1.9], ["c", 3], ["d", 4]]));
    expect([...moves]).toEqual([["a", "up"], ["b", "down"]]);
    const marks = new Map([["a", { move: "up" as const, at: 1_000 }]]);
    expect(activeMoves(marks, 4_999).get("a")).toBe("up");
    expect(activeMoves(marks, 5_000).size).toBe(0);
  });
});
