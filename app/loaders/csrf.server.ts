import { createCookie } from "@remix-run/node";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { isProduction, sessionSecret } from "~/env.server";
import { log } from "~/services/log.server";

/**
 * CSRF protection of every state-changing form: a signed token in an HttpOnly cookie that the
 * form must echo (remix-utils). The token is issued by the root loader for every page.
 */
const cookie = createCookie("csrf", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: isProduction,
  secrets: [sessionSecret],
});

export const csrf = new CSRF({ cookie, formDataKey: "csrf", secret: sessionSecret });

/** Validates the form's token; a missing or wrong one is a 403 and nothing happens. */
export async function requireCsrf(request: Request, formData: FormData): Promise<void> {
  try {
    await csrf.validate(formData, request.headers);
  } catch (error) {
    if (error instanceof CSRFError) {
      log.warn("csrf.refused", { code: error.code, path: new URL(request.url).pathname });
      throw new Response("Forbidden", { status: 403 });
    }
    throw error;
  }
}
