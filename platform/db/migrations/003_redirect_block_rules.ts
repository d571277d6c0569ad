import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("redirect_rule")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("target", "text", (c) => c.notNull())
    .addColumn("code", "integer", (c) => c.notNull().check(sql`code in (301, 302, 307, 308)`))
    // null: every language; otherwise a JSON array of two-letter codes.
    .addColumn("languages", "jsonb")
    .addColumn("active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("priority", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_by", "text", (c) => c.notNull().defaultTo("system"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_by", "text", (c) => c.notNull().defaultTo("system"))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("block_rule")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('country', 'user_agent', 'path')`))
    .addColumn("pattern", "text", (c) => c.notNull())
    // The displayTypeId the site maps to a block page (SPEC §4).
    .addColumn("reason", "integer", (c) => c.notNull())
    .addColumn("template_type_id", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("applies_to", "text", (c) => c.notNull().defaultTo("all").check(sql`applies_to in ('all', 'guests', 'users')`))
    .addColumn("active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("priority", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_by", "text", (c) => c.notNull().defaultTo("system"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_by", "text", (c) => c.notNull().defaultTo("system"))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("block_rule").execute();
  await db.schema.dropTable("redirect_rule").execute();
}
