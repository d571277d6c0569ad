import { sql } from "kysely";
import type { Db } from "../db/index.ts";
import { createSession, hashToken } from "./sessions.ts";
import { randomToken } from "./signing.ts";

/** One-time sign-in tokens: login links (kind "link") and one-tap social passes (kind "social"). */

export async function issueLoginToken(
  db: Db,
  input: { kind: "link" | "social"; userId: number; socialAccountId?: number; ttlSeconds: number }
): Promise<{ id: number; token: string }> {
  const token = randomToken();
  const { id } = await db
    .insertInto("login_token")
    .values({
      kind: input.kind,
      user_id: input.userId,
      social_account_id: input.socialAccountId ?? null,
      token_hash: hashToken(token),
      expires_at: sql<Date>`now() + make_interval(secs => ${input.ttlSeconds})`,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, token };
}

export type LoginTokenOutcome = { ok: true; userId: number } | { ok: false; error: "wrong_code" | "time_up" };

/**
 * Uses up a login token inside the caller's transaction: unknown or used → wrong_code,
 * expired → time_up. `match` narrows which row the token must be (its id, or its social account).
 */
export async function useLoginToken(
  trx: Db,
  kind: "link" | "social",
  match: { id: number } | { socialAccountId: number },
  token: string
): Promise<LoginTokenOutcome> {
  let query = trx
    .selectFrom("login_token")
    .select(["id", "user_id", "used_at", sql<boolean>`expires_at <= now()`.as("expired")])
    .where("kind", "=", kind)
    .where("token_hash", "=", hashToken(token));
  query = "id" in match ? query.where("id", "=", match.id) : query.where("social_account_id", "=", match.socialAccountId);
  const row = await query.forUpdate().executeTakeFirst();
  if (!row || row.used_at !== null) return { ok: false, error: "wrong_code" };
  if (row.expired) return { ok: false, error: "time_up" };
  await trx
    .updateTable("login_token")
    .set({ used_at: sql<Date>`now()` })
    .where("id", "=", row.id)
    .execute();
  return { ok: true, userId: row.user_id };
}

/**
 * Signs in with a one-time token: uses it up and opens a session in one transaction, so a
 * token is never spent without its session (or a session opened on a spent token).
 */
export function signInWithLoginToken(
  db: Db,
  kind: "link" | "social",
  selector: Parameters<typeof useLoginToken>[2],
  token: string,
  sessionSeconds: number,
): Promise<{ ok: true; userId: number; session: { token: string; expiresAt: Date } } | { ok: false; error: "wrong_code" | "time_up" }> {
  return db.transaction().execute(async (trx) => {
    const used = await useLoginToken(trx, kind, selector, token);
    return used.ok ? { ...used, session: await createSession(trx, used.userId, sessionSeconds) } : used;
  });
}
