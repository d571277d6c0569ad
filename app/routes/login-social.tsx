import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthCard } from "~/components/auth/AuthCard";
import { localPath } from "~/lib/paths";
import { clearCookie, COOKIES } from "~/lib/cookies.server";
import { callerOf } from "~/services/visitor.server";
import { signedInRedirect, startedOneTapHere } from "~/forms/sign-in.server";
import { pageLoader } from "~/loaders/guards.server";
import { routeSeo } from "~/loaders/seo.server";
import { privatePageHeaders } from "~/lib/private-headers.server";
import { errorCode, loginBySocial } from "~/services/auth.server";
import { UpstreamError } from "~/services/http.server";
import { log } from "~/services/log.server";
import { seoMeta } from "~/seo";

type SocialError = "missing" | "otherBrowser" | "rejected" | "expired" | "twoStep" | "rateLimited" | "unavailable";

/**
 * login/social?login=&pass= (SPEC §7 "social login (login, pass)"): the social network sends the
 * player back with one-time credentials; they are exchanged for a session and the player goes
 * to the target, or sees why it did not work. Only the browser that started the sign-in (its
 * one-tap state cookie matches the link) is signed in: a link opened anywhere else is refused
 * before the pass is used, so an attacker's link cannot sign a victim into the attacker's
 * account.
 */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "login-social", async (ctx) => {
    const { site } = ctx;
    const query = site.url.searchParams;
    const login = query.get("login")?.trim() ?? "";
    const pass = query.get("pass") ?? "";
    // same-origin, not no-referrer: the one-time URL still never leaves the site, and the page's
    // forms (the header's login) keep a real Origin, which no-referrer turns into "null".
    // The state cookie is spent whatever the outcome: one link, one try.
    const spent = clearCookie(COOKIES.oneTapState);
    const page = async (error: SocialError, status: number) =>
      data(
        { lng: site.lng, error, seo: await routeSeo(ctx) },
        { status, headers: { "Cache-Control": "no-store", "Referrer-Policy": "same-origin", "Set-Cookie": spent } },
      );
    if (!login || !pass || login.length > 200 || pass.length > 512) return page("missing", 400);
    if (!startedOneTapHere(args.request, login, pass)) {
      log.warn("login.social_other_browser", { login });
      return page("otherBrowser", 403);
    }

    let result;
    try {
      result = await loginBySocial({ login, pass }, callerOf(args.request));
    } catch (error) {
      const code = errorCode(error)?.code;
      if (code === "rate_limited") return page("rateLimited", 429);
      if (code === "time_up") return page("expired", 401);
      if (error instanceof UpstreamError && error.kind === "http" && error.status < 500) {
        log.info("login.social_refused", { status: error.status, code });
        return page("rejected", 401);
      }
      if (error instanceof UpstreamError) {
        log.warn("login.social_failed", { status: error.status, kind: error.kind });
        return page("unavailable", 503);
      }
      throw error;
    }
    if (result.twoStepRequired) return page("twoStep", 401);
    const signedIn = signedInRedirect(args.request, site.lng, result, query.get("returnTo"));
    signedIn.headers.append("Set-Cookie", spent);
    signedIn.headers.set("Cache-Control", "private, no-store");
    throw signedIn;
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export const headers = privatePageHeaders;

export default function LoginSocial() {
  const { lng, error } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="account-page">
      <AuthCard
        icon="cross"
        tone="danger"
        title={t("registration.social.title")}
        lead={<p>{t(`registration.social.${error}`)}</p>}
        footer={
          <div className="account-card__actions">
            <a className="button button--primary" href={localPath(lng, "/login")}>
              {t("registration.social.toLogin")}
            </a>
            <a className="button button--ghost" href={localPath(lng, "/registration")}>
              {t("registration.social.toRegistration")}
            </a>
          </div>
        }
      />
    </div>
  );
}
