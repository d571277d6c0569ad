import { describe, expect, it } from "vitest";
import { Feed } from "./feed.ts";
import { SportsStore } from "./store.ts";
import type { GameRec } from "./types.ts";

function store() {
  const s = new SportsStore();
  s.sports.set(1, { id: 1, slug: "football", name: "Football", kind: "real", model: "goals", sort: 1 });
  s.countries.set(1, { id: 1, code: "ENG", name: "England", sort: 1 });
  s.champs.set(10, { id: 10, sportId: 1, countryId: 1, name: "League", slug: "league", sort: 1, isTop: true, source: "test", previousId: null });
  s.teams.set(1, { id: 1, sportId: 1, countryId: 1, name: "A", slug: "a", rating: 1000 });
  s.teams.set(2, { id: 2, sportId: 1, countryId: 1, name: "B", slug: "b", rating: 1000 });
  return s;
}

const game = (id: number, status: GameRec["status"], version: number): GameRec => ({
  id,
  sportId: 1,
  champId: 10,
  homeTeamId: 1,
  awayTeamId: 2,
  runners: null,
  startAtMs: 1_800_000_000_000 + id,
  status,
  gameTimeSec: 0,
  period: 0,
  scores: [],
  hasVideo: false,
  isTop: false,
  round: null,
  source: "test",
  sim: null,
  finishedAtMs: null,
  feedVersion: version,
  markets: [],
});

describe("the feed", () => {
  it("answers snapshots, empty deltas, deltas of changed games and removals", () => {
    const s = store();
    const now = 1_000_000;
    s.put(game(1, 2, 1), 1, now);
    s.put(game(2, 2, 1), 1, now);
    s.put(game(3, 1, 1), 1, now);
    s.version = 1;
    const feed = new Feed(s);
    const q = { section: "live" as const, sportId: null, champId: null, markets: "main" as const };
    const snap = JSON.parse(feed.answer({ ...q, since: null }).body);
    expect(snap).toMatchObject({ type: "snapshot", version: 1 });
    expect(snap.games.map((g: { id: number }) => g.id)).toEqual([1, 2]);
    expect(JSON.parse(feed.answer({ ...q, since: 1 }).body)).toMatchObject({ type: "delta", games: [], removed: [] });

    // Version 2: game 1 scores, game 2 finishes, game 3 goes live.
    const g1 = game(1, 2, 2);
    g1.scores = [[1, 0]];
    s.put(g1, 2, now);
    s.put(game(2, 4, 2), 2, now);
    s.put(game(3, 2, 2), 2, now);
    s.version = 2;
    const delta = JSON.parse(feed.answer({ ...q, since: 1 }).body);
    expect(delta).toMatchObject({ type: "delta", since: 1, version: 2, removed: [2] });
    expect(delta.games.map((g: { id: number }) => g.id).sort()).toEqual([1, 3]);
    expect(delta.games.find((g: { id: number }) => g.id === 1).score).toEqual({ home: 1, away: 0 });
    const line = JSON.parse(feed.answer({ ...q, section: "line", since: 1 }).body);
    expect(line).toMatchObject({ type: "delta", games: [], removed: [3] });

    // Garbage, future and forgotten versions get a snapshot.
    for (const since of [null, 99]) expect(JSON.parse(feed.answer({ ...q, since }).body).type).toBe("snapshot");
    s.put(game(1, 4, 3), 3, now + 10 * 60_000);
    s.version = 3;
    expect(s.deltaFloor).toBeGreaterThanOrEqual(2);
    expect(JSON.parse(feed.answer({ ...q, since: 1 }).body).type).toBe("snapshot");
    expect(JSON.parse(feed.answer({ ...q, since: 2 }).body)).toMatchObject({ type: "delta", removed: [1] });
  });

  it("serves the same cached body until the version moves", () => {
    const s = store();
    s.put(game(1, 2, 1), 1);
    s.version = 1;
    const feed = new Feed(s);
    const q = { section: "live" as const, sportId: 1, champId: null, since: null, markets: "main" as const };
    const a = feed.answer(q).body;
    expect(feed.answer(q).body).toBe(a);
    s.put(game(1, 2, 2), 2);
    s.version = 2;
    expect(feed.answer(q).body).not.toBe(a);
  });

  it("counts games per sport and championship for the menu", () => {
    const s = store();
    s.put(game(1, 2, 1), 1);
    s.put(game(2, 1, 1), 1);
    s.put(game(3, 1, 1), 1);
    const menu = new Feed(s).menu("line");
    expect(menu.sports[0]).toMatchObject({ slug: "football", count: 2, champs: [{ id: 10, count: 2 }] });
    expect(new Feed(s).menu(null).sports[0]).toMatchObject({ liveCount: 1, lineCount: 2 });
  });
});
