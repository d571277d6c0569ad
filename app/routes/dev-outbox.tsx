import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/format";
import { appEnv } from "~/env.server";
import { pageLoader } from "~/loaders/guards.server";
import { routeSeo } from "~/loaders/seo.server";
import { type OutboxMessage, outboxMessages } from "~/services/account.server";
import { UpstreamError } from "~/services/http.server";
import { seoMeta } from "~/seo";
import { notFound } from "~/lib/responses.server";

const LIMITS = [20, 50, 100] as const;

/**
 * dev/outbox: a developer's view of the fake SMS and e-mail the platform "sent" (activation
 * codes, password-reset codes, newsletters). Everywhere but production; the platform answers
 * only when it allows it.
 */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "dev-outbox", async (ctx) => {
    if (appEnv === "production") throw notFound();
    const query = ctx.site.url.searchParams;
    const to = (query.get("to") ?? "").trim().slice(0, 200);
    const wanted = Number(query.get("limit"));
    const limit = (LIMITS as readonly number[]).includes(wanted) ? wanted : LIMITS[1];
    let messages: OutboxMessage[] = [];
    let available = true;
    try {
      messages = await outboxMessages({ to, limit }, args.request.signal);
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      available = false;
    }
    return { lng: ctx.site.lng, timeZone: ctx.site.config.defaultTimeZone, to, limit, messages, available, seo: await routeSeo(ctx) };
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function DevOutbox() {
  const { lng, timeZone, to, limit, messages, available } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "loading";
  const { t } = useTranslation();
  return (
    <div className="outbox">
      <div className="outbox__head">
        <h1 className="page-title">{t("outbox.title")}</h1>
        <p className="muted">{t("outbox.lead")}</p>
      </div>
      <Form method="get" className="outbox__filter" role="search">
        <label className="field">
          <span className="field__label">{t("outbox.to")}</span>
          <input type="search" name="to" defaultValue={to} placeholder={t("outbox.toPlaceholder")} dir="ltr" />
        </label>
        <label className="field">
          <span className="field__label">{t("outbox.limit")}</span>
          <select name="limit" defaultValue={String(limit)}>
            {LIMITS.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("outbox.filter")}
        </button>
        {to ? (
          <a className="button button--ghost" href={`/${lng}/dev/outbox`}>
            {t("outbox.clear")}
          </a>
        ) : null}
      </Form>
      {!available ? (
        <p className="notice notice--warning" role="status">
          <span className="notice__text">{t("outbox.unavailable")}</span>
        </p>
      ) : messages.length === 0 ? (
        <p className="card muted">{t("outbox.empty")}</p>
      ) : (
        <div className="outbox__table-wrap">
          <table className="outbox__table">
            <thead>
              <tr>
                <th scope="col">{t("outbox.time")}</th>
                <th scope="col">{t("outbox.channel")}</th>
                <th scope="col">{t("outbox.recipient")}</th>
                <th scope="col">{t("outbox.code")}</th>
                <th scope="col">{t("outbox.message")}</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((m) => (
                <tr key={m.id}>
                  <td className="outbox__time">
                    <time dateTime={m.created_at}>{formatDateTime(m.created_at, lng, timeZone)}</time>
                  </td>
                  <td>
                    <span className={`badge outbox__channel outbox__channel--${m.channel}`}>{t(`outbox.channels.${m.channel}`)}</span>
                  </td>
                  <td dir="ltr" className="outbox__to">
                    <a href={`/${lng}/dev/outbox?to=${encodeURIComponent(m.to)}`}>{m.to}</a>
                  </td>
                  <td>{m.code ? <code className="outbox__code">{m.code}</code> : <span className="muted">—</span>}</td>
                  <td className="outbox__body">
                    {m.subject ? <strong className="outbox__subject">{m.subject}</strong> : null}
                    <span>{m.body}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
