import type { Db } from "../db/index.ts";
import { ACTIVATION_CODE_SECONDS } from "./auth-limits.ts";
import { issueCode } from "./codes.ts";
import { fullPhone } from "./login-identifier.ts";
import { activationMessage } from "./messages.ts";
import { sendMessage } from "./outbox.ts";

export interface ActivationTarget {
  id: number;
  email: string | null;
  phone_code: string | null;
  phone_number: string | null;
  language: string | null;
}

/** The site path that activates without a session (it posts to /web-api/user/activate/link). */
export function activationLink(language: string | null, userId: number, channel: "email" | "phone", code: string): string {
  const query = new URLSearchParams({ type: channel, userId: String(userId), code });
  return `/${language ?? "en"}/user/activate?${query.toString()}`;
}

/**
 * Issues a 24-hour activation code for one channel and sends it there, in the caller's
 * transaction. False when the user has no address on that channel.
 */
export async function sendActivationCode(db: Db, secret: string, user: ActivationTarget, channel: "email" | "phone"): Promise<boolean> {
  const to = channel === "email" ? user.email : user.phone_code && user.phone_number ? fullPhone(user.phone_code, user.phone_number) : null;
  if (!to) return false;
  const purpose = channel === "email" ? "activate_email" : "activate_phone";
  const { code } = await issueCode(db, secret, { userId: user.id, purpose, destination: to, ttlSeconds: ACTIVATION_CODE_SECONDS });
  await sendMessage(db, activationMessage(channel === "email" ? "email" : "sms", to, code, activationLink(user.language, user.id, channel, code)));
  return true;
}

/** A new activation code for one channel, in a transaction of its own (the resend button). */
export function resendActivationCode(db: Db, secret: string, user: ActivationTarget, channel: "email" | "phone"): Promise<boolean> {
  return db.transaction().execute((trx) => sendActivationCode(trx, secret, user, channel));
}
