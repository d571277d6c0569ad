import { createHash, randomBytes } from "node:crypto";
import { type Selectable, sql } from "kysely";
import type { Db } from "../db/index.ts";
import type { AppUserTable } from "../db/schema.ts";

/** 32 random bytes in base64url: 43 characters, no padding. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** How stale last_seen_at may get before a check writes it again (bounds writes per poll). */
const LAST_SEEN_RESOLUTION_SECONDS = 60;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export type SessionUser = Selectable<AppUserTable>;

/** Opens a session for a user; only the token's hash is stored, the token goes to the caller. */
export async function createSession(db: Db, userId: number, ttlSeconds: number): Promise<{ token: string; expiresAt: Date }> {
  if (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0) throw new RangeError("ttlSeconds must be a positive integer");
  const token = randomBytes(32).toString("base64url");
  const row = await db
    .insertInto("user_session")
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})`,
    })
    .returning("expires_at")
    .executeTakeFirstOrThrow();
  return { token, expiresAt: row.expires_at };
}

/** The user behind a live session, or null for a malformed, unknown, expired or revoked token. */
export async function findSessionUser(db: Db, token: string | null | undefined): Promise<SessionUser | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const tokenHash = hashToken(token);
  const user = await db
    .selectFrom("user_session as s")
    .innerJoin("app_user as u", "u.id", "s.user_id")
    .selectAll("u")
    .where("s.token_hash", "=", tokenHash)
    .where("s.revoked_at", "is", null)
    .where("s.expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  if (!user) return null;
  await db
    .updateTable("user_session")
    .set({ last_seen_at: sql<Date>`now()` })
    .where("token_hash", "=", tokenHash)
    .where("last_seen_at", "<", sql<Date>`now() - make_interval(secs => ${LAST_SEEN_RESOLUTION_SECONDS})`)
    .execute();
  return user;
}

/** Ends a session now; later checks of its token find no user. */
export async function revokeSession(db: Db, token: string): Promise<boolean> {
  if (!TOKEN_PATTERN.test(token)) return false;
  const result = await db
    .updateTable("user_session")
    .set({ revoked_at: sql<Date>`now()` })
    .where("token_hash", "=", hashToken(token))
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
