import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActivationCodeForm } from "~/components/auth/ActivationCodeForm";
import { AuthCard, Icon } from "~/components/auth/AuthCard";
import { maskEmail, maskPhone } from "~/lib/mask";
import { localPath } from "~/lib/paths";
import { activationAction } from "~/forms/activation.server";
import { pageLoader } from "~/loaders/guards.server";
import { safeReturnPath } from "~/lib/return-to.server";
import { routeSeo } from "~/loaders/seo.server";
import { activationStatus, channelsToActivate } from "~/services/account.server";
import { log } from "~/services/log.server";
import { userConfig } from "~/services/user.server";
import { seoMeta } from "~/seo";

/**
 * user/accountverify (sign-in required, exempt from the block check, SPEC §4): which of the
 * player's e-mail and phone are confirmed, a code form and a resend button for each one that
 * is not, and the way on once everything is confirmed.
 */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "user-accountverify", async (ctx) => {
    const user = ctx.user!;
    const [status, config] = await Promise.all([
      activationStatus(user.token, args.request.signal),
      userConfig(user.token, args.request.signal).catch((error: unknown) => {
        log.warn("accountverify.config_failed", { error });
        return null;
      }),
    ]);
    const channels = channelsToActivate(status.activation_type).map((type) => ({
      type,
      verified: status[type],
      address: type === "email" ? maskEmail(config?.user_email ?? null) : maskPhone(config?.phone_code ?? null, config?.phone_number ?? null),
    }));
    return {
      lng: ctx.site.lng,
      channels,
      continueTo: safeReturnPath(ctx.site.url.searchParams.get("returnTo"), `/${ctx.site.lng}`),
      seo: await routeSeo(ctx),
    };
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export const action = (args: ActionFunctionArgs) => activationAction(args, "user-accountverify");

export default function AccountVerify() {
  const { lng, channels, continueTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const pending = channels.filter((c) => !c.verified);
  const done = pending.length === 0;
  const firstPending = pending[0]?.type;
  // One autofocus on the page: the form a code was just refused in, else the first one to do.
  const refused = result?.intent === "activate" && !result.activated ? result.type : undefined;
  const focusedForm = refused ?? firstPending;
  return (
    <div className="account-page">
      <AuthCard
        icon={done ? "check" : "shield"}
        title={done ? t("accountVerify.doneTitle") : t("accountVerify.title")}
        lead={<p>{done ? t(channels.length ? "accountVerify.doneText" : "accountVerify.nothingText") : t("accountVerify.lead")}</p>}
        footer={
          <div className="account-card__actions">
            <a className={`button ${done ? "button--primary" : "button--ghost"}`} href={continueTo}>
              {done ? t("accountVerify.continue") : t("accountVerify.later")}
            </a>
          </div>
        }
      >
        {result?.intent === "activate" && result.activated ? (
          <p className="notice notice--success" role="status">
            <span className="notice__text">{t(`accountVerify.confirmed.${result.type}`)}</span>
          </p>
        ) : null}
        {channels.length ? (
          <ol className="verify-steps">
            {channels.map((c) => (
              <li key={c.type} className={`verify-step${c.verified ? " verify-step--done" : ""}`}>
                <div className="verify-step__head">
                  <span className="verify-step__icon">
                    <Icon name={c.verified ? "check" : c.type === "email" ? "mail" : "phone"} />
                  </span>
                  <span className="verify-step__name">
                    <strong>{t(`accountVerify.channel.${c.type}`)}</strong>
                    {c.address ? (
                      <span className="verify-step__address" dir="ltr">
                        {c.address}
                      </span>
                    ) : null}
                  </span>
                  <span className={`badge ${c.verified ? "badge--answered" : "badge--pending"}`}>
                    {t(c.verified ? "accountVerify.verified" : "accountVerify.notVerified")}
                  </span>
                </div>
                {c.verified ? null : (
                  <ActivationCodeForm
                    type={c.type}
                    autoFocus={c.type === focusedForm}
                    lastResult={result?.intent === "activate" && result.type === c.type && !result.activated ? result.result : undefined}
                    resend={result?.intent === "resend" && result.type === c.type ? { sent: result.resent, error: result.error } : undefined}
                  />
                )}
              </li>
            ))}
          </ol>
        ) : null}
        <p className="muted account-card__small">
          {t("accountVerify.help")} <a href={localPath(lng, "/contacts")}>{t("accountVerify.support")}</a>
        </p>
      </AuthCard>
    </div>
  );
}
