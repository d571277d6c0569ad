import { sql } from "kysely";
import type { Db } from "../db/index.ts";

/**
 * Deletes auth rows nothing can use any more, a day after they died (kept that long for
 * support questions). Safe to run from several processes at once.
 */
export async function purgeExpired(db: Db): Promise<void> {
  const dayAgo = sql<Date>`now() - interval '1 day'`;
  await db.deleteFrom("access_token").where("expires_at", "<", dayAgo).execute();
  await db
    .deleteFrom("captcha")
    .where("expires_at", "<", dayAgo)
    .where((eb) => eb.or([eb("token_expires_at", "is", null), eb("token_expires_at", "<", dayAgo)]))
    .execute();
  await db.deleteFrom("auth_code").where("expires_at", "<", dayAgo).execute();
  await db.deleteFrom("login_token").where("expires_at", "<", dayAgo).execute();
  await db
    .deleteFrom("rate_limit")
    .where(sql<boolean>`window_started_at + make_interval(secs => window_seconds) < now() - interval '1 day'`)
    .execute();
  await db
    .deleteFrom("outbox")
    .where("created_at", "<", sql<Date>`now() - interval '7 days'`)
    .execute();
}
