import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { sessionSecret } from "~/env.server";
import { COOKIES, secureCookies } from "~/lib/cookies.server";
import { sessionToken } from "~/lib/request.server";

/**
 * CSRF protection of every state-changing form: a signed token in an HttpOnly cookie that the
 * form must echo. The token is issued by the root loader for every page and checked by every
 * action through app/forms/action.server.ts. The browser side is remix-utils'
 * (`AuthenticityTokenInput`); the server side is here on node:crypto, with remix-utils' token
 * format (`value.signature`, HMAC-SHA256 in base64url) and refusal codes, because remix-utils'
 * own server class signs with crypto-js, many times slower on every page (issue 12).
 */
const cookie = createCookie(COOKIES.csrf.name, {
  path: COOKIES.csrf.path,
  httpOnly: COOKIES.csrf.httpOnly,
  sameSite: COOKIES.csrf.sameSite,
  secure: secureCookies,
  secrets: [sessionSecret],
});

/** The form field that carries the token. */
export const CSRF_FORM_KEY = "csrf";

export type CsrfRefusalCode =
  | "missing_token_in_cookie"
  | "invalid_token_in_cookie"
  | "tampered_token_in_cookie"
  | "missing_token_in_body"
  | "mismatched_token";

export class CSRFError extends Error {
  constructor(
    readonly code: CsrfRefusalCode,
    message: string,
  ) {
    super(message);
    this.name = "CSRFError";
  }
}

/**
 * The page's CSRF token, bound to the visitor's session: the token carries a tag of the session
 * cookie (none for a guest), and a page whose token's tag is not the current session's gets a
 * fresh token. So the token rotates at login and at logout (the first page after either), and a
 * token planted or seen before signing in is worthless after it. Validation checks that the
 * cookie and the form hold the same signed token.
 */
export async function commitCsrfToken(request: Request): Promise<[token: string, setCookie: string | null]> {
  const existing: unknown = await cookie.parse(request.headers.get("cookie"));
  const tag = sessionTag(sessionToken(request));
  if (typeof existing === "string") {
    const [value = "", signature] = existing.split(".");
    if (signatureMatches(value, signature) && value.endsWith(`~${tag}`)) return [existing, null];
  }
  const value = `${randomBytes(24).toString("base64url")}~${tag}`;
  const token = `${value}.${sign(value)}`;
  return [token, await cookie.serialize(token)];
}

/** Throws a CSRFError unless the form echoes the signed token of the CSRF cookie. */
export async function validateCsrf(formData: FormData, headers: Headers): Promise<void> {
  const fromCookie: unknown = await cookie.parse(headers.get("cookie"));
  if (fromCookie === null || fromCookie === undefined) {
    throw new CSRFError("missing_token_in_cookie", "Can't find CSRF token in cookie.");
  }
  if (typeof fromCookie !== "string") throw new CSRFError("invalid_token_in_cookie", "Invalid CSRF token in cookie.");
  const [value = "", signature] = fromCookie.split(".");
  if (!signatureMatches(value, signature)) throw new CSRFError("tampered_token_in_cookie", "Tampered CSRF token in cookie.");
  const fromForm = formData.get(CSRF_FORM_KEY);
  if (!fromForm) throw new CSRFError("missing_token_in_body", "Can't find CSRF token in body.");
  if (fromForm !== fromCookie) throw new CSRFError("mismatched_token", "Can't verify CSRF token authenticity.");
}

/** HMAC-SHA256 of the value, base64url without padding. */
function sign(value: string): string {
  return createHmac("sha256", sessionSecret).update(value).digest("base64url");
}

function signatureMatches(value: string, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(sign(value));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function sessionTag(token: string | null): string {
  return createHmac("sha256", sessionSecret).update(`csrf-session:${token ?? ""}`).digest("base64url").slice(0, 16);
}
