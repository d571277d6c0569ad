import { createCookie } from "@remix-run/node";
import { CSRF } from "remix-utils/csrf/server";
import { isProduction, sessionSecret } from "~/env.server";

/**
 * CSRF protection of every state-changing form: a signed token in an HttpOnly cookie that the
 * form must echo (remix-utils). The token is issued by the root loader for every page and
 * checked by every action through app/forms/action.server.ts.
 */
const cookie = createCookie("csrf", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: isProduction,
  secrets: [sessionSecret],
});

export const csrf = new CSRF({ cookie, formDataKey: "csrf", secret: sessionSecret });
