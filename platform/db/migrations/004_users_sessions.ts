import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("app_user")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("login", "text", (c) => c.unique())
    .addColumn("email", "text", (c) => c.unique())
    .addColumn("phone_number", "text")
    .addColumn("phone_code", "text")
    .addColumn("country_code", "text")
    .addColumn("password_hash", "text")
    .addColumn("roles", "jsonb", (c) => c.notNull().defaultTo(sql`'["player"]'::jsonb`))
    .addColumn("ban_level", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("ban_version", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("user_status_id", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("activation_type", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("terms_accepted_at", "timestamptz")
    .addColumn("user_data", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("user_session")
    // Hex SHA-256 of the bearer token: a leaked table does not leak usable tokens.
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("app_user.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("revoked_at", "timestamptz")
    .addColumn("last_seen_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("user_session_user_idx").on("user_session").column("user_id").execute();

  await db.schema
    .createTable("block_appeal")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("app_user.id").onDelete("cascade"))
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending").check(sql`status in ('pending', 'answered', 'rejected')`))
    .addColumn("answer", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("answered_at", "timestamptz")
    .execute();
  await db.schema.createIndex("block_appeal_user_idx").on("block_appeal").columns(["user_id", "created_at"]).execute();

  // termsUpdatedAt is a new required site-config key: a database configured before it existed
  // gets it here (an empty one gets it from the seed), so its config keeps passing the schema.
  await sql`
    insert into site_config (key, value, updated_by)
    select 'termsUpdatedAt', '"2026-01-01T00:00:00Z"'::jsonb, 'migration'
    where exists (select 1 from site_config)
    on conflict (key) do nothing
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from site_config where key = 'termsUpdatedAt'`.execute(db);
  await db.schema.dropTable("block_appeal").execute();
  await db.schema.dropTable("user_session").execute();
  await db.schema.dropTable("app_user").execute();
}
