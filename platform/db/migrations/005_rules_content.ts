import { type Kysely, sql } from "kysely";

// Rules pages (feature route 47): one row per chapter per language.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rules_chapter")
    .addColumn("group_id", "integer", (c) => c.notNull())
    .addColumn("chapter_id", "integer", (c) => c.notNull())
    .addColumn("lang", "text", (c) => c.notNull())
    .addColumn("group_title", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("rules_chapter_pk", ["group_id", "lang", "chapter_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rules_chapter").execute();
}
