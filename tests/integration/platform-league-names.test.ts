import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenDb, migrate, openDb } from "../../platform/db/index.ts";
import * as m015 from "../../platform/db/migrations/015_bare_league_names.ts";
import { FOOTBALL_LEAGUE_NAMES } from "../../platform/seed/sports.ts";

// Migration 015 (decision 036): a database seeded with the openfootball names gets the bare names
// the seed now writes, and only those rows.
describe("migration 015: bare league names", () => {
  let open: OpenDb;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "league-names-"));
    open = await openDb({ dataDir: dir });
    await migrate(open.db);
    const { db } = open;
    await sql`insert into sport (id, slug, name, kind, model) values (1, 'football', 'Football', 'real', 'goals'), (2, 'basketball', 'Basketball', 'real', 'points')`.execute(db);
    await sql`insert into sport_country (id, code, name) values (1, 'ENG', 'England'), (2, 'AT', 'Austria'), (3, 'DE', 'Germany')`.execute(db);
    await sql`insert into championship (id, sport_id, country_id, name, slug, source) values
      (1, 1, 1, 'English Premier League', 'english-premier-league', 'openfootball'),
      (2, 1, 2, 'Österr. Bundesliga', 'osterr-bundesliga', 'openfootball'),
      (3, 1, 3, 'Deutsche Bundesliga', 'deutsche-bundesliga', 'openfootball'),
      (4, 2, 1, 'English Premier League', 'english-premier-league', 'generated')`.execute(db);
  });
  afterAll(async () => {
    await open?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const rows = async () => (await sql<{ id: number; name: string; slug: string }>`select id, name, slug from championship order by id`.execute(open.db)).rows;

  it("renames the openfootball leagues to the seed's names, twice safely, and back by country", async () => {
    // A migration sees an untyped database.
    const untyped = open.db as unknown as Kysely<unknown>;
    await m015.up(untyped);
    await m015.up(untyped);
    expect(await rows()).toEqual([
      { id: 1, name: FOOTBALL_LEAGUE_NAMES["en.1"], slug: "premier-league" },
      { id: 2, name: FOOTBALL_LEAGUE_NAMES["at.1"], slug: "bundesliga" },
      { id: 3, name: FOOTBALL_LEAGUE_NAMES["de.1"], slug: "bundesliga" },
      // Not an openfootball row: left alone.
      { id: 4, name: "English Premier League", slug: "english-premier-league" },
    ]);
    await m015.down(untyped);
    expect((await rows()).map((r) => r.name)).toEqual(["English Premier League", "Österr. Bundesliga", "Deutsche Bundesliga", "English Premier League"]);
  });
});
