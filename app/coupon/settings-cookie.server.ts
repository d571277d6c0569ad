// The coupon settings of a bettor without JavaScript, in a signed cookie: the settings form
// posts them to the coupon action, the pages render the coupon with them and the place action
// sends them with the bet. With JavaScript, localStorage keeps them (store.ts); one schema,
// couponSettingsSchema, parses both.
//
// Value: "s1.<payload>.<signature>": payload is the settings as JSON in base64url, signature
// HMAC-SHA256 of "s1.<payload>" under the site's secret (as the coupon cookie's, decision 005).
// Reading never throws: a missing, forged, corrupt or outdated cookie reads as no settings.

import { COOKIES } from "~/lib/cookies.server";
import { type CouponCookieSecrets, couponCookieValue, secretList, sign, signatureMatches } from "./cookie-codec.server";
import type { CouponSettings } from "./model";
import { couponSettingsSchema } from "./schemas";

const VERSION = "s1";
/** Far above what the settings take (about 600 bytes); a longer value is not ours. */
const MAX_VALUE_BYTES = 2048;

export function encodeCouponSettingsCookie(settings: CouponSettings, secrets: CouponCookieSecrets): string {
  const [signingSecret] = secretList(secrets);
  const unsigned = `${VERSION}.${Buffer.from(JSON.stringify(settings), "utf8").toString("base64url")}`;
  return `${unsigned}.${sign(unsigned, signingSecret ?? "")}`;
}

/** The settings of a cookie value, or null when there is none or it is not a valid one of ours. */
export function decodeCouponSettingsCookie(value: string | null | undefined, secrets: CouponCookieSecrets): CouponSettings | null {
  const list = secretList(secrets);
  if (!value || value.length > MAX_VALUE_BYTES) return null;
  const parts = value.split(".");
  if (parts.length !== 3) return null;
  const [version = "", payload = "", signature = ""] = parts;
  if (version !== VERSION || !signatureMatches(`${version}.${payload}`, signature, list)) return null;
  try {
    const parsed = couponSettingsSchema.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    // JSON broken behind a valid signature (a format of another version): no settings
    return null;
  }
}

/** The settings a request carries in its cookie, or null (none, or not valid). */
export function readCouponSettingsCookie(cookieHeader: string | null | undefined, secrets: CouponCookieSecrets): CouponSettings | null {
  return decodeCouponSettingsCookie(couponCookieValue(cookieHeader, COOKIES.couponSettings.name), secrets);
}
