import { type Kysely, sql } from "kysely";

// The sports catalogue (issue 13): sports, countries, championships, teams, games, market types,
// markets and outcomes, and the live simulator's single state row. Every id of the catalogue is an
// integer the seed or the simulator assigns (no serial columns), so the seed bulk-inserts rows
// with their ids known in advance and the in-memory feed never waits for the database to name a row.
// Coefficients are integer hundredths (1.85 is 185), market params integer thousandths (2.5 is
// 2500): no floating point is stored.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("sport")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    // real or cyber (esports disciplines are listed under cyber sport).
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('real', 'cyber')`))
    // The scoring process the pricing and the simulator use: goals, points or sets.
    .addColumn("model", "text", (c) => c.notNull().check(sql`model in ('goals', 'points', 'sets')`))
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    // Periods, period length, sets to win, points per set …: see domain/sports/sports.ts.
    .addColumn("rules", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();

  await db.schema
    .createTable("sport_country")
    .addColumn("id", "integer", (c) => c.primaryKey())
    // ISO 3166 alpha-2, or a pseudo code such as "INT" (international) or "ENG".
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("championship")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("sport_id", "integer", (c) => c.notNull().references("sport.id"))
    .addColumn("country_id", "integer", (c) => c.notNull().references("sport_country.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_top", "boolean", (c) => c.notNull().defaultTo(false))
    // openfootball (real fixtures) or generated.
    .addColumn("source", "text", (c) => c.notNull())
    .execute();
  await sql`create index championship_sport_idx on championship (sport_id, sort)`.execute(db);

  await db.schema
    .createTable("team")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("sport_id", "integer", (c) => c.notNull().references("sport.id"))
    .addColumn("country_id", "integer", (c) => c.notNull().references("sport_country.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    // Strength estimate in thousandths around 1000 (average); the pricing model's input.
    .addColumn("rating", "integer", (c) => c.notNull().defaultTo(1000))
    .execute();
  await sql`create index team_sport_idx on team (sport_id)`.execute(db);
  await sql`create index team_name_idx on team (lower(name))`.execute(db);

  await db.schema
    .createTable("game")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("sport_id", "integer", (c) => c.notNull().references("sport.id"))
    .addColumn("champ_id", "integer", (c) => c.notNull().references("championship.id"))
    .addColumn("home_team_id", "integer", (c) => c.notNull().references("team.id"))
    .addColumn("away_team_id", "integer", (c) => c.notNull().references("team.id"))
    .addColumn("start_at", "timestamptz", (c) => c.notNull())
    // 0 scheduled, 1 line, 2 live, 3 break, 4 finished, 5 cancelled.
    .addColumn("status", "smallint", (c) => c.notNull().check(sql`status between 0 and 5`))
    .addColumn("game_time_sec", "integer", (c) => c.notNull().defaultTo(0))
    // 0 before the start, then 1, 2, …; sets sports count sets.
    .addColumn("period", "smallint", (c) => c.notNull().defaultTo(0))
    // [[home, away], …] one pair per period played so far (sets: games or points of each set).
    .addColumn("scores", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("score_home", "integer")
    .addColumn("score_away", "integer")
    .addColumn("has_video", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_top", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("round", "text")
    .addColumn("source", "text", (c) => c.notNull())
    // The simulator's state of a live game (random stream, next event, blocked-until, current set).
    .addColumn("sim", "jsonb")
    .addColumn("finished_at", "timestamptz")
    // The feed version of the game's last change (its own fields or any of its markets).
    .addColumn("feed_version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create index game_status_start_idx on game (status, start_at)`.execute(db);
  await sql`create index game_champ_idx on game (champ_id, start_at)`.execute(db);
  await sql`create index game_home_idx on game (home_team_id, start_at)`.execute(db);
  await sql`create index game_away_idx on game (away_team_id, start_at)`.execute(db);
  await sql`create index game_feed_version_idx on game (feed_version)`.execute(db);

  await db.schema
    .createTable("market_type")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("group_key", "text", (c) => c.notNull())
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("sport_market_type")
    .addColumn("sport_id", "integer", (c) => c.notNull().references("sport.id"))
    .addColumn("type_id", "integer", (c) => c.notNull().references("market_type.id"))
    // Shown on list pages beside the game (the rest only on the game page).
    .addColumn("is_main", "boolean", (c) => c.notNull().defaultTo(false))
    .addPrimaryKeyConstraint("sport_market_type_pk", ["sport_id", "type_id"])
    .execute();

  await db.schema
    .createTable("market")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("game_id", "integer", (c) => c.notNull().references("game.id").onDelete("cascade"))
    .addColumn("type_id", "integer", (c) => c.notNull().references("market_type.id"))
    // 0 the whole game, 1 the first period (half, set, quarter), 2 the second, …
    .addColumn("period", "smallint", (c) => c.notNull().defaultTo(0))
    // Line of totals and handicaps in thousandths (2.5 is 2500, -1.5 is -1500); null when none.
    .addColumn("param", "integer")
    // Incremented on every change of a coefficient or of the blocked state.
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("blocked", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("settled_at", "timestamptz")
    .addColumn("feed_version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create unique index market_unique_idx on market (game_id, type_id, period, coalesce(param, -2147483648))`.execute(db);

  await db.schema
    .createTable("outcome")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("market_id", "integer", (c) => c.notNull().references("market.id").onDelete("cascade"))
    .addColumn("game_id", "integer", (c) => c.notNull().references("game.id").onDelete("cascade"))
    // The outcome within its market: 1 home / over / yes, 2 draw / under / no, 3 away, …
    .addColumn("type_id", "integer", (c) => c.notNull())
    // Dictionary-friendly key: "1", "X", "2", "1X", "over", "under", "yes", "no", "2-1", …
    .addColumn("key", "text", (c) => c.notNull())
    // Decimal coefficient in hundredths (1.85 is 185), at least 101.
    .addColumn("coef", "integer", (c) => c.notNull().check(sql`coef >= 101`))
    .addColumn("blocked", "boolean", (c) => c.notNull().defaultTo(false))
    // Bet status id once the market is settled: 1 win, 0 lose, 2 return (SPEC §4); null before.
    .addColumn("result", "smallint")
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create index outcome_market_idx on outcome (market_id)`.execute(db);
  await sql`create index outcome_game_idx on outcome (game_id)`.execute(db);
  await sql`create index market_game_idx on market (game_id)`.execute(db);

  // One row: the simulator's clock and seed, kept in the database so a new leader continues
  // where the last one stopped, and the last feed version handed out.
  await db.schema
    .createTable("sports_sim")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("seed", "integer", (c) => c.notNull().defaultTo(1))
    // Simulated time, epoch milliseconds; moves with the wall clock unless paused or under test.
    .addColumn("clock_ms", "bigint", (c) => c.notNull())
    .addColumn("paused", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("feed_version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("next_game_id", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("next_market_id", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("next_outcome_id", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["sports_sim", "outcome", "market", "sport_market_type", "market_type", "game", "team", "championship", "sport_country", "sport"]) {
    await db.schema.dropTable(table).execute();
  }
}
