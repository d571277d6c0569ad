import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { oneTapStateCookie } from "~/forms/sign-in.server";
import { callerOf } from "~/services/visitor.server";
import { env } from "~/env.server";
import { pageAction } from "~/forms/action.server";
import { googleOneTapForm } from "~/forms/login";
import { guardPage } from "~/loaders/guards.server";
import { requestCookies } from "~/lib/request.server";
import { safeReturnPath } from "~/lib/return-to.server";
import { errorCode, oneTapSignIn } from "~/services/auth.server";
import { log } from "~/services/log.server";

export async function loader(args: LoaderFunctionArgs) {
  const { site } = await guardPage(args, "login-google");
  throw redirect(`/${site.lng}/login`);
}


/**
 * Where the one-tap prompt posts the provider's credential. The provider's own CSRF check is a
 * double submit: the g_csrf_token cookie must equal the posted g_csrf_token. The platform
 * answers where to go next (its social sign-in link), which must be a path of this site; that
 * link is bound to this browser by the one-tap state cookie.
 */
export const action = (args: ActionFunctionArgs) =>
  pageAction(
    args,
    "login-google",
    googleOneTapForm,
    async ({ ctx: { site }, value }) => {
      try {
        const next = await oneTapSignIn(
          { credential: value.credential, language: site.lng, currency: site.config.defaultCurrency, countryId: site.country ?? "" },
          callerOf(args.request),
        );
        const target = safeReturnPath(next, `/${site.lng}/login`);
        // The result link signs in only in this browser (login CSRF, see oneTapStateCookie).
        const state = oneTapStateCookie(target);
        return redirect(target, state ? { headers: { "Set-Cookie": state, "Cache-Control": "private, no-store" } } : undefined);
      } catch (error) {
        log.warn("one_tap.failed", { code: errorCode(error)?.code, error });
        return redirect(`/${site.lng}/login?social=failed`);
      }
    },
    // The provider's page posts the credential back from its own origin (ux_mode "redirect").
    { plain: true, csrf: providerProof, origins: env.GOOGLE_ONE_TAP_SCRIPT_URL ? [new URL(env.GOOGLE_ONE_TAP_SCRIPT_URL).origin] : [] },
  );

/** The provider's double submit: the g_csrf_token cookie equals the posted g_csrf_token. */
function providerProof(request: Request, formData: FormData): boolean {
  const cookie = requestCookies(request).g_csrf_token;
  const posted = formData.get("g_csrf_token");
  return typeof posted === "string" && posted.length >= 8 && cookie !== undefined && cookie === posted;
}
