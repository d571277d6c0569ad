import type { Context } from "hono";
import { z } from "zod";
import type { Db } from "../db/index.ts";
import { CODE_WRONG_PER_ADDRESS } from "../domain/auth-limits.ts";
import type { CodeOutcome } from "../domain/codes.ts";
import { hitIfUnder, releaseHit } from "../domain/rate-limits.ts";
import { apiError, rateLimited } from "./http.ts";

/** A one-time code as typed: digits only (the codes sent are 6 digits). */
export const codeInput = z
  .string()
  .trim()
  .regex(/^\d{4,8}$/, "expected the digits of the code");

const SCOPE = "code_wrong:address";

const messages = {
  wrong_code: "The code is wrong",
  time_up: "The code has expired; ask for a new one",
} as const;

/**
 * Runs one code check for a client address. A slot of the address's wrong-code allowance is
 * taken before the check (so parallel guesses cannot overrun it) and given back unless the
 * answer was wrong. Answers the value, or the 429 / 400 response to send.
 */
export async function checkCodeFrom<T>(
  db: Db,
  c: Context,
  address: string,
  attempt: () => Promise<CodeOutcome<T>>
): Promise<{ ok: true; value: T; userId: number } | { ok: false; response: Response }> {
  const slot = await hitIfUnder(db, SCOPE, address, CODE_WRONG_PER_ADDRESS.windowSeconds, CODE_WRONG_PER_ADDRESS.max);
  if (!slot.allowed) return { ok: false, response: rateLimited(c, slot.retryAfterSeconds, "wrong codes from this address") };
  let outcome: CodeOutcome<T>;
  try {
    outcome = await attempt();
  } catch (error) {
    await releaseHit(db, SCOPE, address);
    throw error;
  }
  if (outcome.ok || outcome.error !== "wrong_code") await releaseHit(db, SCOPE, address);
  if (outcome.ok) return outcome;
  return { ok: false, response: apiError(c, 400, outcome.error, messages[outcome.error]) };
}
