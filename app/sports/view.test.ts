import { describe, expect, it } from "vitest";
import { marketName, outcomeName, paramText, toGame } from "./view";

const t = (key: string, options?: Record<string, unknown>) => `${key}${options ? JSON.stringify(options) : ""}`;

describe("market and outcome names", () => {
  it("writes lines from thousandths", () => {
    expect(paramText(2500)).toBe("2.5");
    expect(paramText(-1500, true)).toBe("-1.5");
    expect(paramText(1500, true)).toBe("+1.5");
    expect(paramText(null)).toBe("");
  });
  it("names a market with its line and period", () => {
    expect(marketName({ type: "total", period: 0, param: 2500 }, t)).toBe('sports.markets.total{"defaultValue":"total"} 2.5');
    expect(marketName({ type: "1x2", period: 1, param: null }, t)).toBe('sports.markets.1x2{"defaultValue":"1x2"} · sports.periodN{"n":1}');
  });
  it("names outcomes: totals with the line, handicaps with each side's line", () => {
    expect(outcomeName({ type: "total", param: 2500 }, { key: "over" }, t)).toBe('sports.outcomes.over{"line":"2.5"}');
    expect(outcomeName({ type: "handicap", param: -1500 }, { key: "1" }, t)).toBe("1 (-1.5)");
    expect(outcomeName({ type: "handicap", param: -1500 }, { key: "2" }, t)).toBe("2 (+1.5)");
    expect(outcomeName({ type: "1x2", param: null }, { key: "X" }, t)).toBe("X");
  });
  it("maps a game with hundredths coefficients to decimals", () => {
    const game = toGame(apiGame, t, new Map([[1, { name: "Football", model: "goals" as const }]]));
    expect(game.slug).toBe("arsenal-chelsea");
    expect(game.champSlug).toBe("premier-league");
    expect(game.markets[0]!.outcomes[0]).toEqual({ id: "70", name: "1", coef: 1.85, isBlocked: false });
    expect(game.gameTimeSec).toBe(600);
    expect(game.sportName).toBe("Football");
    expect(game.events).toEqual([{ t: 540, kind: "goal", side: 1 }]);
  });
  it("leaves the match tracker's events out of a game for a list, and nothing else", () => {
    const sports = new Map([[1, { name: "Football", model: "goals" as const }]]);
    const full = toGame(apiGame, t, sports);
    expect(toGame(apiGame, t, sports, "list")).toEqual({ ...full, events: [] });
  });
});

const apiGame: Parameters<typeof toGame>[0] = {
  id: 5, sportId: 1, sportSlug: "football", champId: 9, champName: "Premier League", countryId: 1, countryCode: "EN", countryName: "England",
  status: 2, startAt: "2026-01-01T12:00:00Z", startAtMs: 1, gameTimeSec: 600, period: 1, periodCount: 2, scores: [[1, 0]],
  score: { home: 1, away: 0 }, home: { id: 1, name: "Arsenal", slug: "arsenal" }, away: { id: 2, name: "Chelsea", slug: "chelsea" },
  hasVideo: true, isTop: false, version: 3, marketCount: 30, events: [{ t: 540, kind: "goal", side: 1 }],
  markets: [{ id: 7, typeId: 1, type: "1x2", group: "main", period: 0, param: null, version: 2, blocked: false,
    outcomes: [{ id: 70, typeId: 1, key: "1", coef: 185, blocked: false, result: null }] }],
};
