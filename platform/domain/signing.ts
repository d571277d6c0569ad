import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** 32 random bytes in base64url: 43 characters, no padding (sessions, access tokens, passes). */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** `length` random decimal digits, leading zeros allowed (one-time codes). */
export function randomDigits(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

export function hmacHex(secret: string, message: string): string {
  return createHmac("sha256", secret).update(message).digest("hex");
}

/** Constant-time comparison of two hex strings (false for different lengths or non-hex input). */
export function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length || !/^[0-9a-f]*$/i.test(a) || !/^[0-9a-f]*$/i.test(b)) return false;
  return timingSafeEqual(Buffer.from(a.toLowerCase(), "hex"), Buffer.from(b.toLowerCase(), "hex"));
}

/** `sign` of a one-time login link: hex HMAC-SHA256 of "method_id:token". */
export function loginLinkSign(secret: string, methodId: number, token: string): string {
  return hmacHex(secret, `${methodId}:${token}`);
}

/** Token of a stop-newsletter link: hex HMAC-SHA256 of the lower-case e-mail. */
export function newsletterToken(secret: string, email: string): string {
  return hmacHex(secret, email.trim().toLowerCase());
}

/**
 * What is stored for a one-time code: bound to its user and purpose, and keyed by the secret so
 * a copy of the table cannot be brute-forced offline (a 6-digit code has only a million values).
 */
export function codeHash(secret: string, purpose: string, userId: number, code: string): string {
  return hmacHex(secret, `code:${purpose}:${userId}:${code}`);
}
