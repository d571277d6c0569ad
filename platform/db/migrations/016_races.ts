import { type Kysely, sql } from "kysely";

// Races (marble racing, decision 040): a sport whose games are a field of runners rather than a
// home and an away side. The sport gets the scoring model "race", a race game has no home or
// away team, and its field (lane, runner, progress, finish) is the game's `runners`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sport drop constraint if exists sport_model_check`.execute(db);
  await sql`alter table sport add constraint sport_model_check check (model in ('goals', 'points', 'sets', 'race'))`.execute(db);
  await sql`alter table game alter column home_team_id drop not null`.execute(db);
  await sql`alter table game alter column away_team_id drop not null`.execute(db);
  // Either both sides (a match) or a field (a race), never a mix.
  await sql`alter table game add column runners jsonb`.execute(db);
  await sql`alter table game add constraint game_sides_or_runners check ((home_team_id is not null and away_team_id is not null and runners is null) or (home_team_id is null and away_team_id is null and runners is not null))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from game where runners is not null`.execute(db);
  await sql`alter table game drop constraint game_sides_or_runners`.execute(db);
  await sql`alter table game drop column runners`.execute(db);
  await sql`alter table game alter column home_team_id set not null`.execute(db);
  await sql`alter table game alter column away_team_id set not null`.execute(db);
  await sql`alter table sport drop constraint sport_model_check`.execute(db);
  await sql`alter table sport add constraint sport_model_check check (model in ('goals', 'points', 'sets'))`.execute(db);
}
