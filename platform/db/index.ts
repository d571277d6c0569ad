import { PGlite } from "@electric-sql/pglite";
import { Kysely, Migrator, sql } from "kysely";
import pg from "pg";
import { log } from "../log.ts";
import { prepareDataDir, unreadableDatabase } from "./data-dir.ts";
import { OwnSchemaPostgresDialect } from "./dialect.ts";
import { migrationProvider } from "./migrations/index.ts";
import { pglitePool } from "./pglite-pool.ts";
import { preparingPool } from "./prepared.ts";
import type { Database } from "./schema.ts";

export type Db = Kysely<Database>;

export interface DbOptions {
  /** A PostgreSQL server; when absent the embedded PGlite in `dataDir` is used. */
  databaseUrl?: string;
  /** Schema on the PostgreSQL server (tests use one per run); created when missing. */
  schema?: string;
  dataDir: string;
}

export interface OpenDb {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export async function openDb(options: DbOptions): Promise<OpenDb> {
  if (options.databaseUrl) {
    const schema = options.schema;
    if (schema) {
      const admin = new pg.Client({ connectionString: options.databaseUrl });
      await admin.connect();
      await admin.query(`create schema if not exists "${schema}"`);
      await admin.end();
    }
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(schema ? { options: `-c search_path="${schema}"` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool: preparingPool(pool) }) });
    return { db, kind: "postgres", close: () => db.destroy() };
  }
  prepareDataDir(options.dataDir);
  let lite: PGlite;
  try {
    lite = await PGlite.create({ dataDir: options.dataDir });
  } catch (error) {
    throw unreadableDatabase(options.dataDir, error);
  }
  const pool = pglitePool(lite);
  const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
  return { db, kind: "pglite", close: () => db.destroy() };
}

export async function migrate(db: Db): Promise<void> {
  // Name the schema: without it Kysely takes a kysely_migration table in any schema of the
  // server as ours, skips creating its own, and fails (tests run many schemas side by side).
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrationTableSchema = rows[0]?.schema;
  if (!migrationTableSchema) throw new Error("The database connection has no current schema");
  // Unordered: engineers number migrations in parallel (008 may land after 009 on a database
  // that already has 009); each migration stands on its own, so applying a late one is safe.
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === "Error") log.error("migration.failed", { migration: r.migrationName });
  }
  if (error) throw error;
}

export async function ping(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
