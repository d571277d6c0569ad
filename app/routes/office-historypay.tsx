import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Pager } from "~/components/Pager";
import { OfficeShell } from "~/components/office/OfficeShell";
import { PaymentTable } from "~/components/office/PaymentRow";
import { paymentHistoryQuery } from "~/forms/payments.server";
import { pageLoader } from "~/loaders/guards.server";
import { paymentRows } from "~/loaders/payments.server";
import { routeSeo } from "~/loaders/seo.server";
import { seoMeta } from "~/seo";
import { PAYMENT_HISTORY_PAGE_SIZE, getPaymentHistory } from "~/services/payments.server";
import { officeStyles } from "~/styles/stylesheets";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: officeStyles }];
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * /{lng}/office/historypay (SPEC §2, §7): the bettor's deposits and withdrawals, newest first,
 * ten to a page, with the archive (payments settled more than 90 days ago) on request.
 */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "office-historypay", async (ctx) => {
    const query = paymentHistoryQuery.parse(Object.fromEntries(new URL(args.request.url).searchParams));
    const includeArchive = query.archive === "1";
    const history = await getPaymentHistory(ctx.user!.token, { includeArchive, page: query.page }, args.request.signal);
    return data(
      { lng: ctx.site.lng, seo: await routeSeo(ctx), includeArchive, page: query.page, pageSize: PAYMENT_HISTORY_PAGE_SIZE, total: history.total, payments: paymentRows(history.entities, ctx.site.lng) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function PaymentHistoryPage() {
  const { lng, includeArchive, page, pageSize, total, payments } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const title = t("payments.history.title");
  return (
    <OfficeShell lng={lng} title={title}>
      <Form method="get" className="history-filters payment-filters" aria-label={t("payments.history.filters")}>
        <label className="field-check payment-filters__archive">
          <input type="checkbox" name="archive" value="1" defaultChecked={includeArchive} />
          <span>{t("payments.history.includeArchive")}</span>
        </label>
        <button type="submit" className="button button--ghost">
          {t("bets.history.show")}
        </button>
      </Form>
      <p className="history-total" data-testid="payments-total">
        {t("payments.history.total", { count: total })}
      </p>
      {payments.length ? (
        <PaymentTable payments={payments} lng={lng} caption={title} />
      ) : (
        <div className="office-empty">
          <p>{t("payments.history.empty")}</p>
          <a className="button button--primary" href={`/${lng}/office/recharge`}>
            {t("office.deposit")}
          </a>
        </div>
      )}
      <Pager path={`/${lng}/office/historypay`} page={page} total={total} pageSize={pageSize} />
    </OfficeShell>
  );
}
