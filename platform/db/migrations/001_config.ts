import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("site_config")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "jsonb", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_by", "text", (c) => c.notNull().defaultTo("seed"))
    .execute();

  await db.schema
    .createTable("site_config_override")
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("value", "jsonb", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_by", "text", (c) => c.notNull().defaultTo("seed"))
    .addPrimaryKeyConstraint("site_config_override_pk", ["country", "key"])
    .execute();

  await db.schema
    .createTable("config_group")
    .addColumn("group_name", "text", (c) => c.notNull())
    .addColumn("lang", "text", (c) => c.notNull())
    .addColumn("value", "jsonb", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("config_group_pk", ["group_name", "lang"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("config_group").execute();
  await db.schema.dropTable("site_config_override").execute();
  await db.schema.dropTable("site_config").execute();
}
