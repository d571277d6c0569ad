import { createHash } from "node:crypto";
import { type Selectable, sql } from "kysely";
import type { Db } from "../db/index.ts";
import type { AppUserTable } from "../db/schema.ts";
import { ACCESS_TOKEN_SECONDS } from "./auth-limits.ts";
import { randomToken } from "./signing.ts";

/** 32 random bytes in base64url: 43 characters, no padding. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** How stale last_seen_at may get before a check writes it again (bounds writes per poll). */
const LAST_SEEN_RESOLUTION_SECONDS = 60;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export type SessionUser = Selectable<AppUserTable>;

/** Who a bearer token signs in, and through which session. */
export interface Auth {
  user: SessionUser;
  /** The session's token hash (an access token's own session for an access token). */
  sessionHash: string;
  kind: "session" | "access";
}

/** Opens a session for a user; only the token's hash is stored, the token goes to the caller. */
export async function createSession(db: Db, userId: number, ttlSeconds: number): Promise<{ token: string; expiresAt: Date }> {
  if (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0) throw new RangeError("ttlSeconds must be a positive integer");
  const token = randomToken();
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

/**
 * The user behind a bearer token: a live session token, or a live access token of a live
 * session. Null for a malformed, unknown, expired or revoked token.
 */
export async function findAuth(db: Db, token: string | null | undefined): Promise<Auth | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const tokenHash = hashToken(token);
  let auth: Auth | null = null;
  // Whether the session's last_seen_at is due (older than its resolution), read with the user:
  // the update below is a round trip saved on nearly every request.
  const seenBefore = sql<Date>`now() - make_interval(secs => ${LAST_SEEN_RESOLUTION_SECONDS})`;
  const due = sql<boolean>`s.last_seen_at < ${seenBefore}`;
  let lastSeenDue = false;
  // Raw SQL: every authenticated request runs this, and the query builder cost more than the query.
  const found = (
    await sql<SessionUser & { last_seen_due: boolean }>`
      select u.*, ${due} as last_seen_due
        from user_session s join app_user u on u.id = s.user_id
       where s.token_hash = ${tokenHash} and s.revoked_at is null and s.expires_at > now()
    `.execute(db)
  ).rows[0];
  if (found) {
    const { last_seen_due, ...user } = found;
    lastSeenDue = last_seen_due;
    auth = { user, sessionHash: tokenHash, kind: "session" };
  } else {
    const viaAccess = await db
      .selectFrom("access_token as a")
      .innerJoin("user_session as s", "s.token_hash", "a.session_hash")
      .innerJoin("app_user as u", "u.id", "s.user_id")
      .selectAll("u")
      .select("a.session_hash")
      .select(due.as("last_seen_due"))
      .where("a.token_hash", "=", tokenHash)
      .where("a.expires_at", ">", sql<Date>`now()`)
      .where("s.revoked_at", "is", null)
      .where("s.expires_at", ">", sql<Date>`now()`)
      .executeTakeFirst();
    if (!viaAccess) return null;
    const { session_hash, last_seen_due, ...row } = viaAccess;
    lastSeenDue = last_seen_due;
    auth = { user: row, sessionHash: session_hash, kind: "access" };
  }
  if (lastSeenDue) {
    await db
      .updateTable("user_session")
      .set({ last_seen_at: sql<Date>`now()` })
      .where("token_hash", "=", auth.sessionHash)
      .where("last_seen_at", "<", seenBefore)
      .execute();
  }
  return auth;
}

/** The user behind a live session or access token, or null. */
export async function findSessionUser(db: Db, token: string | null | undefined): Promise<SessionUser | null> {
  return (await findAuth(db, token))?.user ?? null;
}

/** Mints a 10-minute access token for a session; it dies with the session. */
export async function createAccessToken(db: Db, sessionHash: string, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const row = await db
    .insertInto("access_token")
    .values({
      token_hash: hashToken(token),
      session_hash: sessionHash,
      user_id: userId,
      expires_at: sql<Date>`now() + make_interval(secs => ${ACCESS_TOKEN_SECONDS})`,
    })
    .returning("expires_at")
    .executeTakeFirstOrThrow();
  return { token, expiresAt: row.expires_at };
}

/** Ends a session by its hash, with its access tokens. */
export async function revokeSessionByHash(db: Db, sessionHash: string): Promise<boolean> {
  const result = await db
    .updateTable("user_session")
    .set({ revoked_at: sql<Date>`now()` })
    .where("token_hash", "=", sessionHash)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  await db.deleteFrom("access_token").where("session_hash", "=", sessionHash).execute();
  return result.numUpdatedRows > 0n;
}

/** Ends a session now; later checks of its token (and its access tokens) find no user. */
export async function revokeSession(db: Db, token: string): Promise<boolean> {
  if (!TOKEN_PATTERN.test(token)) return false;
  return revokeSessionByHash(db, hashToken(token));
}

/** Ends every session of a user (password reset), with their access tokens. */
export async function revokeAllSessions(db: Db, userId: number): Promise<void> {
  await db
    .updateTable("user_session")
    .set({ revoked_at: sql<Date>`now()` })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .execute();
  await db.deleteFrom("access_token").where("user_id", "=", userId).execute();
}
