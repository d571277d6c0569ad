import { type Kysely, sql } from "kysely";

// A football league's next season is a championship of its own that follows the one before
// (decision 014): `previous_id` links the seasons of one league. At most one season follows
// another, so two simulator leaders can never schedule the same league's next season twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table championship add column previous_id integer references championship(id)`.execute(db);
  await sql`create unique index championship_previous_id_key on championship (previous_id) where previous_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from game where champ_id in (select id from championship where previous_id is not null)`.execute(db);
  await sql`delete from championship where previous_id is not null`.execute(db);
  await sql`alter table championship drop column previous_id`.execute(db);
}
