import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenDb, migrate, openDb } from "../../platform/db/index.ts";
import { seedDemo } from "../../platform/seed/index.ts";

// Marble racing is a seed part of its own (decision 040): a database seeded before it existed gets
// the sport, its market types, tracks, marbles and the first hour of races on the next start.
describe("the marble seed part", () => {
  let open: OpenDb;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "marble-seed-"));
    open = await openDb({ dataDir: dir });
    await migrate(open.db);
  }, 60_000);
  afterAll(async () => {
    await open?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const count = async (query: string) => Number((await sql<{ n: string }>`${sql.raw(query)}`.execute(open.db)).rows[0]!.n);

  it("fills a fresh database, and an older one that has the catalogue but no marble racing", async () => {
    const now = Date.UTC(2026, 10, 27, 10, 0);
    await seedDemo(open.db, { users: false, now });
    const fresh = { races: await count("select count(*) as n from game where sport_id = 50"), marbles: await count("select count(*) as n from team where sport_id = 50") };
    expect(fresh.marbles).toBe(16);
    expect(fresh.races).toBe(30);
    const { next_game_id } = await open.db.selectFrom("sports_sim").select("next_game_id").executeTakeFirstOrThrow();
    expect(next_game_id).toBeGreaterThan(await count("select max(id) as n from game"));
    // The top leagues' outrights (decision 041): a field of their teams, one market.
    expect(await count("select count(*) as n from game where source = 'outright' and jsonb_array_length(runners) >= 18")).toBe(5);

    // As it was before marble racing: no sport 50, its rows or market types, no record of the part.
    await sql`delete from outcome where game_id in (select id from game where sport_id = 50)`.execute(open.db);
    await sql`delete from market where game_id in (select id from game where sport_id = 50)`.execute(open.db);
    await sql`delete from game where sport_id = 50`.execute(open.db);
    await sql`delete from team where sport_id = 50`.execute(open.db);
    await sql`delete from championship where sport_id = 50`.execute(open.db);
    await sql`delete from sport_market_type where sport_id = 50`.execute(open.db);
    await sql`delete from sport where id = 50`.execute(open.db);
    await sql`delete from market_type where id in (15, 16)`.execute(open.db);
    await sql`delete from seed_run where name = 'marble'`.execute(open.db);

    expect(await seedDemo(open.db, { users: false, now })).toEqual(["marble"]);
    expect(await count("select count(*) as n from sport where id = 50 and model = 'race'")).toBe(1);
    expect(await count("select count(*) as n from sport_market_type where sport_id = 50 and is_main")).toBe(2);
    expect(await count("select count(*) as n from championship where sport_id = 50")).toBe(3);
    expect(await count("select count(*) as n from game where sport_id = 50 and status = 1")).toBe(30);
    // Each race: eight lanes, two markets of eight outcomes.
    expect(await count("select count(*) as n from outcome where game_id in (select id from game where sport_id = 50)")).toBe(30 * 16);
    // A match still needs both sides, a race none.
    await expect(sql`update game set home_team_id = null where runners is null and id = (select min(id) from game)`.execute(open.db)).rejects.toThrow(/game_sides_or_runners/);
  });
});
