import type { ActionFunctionArgs, MetaFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { formatDateTime } from "~/lib/format";
import { pageAction } from "~/forms/action.server";
import { blockAppealForm } from "~/forms/site";
import { pageLoader } from "~/loaders/guards.server";
import { routeSeo } from "~/loaders/seo.server";
import { UpstreamError } from "~/services/http.server";
import { blockAppeals, createBlockAppeal } from "~/services/user.server";
import { seoMeta } from "~/seo";

/** Where banned users land: their ban, their appeals, and a form to appeal (SPEC §2, §4). */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "block-appeal-history", async (ctx) => {
  const user = ctx.user!;
  // Not banned: nothing to appeal, and the page must not say otherwise (SPEC §4: a block page
  // without a reason goes to the language root).
  if (user.ban_level <= 0) throw redirect(`/${ctx.site.lng}`);
  return {
    lng: ctx.site.lng,
    timeZone: ctx.site.config.defaultTimeZone,
    banLevel: user.ban_level,
    appeals: await blockAppeals(user.token),
    seo: await routeSeo(ctx),
  };
});

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export const action = (args: ActionFunctionArgs) =>
  pageAction(
    args,
    "block-appeal-history",
    blockAppealForm,
    async ({ ctx, value }) => {
      try {
        await createBlockAppeal(ctx.user!.token, value.message);
      } catch (error) {
        if (error instanceof UpstreamError && error.status === 429) {
          return data({ error: "blockAppeal.errorTooMany" as const }, { status: 429 });
        }
        throw error;
      }
      return data({ error: null, sent: true });
    },
    { invalid: () => ({ error: "blockAppeal.errorLength" as const }) },
  );

export default function BlockAppealHistory() {
  const { appeals, banLevel, lng, timeZone } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation();
  // With JavaScript the box stays mounted after a refused post, so autofocus does not fire
  // again: focus moves to it here, as conform does for the site's other forms.
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (result?.error) box.current?.focus();
  }, [result]);
  return (
    <div className="page-narrow">
      <h1 className="page-title">{t("blockAppeal.title")}</h1>
      <div className="notice notice--danger" role="status">
        <p className="notice__text">{t(banLevel > 2 ? "blockAppeal.bannedWithdrawOnly" : "blockAppeal.banned")}</p>
      </div>

      <section className="card" aria-labelledby="appeal-form-title">
        <h2 id="appeal-form-title" className="card__title">
          {t("blockAppeal.formTitle")}
        </h2>
        <Form method="post" className="form">
          <AuthenticityTokenInput />
          <label className="field">
            <span className="field__label">{t("blockAppeal.message")}</span>
            {/* Refused: marked invalid, tied to its message and focused on load, also without JavaScript. */}
            <textarea
              ref={box}
              name="message"
              rows={5}
              required
              minLength={10}
              maxLength={2000}
              aria-invalid={result?.error ? true : undefined}
              aria-describedby={result?.error ? "appeal-error" : undefined}
              autoFocus={Boolean(result?.error)}
            />
          </label>
          {result?.error ? (
            <p id="appeal-error" className="field__error" role="alert">
              {t(result.error)}
            </p>
          ) : null}
          {result && "sent" in result ? (
            <p className="field__ok" role="status">
              {t("blockAppeal.sent")}
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("blockAppeal.submit")}
          </button>
        </Form>
      </section>

      <section className="card" aria-labelledby="appeal-history-title">
        <h2 id="appeal-history-title" className="card__title">
          {t("blockAppeal.historyTitle")}
        </h2>
        {appeals.length === 0 ? (
          <p className="muted">{t("blockAppeal.empty")}</p>
        ) : (
          <ol className="appeals">
            {appeals.map((a) => (
              <li key={a.id} className="appeal">
                <div className="appeal__head">
                  <span className={`badge badge--${a.status}`}>{t(`blockAppeal.status.${a.status}`)}</span>
                  <time dateTime={a.created_at}>{formatDateTime(a.created_at, lng, timeZone)}</time>
                </div>
                <p className="appeal__message">{a.message}</p>
                {a.answer ? <p className="appeal__answer">{a.answer}</p> : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
