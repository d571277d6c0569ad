import { type Kysely, sql } from "kysely";

// The ops console: an audit trail of every admin change, and one version counter that moves
// whenever anything the site caches from the platform changes (config, redirect and block rules).
const VERSIONED_TABLES = ["site_config", "site_config_override", "config_group", "redirect_rule", "block_rule"];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "serial", (c) => c.primaryKey())
    // Kept when the user goes: the actor text still says who it was.
    .addColumn("actor_user_id", "integer", (c) => c.references("app_user.id").onDelete("set null"))
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entity", "text", (c) => c.notNull())
    .addColumn("entity_id", "text")
    .addColumn("before", "jsonb")
    .addColumn("after", "jsonb")
    .addColumn("at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index audit_log_at_idx on audit_log (at desc, id desc)`.execute(db);
  await sql`create index audit_log_entity_idx on audit_log (entity, entity_id, at desc, id desc)`.execute(db);

  // One row. The epoch tells databases apart, so a site polling a platform whose database was
  // replaced never mistakes the new counter for the old one.
  await db.schema
    .createTable("config_version")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("epoch", "text", (c) => c.notNull().defaultTo(sql`substr(md5(random()::text || clock_timestamp()::text), 1, 12)`))
    .addColumn("counter", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("changed_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into config_version (id) values (1)`.execute(db);

  // A trigger rather than application code: every writer (admin API, test hooks, seed, a manual
  // SQL fix) bumps the version in its own transaction. Statement-level, so a bulk import bumps
  // once per statement, not per row. The table's own schema is named because tests run many
  // schemas on one server and a trigger may fire under another search_path.
  await sql`
    create function bump_config_version() returns trigger language plpgsql as $$
    begin
      execute format('update %I.config_version set counter = counter + 1, changed_at = now() where id = 1', TG_TABLE_SCHEMA);
      return null;
    end
    $$
  `.execute(db);
  for (const table of VERSIONED_TABLES) {
    await sql`
      create trigger ${sql.id(`${table}_bump_version`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function bump_config_version()
    `.execute(db);
  }

  // The admin list and the live rule sets are read in this order.
  await sql`create index redirect_rule_order_idx on redirect_rule (priority desc, id)`.execute(db);
  await sql`create index block_rule_order_idx on block_rule (priority desc, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index block_rule_order_idx`.execute(db);
  await sql`drop index redirect_rule_order_idx`.execute(db);
  for (const table of VERSIONED_TABLES) {
    await sql`drop trigger ${sql.id(`${table}_bump_version`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function bump_config_version()`.execute(db);
  await db.schema.dropTable("config_version").execute();
  await db.schema.dropTable("audit_log").execute();
}
