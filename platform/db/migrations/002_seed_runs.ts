import { type Kysely, sql } from "kysely";

// Which parts of the demo seed a database has received, so each part is filled in once: a new
// part reaches an existing database on its next start, and a part ops emptied is not refilled.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("seed_run")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("applied_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("seed_run").execute();
}
