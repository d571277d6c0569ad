/**
 * The signature the payment provider and the platform put on every message between them (decision
 * 065): `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`, the
 * scheme of Stripe's webhooks. The timestamp is inside the MAC, so a captured message cannot be
 * re-dated, and the receiver refuses one older (or newer) than the window: a replay is stale.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "x-signature";

/** How far a signature's timestamp may lie from the receiver's clock, either way. */
export const SIGNATURE_WINDOW_SECONDS = 300;

/**
 * Dev-only secret both programs fall back to, so a fresh clone starts without set-up; each refuses
 * it under NODE_ENV=production (anyone who reads this file could sign a deposit).
 */
export const DEV_PAYMENT_PROVIDER_SECRET = "arena-dev-payment-provider-secret-not-for-production";

function mac(secret: string, timestamp: number, rawBody: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
}

/** The X-Signature value for `rawBody` signed at `nowSeconds`. */
export function signPayload(secret: string, rawBody: string, nowSeconds: number = Math.floor(Date.now() / 1000)): string {
  return `t=${nowSeconds},v1=${mac(secret, nowSeconds, rawBody)}`;
}

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: "missing" | "malformed" | "stale" | "mismatch" };

const HEADER_PATTERN = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/;

/**
 * Checks a signature header against the raw body: the MAC first (compared in constant time), then
 * the timestamp's window, so a stale answer is given only for a message we did sign.
 */
export function verifySignature(
  secret: string,
  rawBody: string,
  header: string | undefined | null,
  nowSeconds: number = Math.floor(Date.now() / 1000),
  windowSeconds: number = SIGNATURE_WINDOW_SECONDS,
): SignatureCheck {
  if (!header) return { ok: false, reason: "missing" };
  const match = HEADER_PATTERN.exec(header.trim());
  if (!match) return { ok: false, reason: "malformed" };
  const timestamp = Number(match[1]);
  const expected = Buffer.from(mac(secret, timestamp, rawBody), "hex");
  const given = Buffer.from(match[2]!, "hex");
  if (!timingSafeEqual(expected, given)) return { ok: false, reason: "mismatch" };
  if (Math.abs(nowSeconds - timestamp) > windowSeconds) return { ok: false, reason: "stale" };
  return { ok: true, timestamp };
}

/**
 * What a request without a body signs in place of one (the merchant's status queries): its method
 * and target, so a signature for one query cannot be used for another.
 */
export function signedTarget(method: string, pathAndQuery: string): string {
  return `${method.toUpperCase()} ${pathAndQuery}`;
}
