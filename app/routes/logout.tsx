import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { COOKIES, setCookie } from "~/lib/cookies.server";
import { afterAuthTarget, signedOutHeaders } from "~/forms/sign-in.server";
import { pageAction } from "~/forms/action.server";
import { logoutForm } from "~/forms/site";
import { pageLoader } from "~/loaders/guards.server";
import { safeReturnPath } from "~/lib/return-to.server";
import { routeSeo } from "~/loaders/seo.server";
import { sessionToken } from "~/lib/request.server";
import { logout } from "~/services/auth.server";
import { log } from "~/services/log.server";
import { seoMeta } from "~/seo";

/** Without JavaScript the logout confirmation ("you sure?") is this page. */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "logout", async (ctx) => {
    if (!ctx.user) throw redirect(`/${ctx.site.lng}`);
    return {
      lng: ctx.site.lng,
      back: afterAuthTarget(args.request, ctx.site.lng, ctx.site.url.searchParams.get("returnTo")),
      seo: await routeSeo(ctx),
    };
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/**
 * SPEC §4 logout: the platform ends the session, the ua and user_token cookies go, and the
 * visitor goes home. A failed logout is logged and the page reloads (the session stays).
 */
// returnTo of any length: safeReturnPath falls back on one over its cap rather than refusing the logout.

export const action = (args: ActionFunctionArgs) =>
  pageAction(args, "logout", logoutForm, async ({ ctx, value }) => {
  const token = sessionToken(args.request);
  if (token) {
    try {
      await logout(token);
    } catch (error) {
      log.error("logout.failed", { error });
      throw redirect(safeReturnPath(value.returnTo, `/${ctx.site.lng}`));
    }
  }
  const headers = signedOutHeaders(token);
  if (value.reason === "inactive") {
    headers.append("Set-Cookie", setCookie(COOKIES.logoffNotice, "1"));
  }
  return redirect(`/${ctx.site.lng}`, { headers });
  });

export default function Logout() {
  const { back } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="page-narrow">
      <section className="card auth-card" aria-labelledby="logout-title">
        <h1 id="logout-title" className="page-title">
          {t("auth.logoutSure")}
        </h1>
        <Form method="post" className="form form--row">
          <AuthenticityTokenInput />
          <input type="hidden" name="returnTo" value={back} />
          <button type="submit" className="button button--primary">
            {t("auth.logoutConfirm")}
          </button>
          <Link to={back} className="button button--ghost">
            {t("auth.logoutCancel")}
          </Link>
        </Form>
      </section>
    </div>
  );
}
