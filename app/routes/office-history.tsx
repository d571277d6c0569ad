import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { HISTORY_PERIODS, HISTORY_STATUSES, HISTORY_TYPES, historyFilters } from "~/forms/bets";
import { CouponCard } from "~/components/coupon/PlacedCoupon";
import { Pager } from "~/components/Pager";
import { couponViews } from "~/loaders/coupon-view.server";
import { pageLoader } from "~/loaders/guards.server";
import { routeSeo } from "~/loaders/seo.server";
import { seoMeta } from "~/seo";
import { getHistory } from "~/services/bets.server";
import { sportsStyles } from "~/styles/stylesheets";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sportsStyles }];
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

const PAGE_SIZE = 10;
const PERIODS = HISTORY_PERIODS;
const STATUSES = HISTORY_STATUSES;
const TYPES = HISTORY_TYPES;

/** A status filter as the history API reads it (SPEC §4 status ids of a settled coupon). */
function statusQuery(status: (typeof STATUSES)[number]): { state?: "waiting" | "approval" | "open" | "refused" | "settled"; statusId?: number } {
  switch (status) {
    case "waiting":
    case "approval":
    case "open":
    case "refused":
      return { state: status };
    case "won":
      return { state: "settled", statusId: 1 };
    case "lost":
      return { state: "settled", statusId: 0 };
    case "returned":
      return { state: "settled", statusId: 2 };
    default:
      return {};
  }
}

/**
 * /{lng}/office/history (SPEC §2, sign-in required): the bettor's coupons, newest first, with
 * filters by period, status and type, and paging. Private, never cached.
 */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "office-history", async (ctx) => {
    const url = new URL(args.request.url);
    const filters = historyFilters.parse(Object.fromEntries(url.searchParams));
    const days = PERIODS[filters.period];
    const from = days > 0 ? new Date(Date.now() - days * 86_400_000).toISOString() : undefined;
    const history = await getHistory(
      ctx.user!.token,
      { ...statusQuery(filters.status), typeId: filters.type === "all" ? undefined : Number(filters.type), from, page: filters.page, pageSize: PAGE_SIZE },
      args.request.signal,
    );
    return data(
      { lng: ctx.site.lng, seo: await routeSeo(ctx), filters, total: history.total, page: history.page, pageSize: history.pageSize, coupons: await couponViews(history.coupons, ctx.site.lng) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function HistoryPage() {
  const { lng, filters, total, page, pageSize, coupons } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const typeLabel = (type: (typeof TYPES)[number]) =>
    type === "all" ? t("bets.history.all") : t(`coupon.types.${({ "0": "single", "1": "express", "2": "system", "9": "multiple" } as const)[type]}`);
  return (
    <div className="history-page container">
      <h1 className="page-title">{t("bets.history.title")}</h1>
      <Form method="get" className="history-filters" aria-label={t("bets.history.filters")}>
        <label>
          {t("bets.history.period")}
          <select name="period" defaultValue={filters.period}>
            {Object.keys(PERIODS).map((p) => (
              <option key={p} value={p}>
                {t(`bets.history.periods.${p}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("bets.history.status")}
          <select name="status" defaultValue={filters.status}>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`bets.history.statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("bets.type")}
          <select name="type" defaultValue={filters.type}>
            {TYPES.map((type) => (
              <option key={type} value={type}>
                {typeLabel(type)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--primary">
          {t("bets.history.show")}
        </button>
      </Form>
      <p className="history-total" data-testid="history-total">
        {t("bets.history.total", { count: total })}
      </p>
      {coupons.length === 0 ? <p className="history-empty">{t("bets.history.empty")}</p> : null}
      <div className="history-list">
        {coupons.map((c) => (
          <CouponCard key={c.id} coupon={c} lng={lng} headingLevel={2} />
        ))}
      </div>
      <Pager path={`/${lng}/office/history`} page={page} total={total} pageSize={pageSize} />
    </div>
  );
}
