import { describe, expect, it } from "vitest";
import type { FeedGame } from "../support/sports-feed";
import { sportsGames } from "../support/sports-games";
import { platformStack } from "../support/suite";

// The platform's present and the football calendar's end (decision 014). The openfootball season
// is moved to the present once, when a database is first seeded; a platform that keeps running
// past its last matchday rebuilds each league's next season from the same clubs, so the football
// line never empties. PLATFORM_NOW and SPORTS_SHIFT_WEEKS give a database seeded on 7 December
// 2026 (the data moved by 39 weeks, its last matchday Sunday 28 February 2027) seen on Sunday
// 14 February 2027 at 13:00 UTC: two weeks from the end.

const NOW = Date.parse("2027-02-14T13:00:00Z");

interface Champ {
  id: number;
  name: string;
  isTop: boolean;
  source: string;
}

describe("the football calendar at the moved season's end", () => {
  const stack = platformStack("pglite", { sports: true, platformEnv: { PLATFORM_NOW: new Date(NOW).toISOString(), SPORTS_SHIFT_WEEKS: "39" } });
  const games = sportsGames(() => stack.platformUrl);
  const get = async <T>(path: string) => (await (await fetch(`${stack.platformUrl}${path}`)).json()) as T;
  const champs = async () => (await get<{ championships: Champ[] }>("/sports-api/championships?sport=1")).championships;

  it("runs the sports clock from PLATFORM_NOW, not from today", async () => {
    const clock = (await games.clockMs())!;
    expect(clock).toBeGreaterThanOrEqual(NOW);
    expect(clock).toBeLessThan(NOW + 10 * 60_000);
    const feed = await get<{ clockMs: number; games: FeedGame[] }>("/sports-api/feed/line?sport=1");
    expect(Math.abs(feed.clockMs - clock)).toBeLessThan(60_000);
    // Every line game is still to come on that calendar.
    expect(feed.games.every((g) => g.startAtMs > NOW)).toBe(true);
  });

  it("keeps the football line full with the leagues' next seasons, each with a fresh table and outright", async () => {
    const all = await champs();
    // Leagues whose data ended before the next fortnight were followed at the seed.
    const premier = all.find((c) => c.name === "Premier League")!;
    const next = all.find((c) => c.name === "Premier League 2027")!;
    expect(next).toMatchObject({ isTop: true, source: "rebuilt" });
    const standings = await get<{ rows: { played: number; team: { id: number } }[] }>(`/sports-api/championships/${next.id}/standings`);
    const before = await get<{ rows: { played: number; team: { id: number } }[] }>(`/sports-api/championships/${premier.id}/standings`);
    // The same 20 clubs, nothing played yet.
    expect(standings.rows.map((r) => r.team.id).sort()).toEqual(before.rows.map((r) => r.team.id).sort());
    expect(standings.rows.every((r) => r.played === 0)).toBe(true);
    const outright = await get<{ game: { runners: unknown[]; home: { name: string }; away: { name: string } } | null }>(`/sports-api/championships/${next.id}/outright`);
    expect(outright.game?.runners).toHaveLength(20);
    // Its sides name the league and the season once ("Outright: Premier League 2027 winner").
    expect([outright.game?.home.name, outright.game?.away.name]).toEqual(["Premier League", "2027"]);
    const line = await get<{ games: FeedGame[] }>("/sports-api/feed/line?sport=1");
    expect(line.games.length).toBeGreaterThan(150);
  });

  it("schedules a league's next season as the simulator's clock nears its last matchday", async () => {
    await games.pause();
    // Segunda División's last matchday kicks off on 28 February at 15:00, just beyond the fortnight.
    expect((await champs()).some((c) => c.name === "Segunda División 2027")).toBe(false);
    await games.advance(3 * 3_600);
    const next = (await champs()).find((c) => c.name === "Segunda División 2027");
    expect(next).toMatchObject({ source: "rebuilt", isTop: false });
    // Its fixtures are scheduled between the same 22 clubs (a championship's teams are its games').
    const detail = await get<{ teams: { id: number }[] }>(`/sports-api/championships/${next!.id}`);
    const previous = (await champs()).find((c) => c.name === "Segunda División")!;
    const before = await get<{ teams: { id: number }[] }>(`/sports-api/championships/${previous.id}`);
    expect(detail.teams.map((t) => t.id).sort()).toEqual(before.teams.map((t) => t.id).sort());
    expect(detail.teams).toHaveLength(22);
  });
});
