import { type Kysely, sql } from "kysely";

// isDropOnScoreChange (SPEC §3): a live coupon remembers the score of each game when placed, and
// is refused after its delay if the bettor asked so and a score changed meanwhile.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bet_coupon add column is_drop_on_score_change boolean not null default false`.execute(db);
  await sql`alter table bet_selection add column score_seen text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bet_selection drop column if exists score_seen`.execute(db);
  await sql`alter table bet_coupon drop column if exists is_drop_on_score_change`.execute(db);
}
