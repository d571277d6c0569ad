import { createHmac } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { CSRF } from "remix-utils/csrf/server";
import { sessionSecret } from "~/env.server";
import { COOKIES, secureCookies } from "~/lib/cookies.server";
import { sessionToken } from "~/loaders/session-user.server";

/**
 * CSRF protection of every state-changing form: a signed token in an HttpOnly cookie that the
 * form must echo (remix-utils). The token is issued by the root loader for every page and
 * checked by every action through app/forms/action.server.ts.
 */
const cookie = createCookie(COOKIES.csrf.name, {
  path: COOKIES.csrf.path,
  httpOnly: COOKIES.csrf.httpOnly,
  sameSite: COOKIES.csrf.sameSite,
  secure: secureCookies,
  secrets: [sessionSecret],
});

export const csrf = new CSRF({ cookie, formDataKey: "csrf", secret: sessionSecret });

/**
 * The page's CSRF token, bound to the visitor's session: the token carries a tag of the session
 * cookie (none for a guest), and a page whose token's tag is not the current session's gets a
 * fresh token. So the token rotates at login and at logout (the first page after either), and a
 * token planted or seen before signing in is worthless after it. Validation is remix-utils' own
 * (cookie and form must hold the same signed token).
 */
export async function commitCsrfToken(request: Request): Promise<[token: string, setCookie: string | null]> {
  const existing: unknown = await cookie.parse(request.headers.get("cookie"));
  const tag = sessionTag(sessionToken(request));
  if (typeof existing === "string") {
    const [value = "", signature] = existing.split(".");
    if (signature === sign(value) && value.endsWith(`~${tag}`)) return [existing, null];
  }
  const value = `${csrf.generate(24).split(".")[0]}~${tag}`;
  const token = `${value}.${sign(value)}`;
  return [token, await cookie.serialize(token)];
}

/** The signature remix-utils' CSRF checks: HMAC-SHA256 of the value, base64url without padding. */
function sign(value: string): string {
  return createHmac("sha256", sessionSecret).update(value).digest("base64url");
}

function sessionTag(token: string | null): string {
  return createHmac("sha256", sessionSecret).update(`csrf-session:${token ?? ""}`).digest("base64url").slice(0, 16);
}
