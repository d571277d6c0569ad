import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { AuthCard } from "~/components/auth/AuthCard";
import { stopNewsletterSchema } from "~/forms/account";
import { localPath } from "~/lib/paths";
import { pageAction } from "~/forms/action.server";
import { pageLoader } from "~/loaders/guards.server";
import { routeSeo } from "~/loaders/seo.server";
import { stopNewsletter } from "~/services/account.server";
import { errorCode } from "~/services/auth.server";
import { UpstreamError } from "~/services/http.server";
import { log } from "~/services/log.server";
import { seoMeta } from "~/seo";

/**
 * user/stopnewsletter?email=&token= (SPEC §2): the unsubscribe link of a newsletter. The page
 * asks to confirm (a GET must not unsubscribe: mail scanners follow links), the POST stops the
 * mailing; a link whose signature does not match (bad_sign) says so.
 */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "user-stopnewsletter", async (ctx) => {
    const query = ctx.site.url.searchParams;
    const link = stopNewsletterSchema.safeParse({ email: query.get("email") ?? "", token: query.get("token") ?? "" });
    return { lng: ctx.site.lng, link: link.success ? link.data : null, seo: await routeSeo(ctx) };
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

type Outcome = "done" | "badSign" | "unavailable";

export const action = (args: ActionFunctionArgs) =>
  pageAction(args, "user-stopnewsletter", stopNewsletterSchema, async ({ value }) => {
  try {
    await stopNewsletter(value);
  } catch (error) {
    const code = errorCode(error)?.code;
    if (code === "bad_sign" || (error instanceof UpstreamError && error.kind === "http" && error.status < 500)) {
      return data({ outcome: "badSign" as Outcome }, { status: 400 });
    }
    if (error instanceof UpstreamError) {
      log.warn("newsletter.stop_failed", { status: error.status, kind: error.kind });
      return data({ outcome: "unavailable" as Outcome }, { status: 503 });
    }
    throw error;
  }
  return data({ outcome: "done" as Outcome });
  }, { invalid: () => ({ outcome: "badSign" as Outcome }) });

export default function StopNewsletter() {
  const { lng, link } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation();
  const home = (
    <a className="button button--ghost" href={localPath(lng, "/")}>
      {t("newsletter.toSite")}
    </a>
  );

  if (result?.outcome === "done") {
    return (
      <div className="account-page">
        <AuthCard icon="check" title={t("newsletter.doneTitle")} lead={<p>{t("newsletter.doneText", { email: link?.email ?? "" })}</p>} footer={<div className="account-card__actions">{home}</div>}>
          <p className="muted">{t("newsletter.settingsHint")}</p>
        </AuthCard>
      </div>
    );
  }
  if (!link || result?.outcome === "badSign") {
    return (
      <div className="account-page">
        <AuthCard icon="cross" tone="danger" title={t("newsletter.badTitle")} lead={<p>{t("newsletter.badText")}</p>} footer={<div className="account-card__actions">{home}</div>} />
      </div>
    );
  }
  return (
    <div className="account-page">
      <AuthCard
        icon="bell"
        title={t("newsletter.title")}
        lead={
          <p>
            {t("newsletter.confirmText")} <strong dir="ltr">{link.email}</strong>
          </p>
        }
      >
        {result?.outcome === "unavailable" ? (
          <p className="notice notice--danger" role="alert">
            <span className="notice__text">{t("newsletter.unavailable")}</span>
          </p>
        ) : null}
        <Form method="post" className="form">
          <AuthenticityTokenInput />
          <input type="hidden" name="email" value={link.email} />
          <input type="hidden" name="token" value={link.token} />
          <button type="submit" className="button button--primary button--large" disabled={busy}>
            {t("newsletter.confirm")}
          </button>
          <a className="button button--ghost button--large" href={localPath(lng, "/")}>
            {t("newsletter.toSite")}
          </a>
        </Form>
      </AuthCard>
    </div>
  );
}
