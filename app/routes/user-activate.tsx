import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActivationCodeForm } from "~/components/auth/ActivationCodeForm";
import { AuthCard } from "~/components/auth/AuthCard";
import { localPath } from "~/lib/paths";
import { callerOf } from "~/services/visitor.server";
import { activationAction, signInFirst } from "~/forms/activation.server";
import { pageLoader } from "~/loaders/guards.server";
import { pageUrl } from "~/lib/request.server";
import { routeSeo } from "~/loaders/seo.server";
import { privatePageHeaders } from "~/lib/private-headers.server";
import { type ActivationChannel, activateByLink, codeRefusal } from "~/services/account.server";
import { seoMeta } from "~/seo";

/**
 * user/activate and user/activatefast (SPEC §2: one route, param type). With
 * `?userId=&type=&code=` from an activation e-mail or SMS the account is activated by the link
 * and the page says how it went; otherwise a signed-in player types the code of the e-mail
 * (`type=email`, the default) or the phone (`type=phone`).
 */

function routeIdOf(request: Request): "user-activate" | "user-activatefast" {
  return pageUrl(request).pathname.endsWith("/user/activatefast") ? "user-activatefast" : "user-activate";
}

const channel = (value: string | null): ActivationChannel | null => (value === "email" || value === "phone" ? value : null);

type LinkOutcome = "done" | "wrongCode" | "timeUp" | "badLink" | "unavailable";

export async function loader(args: LoaderFunctionArgs) {
  return pageLoader(args, routeIdOf(args.request), async (ctx) => {
    const { site } = ctx;
    const query = site.url.searchParams;
    const base = { lng: site.lng, signedIn: Boolean(ctx.user), path: site.path, seo: await routeSeo(ctx) };
    if (query.has("code") || query.has("userId")) {
      const userId = query.get("userId") ?? "";
      const type = channel(query.get("type"));
      const code = (query.get("code") ?? "").trim();
      const page = (outcome: LinkOutcome, status: number, remaining: "none" | "email" | "phone" = "none") =>
        data({ ...base, mode: "link" as const, type: type ?? "email", outcome, remaining }, { status, headers: { "Cache-Control": "no-store" } });
      if (!/^\d{1,10}$/.test(userId) || !type || !/^[A-Za-z0-9]{4,64}$/.test(code)) return page("badLink", 400);
      try {
        const result = await activateByLink({ userId: Number(userId), type, code }, callerOf(args.request));
        return page("done", 200, result.remaining);
      } catch (error) {
        const r = codeRefusal(error, "activation");
        if (!r) throw error;
        const key = r.fieldErrors?.code?.[0];
        return page(key?.endsWith("wrongCode") ? "wrongCode" : key?.endsWith("timeUp") ? "timeUp" : r.status >= 500 ? "unavailable" : "badLink", r.status);
      }
    }
    if (!ctx.user) signInFirst(ctx);
    return data({ ...base, mode: "form" as const, type: channel(query.get("type")) ?? "email", outcome: null, remaining: null });
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export const headers = privatePageHeaders;

export const action = (args: ActionFunctionArgs) => activationAction(args, routeIdOf(args.request));

export default function Activate() {
  const page = useLoaderData<typeof loader>();
  if (page.mode === "link") return <LinkResult page={page} />;
  return <CodePage lng={page.lng} type={page.type} path={page.path} />;
}

function LinkResult({ page }: { page: { lng: string; type: ActivationChannel; outcome: LinkOutcome | null; remaining: string | null; signedIn: boolean } }) {
  const { t } = useTranslation();
  const ok = page.outcome === "done";
  const next =
    ok && page.remaining && page.remaining !== "none"
      ? page.signedIn
        ? { href: localPath(page.lng, "/user/accountverify"), label: t("activation.link.verifyNext") }
        : { href: localPath(page.lng, "/login"), label: t("activation.link.logIn") }
      : { href: localPath(page.lng, "/"), label: t("activation.toSite") };
  return (
    <div className="account-page">
      <AuthCard
        icon={ok ? "check" : "cross"}
        tone={ok ? "brand" : page.outcome === "timeUp" ? "warning" : "danger"}
        title={t(ok ? `activation.link.title.${page.type}` : "activation.link.failedTitle")}
        lead={<p>{t(`activation.link.text.${page.outcome ?? "badLink"}`)}</p>}
        footer={
          <div className="account-card__actions">
            <a className="button button--primary" href={next.href}>
              {next.label}
            </a>
            {!ok && page.signedIn ? (
              <a className="button button--ghost" href={localPath(page.lng, "/user/accountverify")}>
                {t("activation.link.newCode")}
              </a>
            ) : null}
          </div>
        }
      >
        {ok && page.remaining && page.remaining !== "none" ? <p className="muted">{t(`activation.remaining.${page.remaining}`)}</p> : null}
      </AuthCard>
    </div>
  );
}

function CodePage({ lng, type, path }: { lng: string; type: ActivationChannel; path: string }) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const activated = result?.intent === "activate" && result.type === type ? result.activated : null;
  if (activated) {
    const remaining = activated.remaining;
    return (
      <div className="account-page">
        <AuthCard
          icon="check"
          title={t(`activation.link.title.${type}`)}
          lead={<p>{remaining === "none" ? t("activation.allDone") : t(`activation.remaining.${remaining}`)}</p>}
          footer={
            <div className="account-card__actions">
              {remaining === "none" ? (
                <a className="button button--primary" href={localPath(lng, "/")}>
                  {t("activation.toSite")}
                </a>
              ) : (
                <a className="button button--primary" href={`${localPath(lng, path)}?type=${remaining}`}>
                  {t(`activation.next.${remaining}`)}
                </a>
              )}
            </div>
          }
        />
      </div>
    );
  }
  return (
    <div className="account-page">
      <AuthCard icon={type === "phone" ? "phone" : "mail"} title={t("activation.title")} lead={<p>{t(`activation.lead.${type}`)}</p>}>
        <nav className="segmented" aria-label={t("activation.channelLabel")}>
          {(["email", "phone"] as const).map((c) => (
            <Link
              key={c}
              to={`${localPath(lng, path)}?type=${c}`}
              className={`segmented__item${c === type ? " segmented__item--active" : ""}`}
              aria-current={c === type ? "page" : undefined}
            >
              {t(`activation.channel.${c}`)}
            </Link>
          ))}
        </nav>
        <ActivationCodeForm
          key={type}
          type={type}
          autoFocus
          lastResult={result?.intent === "activate" && result.type === type ? result.result : undefined}
          resend={result?.intent === "resend" && result.type === type ? { sent: result.resent, error: result.error } : undefined}
        />
      </AuthCard>
    </div>
  );
}
