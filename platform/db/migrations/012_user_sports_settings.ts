import { type Kysely, sql } from "kysely";

// Per-bettor sports settings on the platform (issue 13, sports helper):
// - disallow_line_sport / disallow_live_sport (SPEC §3 user config): sport ids the bettor may
//   not see in the line or in live (the site hides them from menus and lists, game pages 404).
// - display_settings: the header's quick display settings of a signed-in bettor (odds format,
//   view, theme); guests keep them in a cookie. Shape checked by the platform's zod schema.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table app_user add column disallow_line_sport integer[] not null default '{}'`.execute(db);
  await sql`alter table app_user add column disallow_live_sport integer[] not null default '{}'`.execute(db);
  await sql`alter table app_user add column display_settings jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table app_user drop column if exists display_settings`.execute(db);
  await sql`alter table app_user drop column if exists disallow_live_sport`.execute(db);
  await sql`alter table app_user drop column if exists disallow_line_sport`.execute(db);
}
