import { sql } from "kysely";
import type { Db } from "../db/index.ts";

/**
 * The config version: a string that changes whenever the site config, config groups, redirect
 * rules or block rules change. A trigger on those tables bumps it in the writer's transaction
 * (migration 007), so readers see the new version and the new data at the same commit.
 */

const versionText = sql<string>`epoch || '.' || counter::text`;

export async function readConfigVersion(db: Db): Promise<string> {
  const row = await db.selectFrom("config_version").select(versionText.as("version")).where("id", "=", 1).executeTakeFirstOrThrow();
  return row.version;
}

/**
 * Locks the version row for the rest of the transaction and answers the version. Admin writes
 * call it first: they then validate against rules no one else can change until they commit
 * (every other writer's trigger waits on this row), so two concurrent saves cannot each pass
 * the loop check and together make a loop.
 */
export async function lockConfigVersion(trx: Db): Promise<string> {
  const row = await trx
    .selectFrom("config_version")
    .select(versionText.as("version"))
    .where("id", "=", 1)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.version;
}

// Deadlock victim, serialization failure: PostgreSQL rolled the transaction back, and a retry is safe.
const RETRYABLE = new Set(["40P01", "40001"]);
const ATTEMPTS = 3;

/**
 * Runs an admin write in a transaction that first takes the version lock. A plain writer (a test
 * hook, a manual SQL fix) that locked a row before its trigger waited for our lock can make
 * PostgreSQL pick us as a deadlock victim: the work is then run again rather than failing.
 */
export async function withConfigLock<T>(db: Db, work: (trx: Db, version: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => work(trx, await lockConfigVersion(trx)));
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt >= ATTEMPTS || typeof code !== "string" || !RETRYABLE.has(code)) throw error;
    }
  }
}
