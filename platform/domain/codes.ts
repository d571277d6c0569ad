import { sql } from "kysely";
import type { Db } from "../db/index.ts";
import type { AuthCodePurpose } from "../db/schema.ts";
import { CODE_LENGTH, CODE_WRONG_PER_CODE } from "./auth-limits.ts";
import { type OutgoingMessage, sendMessage } from "./outbox.ts";
import { hashToken } from "./sessions.ts";
import { codeHash, randomDigits, randomToken, sameHex } from "./signing.ts";

/**
 * One-time numeric codes. A user has at most one live code per purpose: issuing a new one
 * retires the old. A code is single-use, expires, and is burned after CODE_WRONG_PER_CODE wrong
 * answers.
 */

export interface IssuedCode {
  code: string;
  /** For two-step codes: the ticket the visitor sends back with the code. */
  ticket?: string;
}

export async function issueCode(
  db: Db,
  secret: string,
  input: { userId: number; purpose: AuthCodePurpose; destination: string; ttlSeconds: number; withTicket?: boolean }
): Promise<IssuedCode> {
  const code = randomDigits(CODE_LENGTH);
  const ticket = input.withTicket ? randomToken() : undefined;
  await db
    .updateTable("auth_code")
    .set({ used_at: sql<Date>`now()` })
    .where("user_id", "=", input.userId)
    .where("purpose", "=", input.purpose)
    .where("used_at", "is", null)
    .execute();
  await db
    .insertInto("auth_code")
    .values({
      user_id: input.userId,
      purpose: input.purpose,
      destination: input.destination,
      code_hash: codeHash(secret, input.purpose, input.userId, code),
      ticket_hash: ticket ? hashToken(ticket) : null,
      expires_at: sql<Date>`now() + make_interval(secs => ${input.ttlSeconds})`,
    })
    .execute();
  return { code, ticket };
}

export type CodeError = "wrong_code" | "time_up";
export type CodeOutcome<T> = { ok: true; value: T; userId: number } | { ok: false; error: CodeError };

/** Which code to check: a user's latest of a purpose, or the code behind a two-step ticket. */
export type CodeLookup = { userId: number; purpose: AuthCodePurpose } | { ticket: string; purpose: AuthCodePurpose };

/**
 * Checks `code` and, when right, marks it used and runs `onValid` in the same transaction (so a
 * code buys exactly one session or password change). A wrong answer is counted and committed.
 * No live code, a used one or a wrong answer: wrong_code; expired or burned: time_up.
 */
export async function redeemCode<T>(
  db: Db,
  secret: string,
  lookup: CodeLookup,
  code: string,
  onValid: (trx: Db, userId: number) => Promise<T>
): Promise<CodeOutcome<T>> {
  return db.transaction().execute(async (trx): Promise<CodeOutcome<T>> => {
    let query = trx
      .selectFrom("auth_code")
      .select(["id", "user_id", "purpose", "code_hash", "attempts", "used_at", sql<boolean>`expires_at <= now()`.as("expired")])
      .where("purpose", "=", lookup.purpose);
    query = "ticket" in lookup ? query.where("ticket_hash", "=", hashToken(lookup.ticket)) : query.where("user_id", "=", lookup.userId);
    // Locked, so two answers at once cannot both redeem the code or both miss a wrong count.
    const row = await query.orderBy("id", "desc").limit(1).forUpdate().executeTakeFirst();
    if (!row || row.used_at !== null) return { ok: false, error: "wrong_code" };
    if (row.expired || row.attempts >= CODE_WRONG_PER_CODE) return { ok: false, error: "time_up" };
    if (!sameHex(row.code_hash, codeHash(secret, row.purpose, row.user_id, code))) {
      await trx
        .updateTable("auth_code")
        .set({ attempts: sql<number>`attempts + 1` })
        .where("id", "=", row.id)
        .execute();
      return { ok: false, error: "wrong_code" };
    }
    await trx
      .updateTable("auth_code")
      .set({ used_at: sql<Date>`now()` })
      .where("id", "=", row.id)
      .execute();
    return { ok: true, value: await onValid(trx, row.user_id), userId: row.user_id };
  });
}

/**
 * Issues a code and puts its message in the outbox in one transaction, so no code exists that
 * was never sent and no message carries a code that was never stored. `message` writes the
 * text around the code.
 */
export function sendCode(
  db: Db,
  secret: string,
  input: Parameters<typeof issueCode>[2],
  message: (code: string) => OutgoingMessage,
): Promise<IssuedCode> {
  return db.transaction().execute(async (trx) => {
    const issued = await issueCode(trx, secret, input);
    await sendMessage(trx, message(issued.code));
    return issued;
  });
}
