import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../db/index.ts";
import { CAPTCHA_SECONDS, CAPTCHA_TOKEN_SECONDS, CAPTCHA_WRONG_PER_ADDRESS } from "./auth-limits.ts";
import { captchaAnswerMatches, newCaptchaCode, renderCaptchaSvg, svgDataUrl } from "./captcha-image.ts";
import { countHit, currentWindow } from "./rate-limits.ts";
import { TOKEN_PATTERN, hashToken } from "./sessions.ts";
import { randomToken } from "./signing.ts";

export const CAPTCHA_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const WRONG_SCOPE = "captcha_wrong:address";

export async function createCaptcha(db: Db, clientAddress: string): Promise<{ id: string; image: string; time: number }> {
  const id = randomBytes(16).toString("base64url");
  const answer = newCaptchaCode();
  await db
    .insertInto("captcha")
    .values({ id, answer, client_address: clientAddress, expires_at: sql<Date>`now() + make_interval(secs => ${CAPTCHA_SECONDS})` })
    .execute();
  return { id, image: svgDataUrl(renderCaptchaSvg(answer)), time: CAPTCHA_SECONDS };
}

/** SPEC §3 captcha reply: type 0 solved, 1 wrong (or expired), 2 too many wrong answers. */
export type CaptchaReply =
  | { type: 0; time: number; error_message: null; token: string }
  | { type: 1; time: 0; error_message: string }
  | { type: 2; time: number; error_message: string };

/**
 * Checks an answer. Each picture gets one answer; a right one yields a one-time token for the
 * x-captcha-token header. A client that already gave CAPTCHA_WRONG_PER_ADDRESS wrong answers
 * in the window gets type 2 (the site logs the user out) until the window closes.
 */
export async function validateCaptcha(db: Db, clientAddress: string, id: string, answer: string): Promise<CaptchaReply> {
  const wrong = await currentWindow(db, WRONG_SCOPE, clientAddress);
  if (wrong.hits >= CAPTCHA_WRONG_PER_ADDRESS.max) {
    return { type: 2, time: wrong.retryAfterSeconds, error_message: "Too many wrong captcha answers" };
  }
  const token = randomToken();
  const outcome = await db.transaction().execute(async (trx) => {
    const row = CAPTCHA_ID_PATTERN.test(id)
      ? await trx
          .selectFrom("captcha")
          .select(["answer", "answered_at", sql<boolean>`expires_at <= now()`.as("expired")])
          .where("id", "=", id)
          .forUpdate()
          .executeTakeFirst()
      : undefined;
    if (!row) return "unknown" as const;
    if (row.answered_at !== null) return "answered" as const;
    if (row.expired) return "expired" as const;
    const right = captchaAnswerMatches(row.answer, answer);
    await trx
      .updateTable("captcha")
      .set({
        answered_at: sql<Date>`now()`,
        ...(right ? { token_hash: hashToken(token), token_expires_at: sql<Date>`now() + make_interval(secs => ${CAPTCHA_TOKEN_SECONDS})` } : {}),
      })
      .where("id", "=", id)
      .execute();
    return right ? ("right" as const) : ("wrong" as const);
  });
  switch (outcome) {
    case "right":
      return { type: 0, time: CAPTCHA_TOKEN_SECONDS, error_message: null, token };
    case "wrong":
      await countHit(db, WRONG_SCOPE, clientAddress, CAPTCHA_WRONG_PER_ADDRESS.windowSeconds);
      return { type: 1, time: 0, error_message: "Wrong captcha answer" };
    case "expired":
      return { type: 1, time: 0, error_message: "The captcha has expired; ask for a new one" };
    case "answered":
      return { type: 1, time: 0, error_message: "The captcha was already answered; ask for a new one" };
    case "unknown":
      return { type: 1, time: 0, error_message: "Unknown captcha; ask for a new one" };
  }
}

/** Uses up a solved captcha's token; true when it was live and unused. */
export async function consumeCaptchaToken(db: Db, token: string): Promise<boolean> {
  if (!TOKEN_PATTERN.test(token)) return false;
  const result = await db
    .updateTable("captcha")
    .set({ token_used_at: sql<Date>`now()` })
    .where("token_hash", "=", hashToken(token))
    .where("token_used_at", "is", null)
    .where("token_expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
