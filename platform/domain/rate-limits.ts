import { sql } from "kysely";
import type { Db } from "../db/index.ts";

/**
 * Fixed-window counters in the rate_limit table: a window opens at the first hit and lasts
 * `windowSeconds`; a hit after it opens a new one. Kept in the database so limits hold across
 * restarts and across platform processes.
 */

export interface WindowState {
  hits: number;
  /** Seconds until the window closes (0 when no window is open). */
  retryAfterSeconds: number;
}

const windowEnd = sql`rate_limit.window_started_at + make_interval(secs => rate_limit.window_seconds)`;
const retryAfter = sql<number>`greatest(1, ceil(extract(epoch from (window_started_at + make_interval(secs => window_seconds) - now()))))::int`;

/** One more hit in the key's window, or the first of a new window once the old one has ended. */
function upsertHit(scope: string, key: string, windowSeconds: number) {
  return sql`
    insert into rate_limit (scope, "key", window_started_at, window_seconds, hits)
    values (${scope}, ${key}, now(), ${windowSeconds}, 1)
    on conflict (scope, "key") do update set
      hits = case when ${windowEnd} <= now() then 1 else rate_limit.hits + 1 end,
      window_started_at = case when ${windowEnd} <= now() then now() else rate_limit.window_started_at end,
      window_seconds = case when ${windowEnd} <= now() then excluded.window_seconds else rate_limit.window_seconds end
  `;
}

/** Counts one hit and answers the window after it. */
export async function countHit(db: Db, scope: string, key: string, windowSeconds: number): Promise<WindowState> {
  const { rows } = await sql<{ hits: number; retry: number }>`
    ${upsertHit(scope, key, windowSeconds)}
    returning hits, ${retryAfter} as retry
  `.execute(db);
  const row = rows[0]!;
  return { hits: row.hits, retryAfterSeconds: row.retry };
}

/**
 * Counts a hit only while the window has fewer than `max`; atomic, so concurrent callers cannot
 * both take the last slot. Answers whether the hit was allowed.
 */
export async function hitIfUnder(
  db: Db,
  scope: string,
  key: string,
  windowSeconds: number,
  max: number
): Promise<{ allowed: true; hits: number } | { allowed: false; retryAfterSeconds: number }> {
  const { rows } = await sql<{ hits: number }>`
    ${upsertHit(scope, key, windowSeconds)}
    where ${windowEnd} <= now() or rate_limit.hits < ${max}
    returning hits
  `.execute(db);
  if (rows[0]) return { allowed: true, hits: rows[0].hits };
  const state = await currentWindow(db, scope, key);
  return { allowed: false, retryAfterSeconds: Math.max(1, state.retryAfterSeconds) };
}

/** The open window's hits (0 when none is open). */
export async function currentWindow(db: Db, scope: string, key: string): Promise<WindowState> {
  const row = await db
    .selectFrom("rate_limit")
    .select(["hits", retryAfter.as("retry")])
    .where("scope", "=", scope)
    .where("key", "=", key)
    .where(sql<boolean>`window_started_at + make_interval(secs => window_seconds) > now()`)
    .executeTakeFirst();
  return row ? { hits: row.hits, retryAfterSeconds: row.retry } : { hits: 0, retryAfterSeconds: 0 };
}

/** Gives back hits (one unless said) taken by hitIfUnder for attempts that turned out not to count. */
export async function releaseHit(db: Db, scope: string, key: string, count = 1): Promise<void> {
  if (count <= 0) return;
  await db
    .updateTable("rate_limit")
    .set({ hits: sql<number>`greatest(hits - ${count}, 0)` })
    .where("scope", "=", scope)
    .where("key", "=", key)
    .execute();
}

export async function clearWindow(db: Db, scope: string, key: string): Promise<void> {
  await db.deleteFrom("rate_limit").where("scope", "=", scope).where("key", "=", key).execute();
}

/**
 * Moves every open window `seconds` into the past, as if that time had gone by (tests: a
 * window's expiry without waiting for it). Answers how many windows moved.
 */
export async function ageWindows(db: Db, seconds: number): Promise<number> {
  const result = await db
    .updateTable("rate_limit")
    .set({ window_started_at: sql<Date>`window_started_at - make_interval(secs => ${seconds})` })
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
