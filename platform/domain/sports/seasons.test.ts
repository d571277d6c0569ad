import { describe, expect, it } from "vitest";
import { doubleRoundRobin, nextSeason, saturdayFrom, seasonLabel } from "./seasons.ts";

const DAY = 86_400_000;

describe("a league's next season", () => {
  it("meets every pair twice, once at each ground, one match a club a round", () => {
    for (const size of [4, 5, 18, 20]) {
      const teams = Array.from({ length: size }, (_, i) => 100 + i);
      const rounds = doubleRoundRobin(teams);
      const even = size + (size % 2);
      expect(rounds).toHaveLength(2 * (even - 1));
      const seen = new Map<string, number>();
      for (const round of rounds) {
        const playing = round.flat();
        expect(new Set(playing).size).toBe(playing.length);
        for (const [h, a] of round) seen.set(`${h}-${a}`, (seen.get(`${h}-${a}`) ?? 0) + 1);
      }
      // n·(n−1) ordered pairings, each exactly once.
      expect(seen.size).toBe(size * (size - 1));
      expect([...seen.values()].every((n) => n === 1)).toBe(true);
    }
  });

  it("finds Saturdays and names the season by its years", () => {
    // 7 December 2026 was a Monday; 12 December a Saturday.
    expect(new Date(saturdayFrom(Date.UTC(2026, 11, 7, 13))).toISOString()).toBe("2026-12-12T00:00:00.000Z");
    expect(new Date(saturdayFrom(Date.UTC(2026, 11, 12))).toISOString()).toBe("2026-12-12T00:00:00.000Z");
    expect(seasonLabel(Date.UTC(2027, 2, 6), Date.UTC(2027, 9, 30))).toBe("2027");
    expect(seasonLabel(Date.UTC(2027, 7, 7), Date.UTC(2028, 4, 20))).toBe("2027/28");
  });

  it("starts the first weekend after a break, 38 weekly rounds for 20 clubs, at weekend kick-off times", () => {
    const teams = Array.from({ length: 20 }, (_, i) => i + 1);
    // The moved 2025/26 season's last matchday: Sunday 28 February 2027.
    const last = Date.UTC(2027, 1, 28, 15);
    const season = nextSeason({ teams, lastMs: last, nowMs: last, seed: 1, previousId: 7 });
    expect(season.fixtures).toHaveLength(380);
    const first = Math.min(...season.fixtures.map((f) => f.startAtMs));
    expect(new Date(first).toISOString().slice(0, 10)).toBe("2027-03-06");
    const rounds = new Set(season.fixtures.map((f) => f.round));
    expect(rounds.size).toBe(38);
    for (const f of season.fixtures) expect([6, 0, 1]).toContain(new Date(f.startAtMs).getUTCDay());
    expect(season.label).toBe("2027");
    // The same inputs build the same season (the seed and any simulator leader agree).
    expect(nextSeason({ teams: [...teams].reverse(), lastMs: last, nowMs: last, seed: 1, previousId: 7 })).toEqual(season);
  });

  it("skips the months nobody watched: a season long over is followed from the next weekend", () => {
    const season = nextSeason({ teams: [1, 2, 3, 4], lastMs: Date.UTC(2027, 1, 28), nowMs: Date.UTC(2029, 5, 13), seed: 1, previousId: 7 });
    const first = Math.min(...season.fixtures.map((f) => f.startAtMs));
    expect(first).toBeGreaterThan(Date.UTC(2029, 5, 13));
    expect(first).toBeLessThan(Date.UTC(2029, 5, 13) + 7 * DAY);
  });
});
