import type { Db } from "../db/index.ts";
import { RESEND_SECONDS, SMS_LOGIN_CODE_SECONDS, SMS_SENDS_PER_ADDRESS } from "./auth-limits.ts";
import { sendCode } from "./codes.ts";
import { smsLoginCodeMessage } from "./messages.ts";
import { hitIfUnder, releaseHit } from "./rate-limits.ts";
import { findUserByPhone } from "./users.ts";

export type SmsSendOutcome = { ok: true } | { ok: false; retryAfterSeconds: number; what: string };

/**
 * An SMS login code for a phone. The limits apply to every phone, registered or not, so the
 * answer never tells whether an account has this number: one send per phone a minute, and
 * SMS_SENDS_PER_ADDRESS per visitor. Only a registered phone gets a message.
 */
export async function sendSmsLoginCode(
  db: Db,
  secret: string,
  phone: { code: string; number: string; to: string; address: string }
): Promise<SmsSendOutcome> {
  const perPhone = await hitIfUnder(db, "sms_send:phone", phone.to, RESEND_SECONDS, 1);
  if (!perPhone.allowed) return { ok: false, retryAfterSeconds: perPhone.retryAfterSeconds, what: "codes for this phone" };
  const perAddress = await hitIfUnder(db, "sms_send:address", phone.address, SMS_SENDS_PER_ADDRESS.windowSeconds, SMS_SENDS_PER_ADDRESS.max);
  if (!perAddress.allowed) {
    await releaseHit(db, "sms_send:phone", phone.to);
    return { ok: false, retryAfterSeconds: perAddress.retryAfterSeconds, what: "codes from this address" };
  }
  const user = await findUserByPhone(db, phone.code, phone.number);
  if (user) {
    await sendCode(db, secret, { userId: user.id, purpose: "sms_login", destination: phone.to, ttlSeconds: SMS_LOGIN_CODE_SECONDS }, (code) =>
      smsLoginCodeMessage(phone.to, code),
    );
  }
  return { ok: true };
}
