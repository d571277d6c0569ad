import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedGame, FeedMarket } from "../support/sports-feed";
import { marketOf, sportsGames } from "../support/sports-games";
import { type Stack, databases, startPlatformPair, startStack } from "../support/stack";

// The sports platform over HTTP (docs/SPORTS-API.md): catalogue breadth, feed snapshots and
// deltas, 404s, the simulator driven by the test hooks to a final whistle, results and statistics.

describe.each(databases)("sports platform on %s", (db) => {
  let stack: Stack;
  let base: string;
  const games = sportsGames(() => base);
  beforeAll(async () => {
    stack = await startStack({ db, site: false, sports: true });
    base = stack.platformUrl;
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`);
    return { status: res.status, body: res.status === 304 ? null : await res.json() };
  };
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  };

  it("lists at least 25 sports, 40 live and 1 500 line games, priced in integer hundredths", async () => {
    const status = (await get("/__test/sports/status")).body;
    expect(status.leader).toBe(true);
    expect(status.live).toBeGreaterThanOrEqual(40);
    expect(status.line).toBeGreaterThanOrEqual(1500);
    const menu = (await get("/sports-api/sports")).body;
    expect(menu.sports.length).toBeGreaterThanOrEqual(25);
    expect(menu.sports.filter((s: { kind: string }) => s.kind === "cyber").length).toBeGreaterThanOrEqual(4);
    const football = menu.sports.find((s: { slug: string }) => s.slug === "football");
    expect(football.champs.find((c: { name: string }) => c.name === "Premier League")).toBeTruthy();
    const live = (await get("/sports-api/feed/live")).body;
    expect(live.type).toBe("snapshot");
    expect(live.games.length).toBeGreaterThanOrEqual(40);
    const sportsLive = new Set(live.games.map((g: FeedGame) => g.sportId));
    expect(sportsLive.size).toBeGreaterThanOrEqual(10);
    for (const game of live.games as FeedGame[]) {
      expect([2, 3]).toContain(game.status);
      for (const m of game.markets) for (const o of m.outcomes) expect(Number.isInteger(o.coef) && o.coef >= 101).toBe(true);
    }
    const line = (await get("/sports-api/feed/line?sport=1")).body;
    expect(line.games.length).toBeGreaterThan(50);
    expect(line.games.every((g: FeedGame) => g.status === 1 && g.sportId === 1)).toBe(true);
  });

  it("answers 404 for unknown ids and sections, 400 for malformed ones", async () => {
    expect((await get("/sports-api/games/999999999")).status).toBe(404);
    expect((await get("/sports-api/feed/live?sport=9999")).status).toBe(404);
    expect((await get("/sports-api/feed/line?champ=999999")).status).toBe(404);
    expect((await get("/sports-api/feed/results")).status).toBe(404);
    expect((await get("/sports-api/teams/99999999")).status).toBe(404);
    expect((await get("/sports-api/championships/99999999/standings")).status).toBe(404);
    expect((await get("/sports-api/feed/live?sport=abc")).status).toBe(400);
    expect((await get("/sports-api/results?date=2026-02-31")).status).toBe(400);
    expect((await get("/sports-api/search?q=a")).status).toBe(400);
    expect((await post("/sports-api/outcomes", { ids: [] })).status).toBe(400);
  });

  it("makes a game of a test's own in exactly the state asked, whatever its teams", async () => {
    await games.pause();
    const clockMs = await games.clockMs();
    const line = await games.lineGame({ startInSec: 7_200 });
    expect(line).toMatchObject({ status: 1, sportId: 1, gameTimeSec: 0, scores: [] });
    expect(line.startAtMs).toBe(clockMs! + 7_200_000);
    expect(line.home.id).not.toBe(line.away.id);
    // Its league has no outright: a live game of its own suspends nobody's.
    expect((await get(`/sports-api/championships/${line.champId}/outright`)).body.game).toBeNull();
    expect((await get("/sports-api/feed/line?sport=1")).body.games.map((g: FeedGame) => g.id)).toContain(line.id);
    // The next one is another pairing.
    const other = await games.lineGame();
    expect([other.home.id, other.away.id]).not.toEqual([line.home.id, line.away.id]);

    // Live in the 60th minute: no goal was played in the hour skipped, the period follows the time.
    const live = await games.setState(line.id, { status: 2, gameTimeSec: 3_600 });
    expect(live).toMatchObject({ status: 2, gameTimeSec: 3_600, period: 2, scores: [[0, 0], [0, 0]], score: { home: 0, away: 0 } });
    // A score set is the score, and a game time past the end is refused (finish it instead).
    expect(await games.setState(line.id, { scores: [[2, 1], [0, 1]] })).toMatchObject({ score: { home: 2, away: 2 }, gameTimeSec: 3_600 });
    expect((await post(`/__test/sports/games/${line.id}/state`, { gameTimeSec: 9_000 })).status).toBe(409);

    // A trader's prices: what the feed shows until the game's next event.
    const x12 = marketOf(live, "1x2");
    const priced = await games.setMarket(x12.id, { coefs: [450, 320, 190] });
    expect(marketOf(priced, "1x2").outcomes.map((o) => o.coef)).toEqual([450, 320, 190]);
    expect(marketOf(priced, "1x2").version).toBeGreaterThan(x12.version);
    expect((await post(`/__test/sports/markets/${x12.id}`, { coefs: [450, 320] })).status).toBe(409);
    expect((await post(`/__test/sports/markets/999999999`, { blocked: true })).status).toBe(404);
    const suspended = await games.setMarket(x12.id, { blocked: true });
    expect(marketOf(suspended, "1x2").blocked).toBe(true);

    // Every feed answer carries the clock it was built at: the platform's present.
    const feed = (await get("/sports-api/feed/live?sport=1")).body;
    expect(feed.clockMs).toBe(clockMs);
    await games.setState(line.id, { status: 5 });
  });

  it("sends deltas since a version, and a snapshot for a stale or garbage one", async () => {
    await post("/__test/sports/pause", {});
    // A game of its own kicked off now, 10 minutes in at 0 : 0: one played for a while may be
    // decided enough after a goal (over 99.5 %) that its match result stays closed.
    const game = await games.liveGame({ gameTimeSec: 600 });
    expect(game.score).toEqual({ home: 0, away: 0 });
    const before = (await get(`/sports-api/feed/live?sport=1&markets=all`)).body;
    const unchanged = (await get(`/sports-api/feed/live?sport=1&markets=all&version=${before.version}`)).body;
    expect(unchanged).toMatchObject({ type: "delta", since: before.version, version: before.version, games: [], removed: [] });

    const goal = await post(`/__test/sports/games/${game.id}/goal`, { side: "home" });
    expect(goal.status).toBe(200);
    const delta = (await get(`/sports-api/feed/live?sport=1&markets=all&version=${before.version}`)).body;
    expect(delta.type).toBe("delta");
    expect(delta.version).toBeGreaterThan(before.version);
    expect(delta.games.map((g: FeedGame) => g.id)).toContain(game.id);
    const changed = delta.games.find((g: FeedGame) => g.id === game.id) as FeedGame;
    expect(changed.score).toEqual({ home: 1, away: 0 });
    // A goal suspends every market of the game for a few seconds, bumping each market's version.
    expect(changed.markets.every((m) => m.blocked)).toBe(true);
    const oldMarket = before.games.find((g: FeedGame) => g.id === game.id)?.markets[0] as FeedMarket | undefined;
    if (oldMarket) expect(changed.markets.find((m) => m.id === oldMarket.id)!.version).toBeGreaterThan(oldMarket.version);

    for (const bad of ["abc", "-1", "99999999999", "1.5"]) {
      const res = (await get(`/sports-api/feed/live?sport=1&version=${bad}`)).body;
      expect(res.type, bad).toBe("snapshot");
    }

    // Six seconds later the markets reopen with prices moved by the goal.
    await post("/__test/sports/advance", { seconds: 6 });
    const reopened = (await get(`/sports-api/games/${game.id}`)).body.game as FeedGame;
    expect(reopened.status).toBe(2);
    const x12 = marketOf(reopened, "1x2");
    expect(x12.blocked).toBe(false);
    expect(x12.outcomes[0]!.coef).toBeLessThan(marketOf(game, "1x2").outcomes[0]!.coef);
    // The platform's own ETag answers 304 when the client already has the version.
    const res = await fetch(`${base}/sports-api/feed/live?sport=1`);
    const etag = res.headers.get("etag")!;
    await res.arrayBuffer();
    const again = await fetch(`${base}/sports-api/feed/live?sport=1`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  it("plays a football match to the final whistle and settles every market", async () => {
    await post("/__test/sports/pause", {});
    // A match of its own on the line, kicked off now, then played by the simulator.
    const target = await games.lineGame();
    expect((await get("/sports-api/feed/line?sport=1")).body.games.map((g: FeedGame) => g.id)).toContain(target.id);
    const started = await post(`/__test/sports/games/${target.id}/state`, { status: 2 });
    expect(started.status).toBe(200);
    expect(started.body.game.status).toBe(2);
    const removedFromLine = (await get(`/sports-api/feed/line?sport=1`)).body.games.map((g: FeedGame) => g.id);
    expect(removedFromLine).not.toContain(target.id);

    const advanced = await post("/__test/sports/advance", { seconds: 90 * 60 + 15 * 60 + 60 });
    expect(advanced.status).toBe(200);
    expect(advanced.body.finished).toContain(target.id);
    const done = (await get(`/sports-api/games/${target.id}`)).body.game as FeedGame;
    expect(done.status).toBe(4);
    expect(done.scores).toHaveLength(2);
    const { home, away } = done.score!;
    expect(done.markets.length).toBeGreaterThan(10);
    for (const m of done.markets) {
      expect(m.blocked).toBe(true);
      for (const o of m.outcomes) expect([0, 1, 2]).toContain(o.result);
    }
    const x12 = done.markets.find((m) => m.type === "1x2" && m.period === 0)!;
    const winner = home > away ? "1" : home < away ? "2" : "X";
    expect(x12.outcomes.find((o) => o.result === 1)!.key).toBe(winner);
    const total = done.markets.find((m) => m.type === "total" && m.period === 0 && m.param === 2500)!;
    expect(total.outcomes.find((o) => o.result === 1)!.key).toBe(home + away > 2.5 ? "over" : "under");

    // The finished game is a result now, and still at least 40 games are live.
    const results = (await get(`/sports-api/results?sport=1&q=${encodeURIComponent(done.home.name)}&limit=100`)).body;
    expect(results.games.map((g: FeedGame) => g.id)).toContain(target.id);
    expect((await get("/__test/sports/status")).body.live).toBeGreaterThanOrEqual(40);
    const outcome = x12.outcomes[0]!;
    const states = (await post("/sports-api/outcomes", { ids: [outcome.id, 2_000_000_000] })).body.outcomes;
    expect(states[0]).toMatchObject({ id: outcome.id, found: true, game: { id: target.id, status: 4 } });
    expect(states[1]).toEqual({ id: 2_000_000_000, found: false });
  });

  it("serves results by date, standings, head-to-head, team pages and search from the real fixtures", async () => {
    const dates = (await get("/sports-api/results/dates?sport=1")).body.dates as { date: string; count: number }[];
    expect(dates.length).toBeGreaterThan(20);
    const day = dates.find((d) => d.count >= 5)!;
    const onDay = (await get(`/sports-api/results?sport=1&date=${day.date}`)).body;
    expect(onDay.total).toBe(day.count);
    expect(onDay.games.every((g: FeedGame & { startAt: string }) => g.startAt.startsWith(day.date) && g.status === 4)).toBe(true);

    const menu = (await get("/sports-api/sports?section=line")).body;
    const epl = menu.sports[0].champs.find((c: { name: string }) => c.name === "Premier League");
    const table = (await get(`/sports-api/championships/${epl.id}/standings`)).body;
    expect(table.rows).toHaveLength(20);
    expect(table.championship.scoreUnit).toBe("goals");
    expect(table.rows[0].played).toBeGreaterThanOrEqual(25);
    const points = table.rows.map((r: { points: number }) => r.points);
    expect([...points].sort((a: number, b: number) => b - a)).toEqual(points);
    for (const r of table.rows) expect(r.points).toBe(r.won * 3 + r.drawn);

    const [first, second] = [table.rows[0].team.id, table.rows[1].team.id];
    const h2h = (await get(`/sports-api/h2h?team1=${first}&team2=${second}`)).body;
    expect(h2h.summary.played).toBe(h2h.games.length);
    expect(h2h.summary.wins1 + h2h.summary.draws + h2h.summary.wins2).toBe(h2h.summary.played);

    const team = (await get(`/sports-api/teams/${first}`)).body;
    expect(team.team.id).toBe(first);
    expect(team.results.length).toBe(10);
    expect(team.form).toHaveLength(5);
    expect(team.fixtures.length).toBeGreaterThan(0);

    // Results of the real sports (results/live) and of the cyber zone (results/zone), apart.
    const kinds = new Map(((await get("/sports-api/catalogue")).body.sports as { id: number; kind: string }[]).map((s) => [s.id, s.kind]));
    for (const kind of ["real", "cyber"]) {
      const some = (await get(`/sports-api/results?kind=${kind}&limit=100`)).body.games as FeedGame[];
      expect(some.length, kind).toBeGreaterThan(0);
      expect(new Set(some.map((g) => kinds.get(g.sportId))), kind).toEqual(new Set([kind]));
      const days = (await get(`/sports-api/results/dates?kind=${kind}`)).body.dates as { count: number }[];
      expect(days.length, kind).toBeGreaterThan(0);
    }
    expect((await get("/sports-api/results?kind=virtual")).status).toBe(400);

    const found = (await get("/sports-api/search?q=arsenal")).body;
    expect(found.teams.map((t: { name: string }) => t.name)).toContain("Arsenal FC");
    const champs = (await get("/sports-api/search?q=premier")).body;
    expect(champs.championships.length).toBeGreaterThan(0);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("two platforms on one PostgreSQL", () => {
  it("run the simulator exactly once, and the other takes over when the leader stops", async () => {
    const pair = await startPlatformPair({ sports: true, second: { SPORTS_SIM_TICK_MS: "200" } });
    const [portA, portB] = pair.ports;
    try {
      const status = async (port: number) => (await (await fetch(`http://127.0.0.1:${port}/__test/sports/status`)).json()) as { leader: boolean; version: number };
      expect((await status(portA)).leader).toBe(true);
      expect((await status(portB)).leader).toBe(false);
      // The follower serves what the leader simulates.
      const forced = await fetch(`http://127.0.0.1:${portB}/__test/sports/advance`, { method: "POST", body: JSON.stringify({ seconds: 60 }) });
      expect(forced.status).toBe(409);
      await fetch(`http://127.0.0.1:${portA}/__test/sports/advance`, { method: "POST", body: JSON.stringify({ seconds: 60 }) });
      const leaderVersion = (await status(portA)).version;
      await expect.poll(async () => (await status(portB)).version, { timeout: 5_000 }).toBeGreaterThanOrEqual(leaderVersion);
      await pair.stopOne(0);
      await expect.poll(async () => (await status(portB)).leader, { timeout: 15_000, interval: 500 }).toBe(true);
    } finally {
      await pair.stop();
    }
  }, 120_000);
});
