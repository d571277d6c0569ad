// The coupon in a signed, size-bounded cookie, for guests and bettors without JavaScript.
//
// Value: "v1.<payload>.<signature>", where payload is the stored part of the coupon
// (SPEC §3: bets, addedAtByBetId, typeId, systemValue) and, when set, manuallyDeletedBonusBet
// (kept from page to page for the bettor without JavaScript) as JSON, deflated and base64url
// encoded, and signature is HMAC-SHA256 of "v1.<payload>" under the site's secret. Every
// character is cookie-safe, so the value needs no further escaping.
//
// Size: the value may not exceed COUPON_COOKIE_MAX_VALUE_BYTES (3800). A coupon that would
// not fit is refused with a typed reason, never truncated: the form answers "the coupon is
// full" and the bettor removes a bet (or turns JavaScript on, where localStorage holds any
// size). Deflate keeps a coupon of twenty bets with full names well within the bound.
//
// Reading never throws: a missing, forged, corrupt, oversized or outdated cookie decodes to
// the empty coupon. Inflation is capped so a hostile cookie cannot expand without bound.

import { createHmac, timingSafeEqual } from "node:crypto";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { COOKIES } from "~/lib/cookies.server";
import { COUPON_COOKIE_MAX_VALUE_BYTES } from "./constants";
import { z } from "zod";
import { type CookieCoupon, emptyStoredCoupon } from "./model";
import { storedCouponSchema } from "./schemas";

const VERSION = "v1";

/** The deleted-bonus flag rides beside the stored part, written only when set; anything but `true` reads as not deleted. */
const deletedBonusSchema = z
  .object({ manuallyDeletedBonusBet: z.boolean().catch(false).default(false) })
  .catch({ manuallyDeletedBonusBet: false });
/** No honest coupon inflates beyond this (the cookie holds < 4 KB of deflated JSON). */
const MAX_INFLATED_BYTES = 256 * 1024;

/** One secret, or several during a rotation: the first signs, any of them verifies. */
export type CouponCookieSecrets = string | readonly string[];

export type EncodeCouponCookieResult =
  | { readonly ok: true; readonly value: string }
  | { readonly ok: false; readonly reason: "coupon-too-large-for-cookie"; readonly bytes: number; readonly limit: number };

/** The secrets as a list; throws on none or an empty one. Shared with the coupon-settings cookie. */
export function secretList(secrets: CouponCookieSecrets): readonly string[] {
  const list = typeof secrets === "string" ? [secrets] : secrets;
  if (list.length === 0 || list.some((secret) => secret.length === 0)) {
    throw new TypeError("the coupon cookie needs a non-empty signing secret");
  }
  return list;
}

export function sign(unsigned: string, secret: string): string {
  return createHmac("sha256", secret).update(unsigned).digest("base64url");
}

export function signatureMatches(unsigned: string, signature: string, secrets: readonly string[]): boolean {
  const given = Buffer.from(signature, "utf8");
  return secrets.some((secret) => {
    const expected = Buffer.from(sign(unsigned, secret), "utf8");
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

export function encodeCouponCookie(coupon: CookieCoupon, secrets: CouponCookieSecrets): EncodeCouponCookieResult {
  const [signingSecret] = secretList(secrets);
  const stored = {
    bets: coupon.bets,
    addedAtByBetId: coupon.addedAtByBetId,
    typeId: coupon.typeId,
    systemValue: coupon.systemValue,
    ...(coupon.manuallyDeletedBonusBet ? { manuallyDeletedBonusBet: true } : {}),
  };
  const payload = deflateRawSync(Buffer.from(JSON.stringify(stored), "utf8"), { level: 9 }).toString("base64url");
  const unsigned = `${VERSION}.${payload}`;
  const value = `${unsigned}.${sign(unsigned, signingSecret ?? "")}`;
  const bytes = Buffer.byteLength(value, "utf8");
  if (bytes > COUPON_COOKIE_MAX_VALUE_BYTES) {
    return { ok: false, reason: "coupon-too-large-for-cookie", bytes, limit: COUPON_COOKIE_MAX_VALUE_BYTES };
  }
  return { ok: true, value };
}

export function decodeCouponCookie(value: string | null | undefined, secrets: CouponCookieSecrets): CookieCoupon {
  const list = secretList(secrets);
  if (!value || value.length > COUPON_COOKIE_MAX_VALUE_BYTES) return emptyStoredCoupon();
  const parts = value.split(".");
  if (parts.length !== 3) return emptyStoredCoupon();
  const [version = "", payload = "", signature = ""] = parts;
  if (version !== VERSION || !signatureMatches(`${version}.${payload}`, signature, list)) return emptyStoredCoupon();
  try {
    const json: unknown = JSON.parse(inflateRawSync(Buffer.from(payload, "base64url"), { maxOutputLength: MAX_INFLATED_BYTES }).toString("utf8"));
    const parsed = storedCouponSchema.safeParse(json);
    if (!parsed.success) return emptyStoredCoupon();
    return deletedBonusSchema.parse(json).manuallyDeletedBonusBet ? { ...parsed.data, manuallyDeletedBonusBet: true } : parsed.data;
  } catch {
    // corrupt deflate data or JSON behind a valid signature (e.g. a changed format): start empty
    return emptyStoredCoupon();
  }
}

/** The coupon cookie's value (or another cookie's, by `name`) in a Cookie request header, or null. */
export function couponCookieValue(cookieHeader: string | null | undefined, name = COOKIES.coupon.name): string | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(";")) {
    const separator = pair.indexOf("=");
    if (separator < 0) continue;
    if (pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return null;
}

/** The coupon a request carries in its cookie (empty when none or invalid). */
export function readCouponCookie(cookieHeader: string | null | undefined, secrets: CouponCookieSecrets): CookieCoupon {
  return decodeCouponCookie(couponCookieValue(cookieHeader), secrets);
}
