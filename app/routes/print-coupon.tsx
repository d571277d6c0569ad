import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Logo } from "~/components/Logo";
import { CouponCard } from "~/components/coupon/PlacedCoupon";
import { formatDateTime } from "~/lib/format";
import { publicOrigin } from "~/lib/request-limits.server";
import { couponViews } from "~/loaders/coupon-view.server";
import { pageLoader } from "~/loaders/guards.server";
import { routeSeo } from "~/loaders/seo.server";
import { useRootData } from "~/components/root-data";
import { seoMeta } from "~/seo";
import { getCoupon } from "~/services/bets.server";
import { sportsStyles } from "~/styles/stylesheets";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sportsStyles }];
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * /{lng}/print-coupon/{couponId} (SPEC §5, digits only): a printable page of a coupon the
 * bettor owns. Anyone else's coupon, or one that does not exist, is a 404.
 */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "print-coupon", async (ctx) => {
    const coupon = await getCoupon(ctx.user!.token, args.params.couponId!, args.request.signal);
    if (!coupon) throw new Response("Not Found", { status: 404 });
    const [view] = await couponViews([coupon], ctx.site.lng);
    return data(
      { lng: ctx.site.lng, seo: await routeSeo(ctx), coupon: view!, site: new URL(publicOrigin(ctx.site.url)).host, printedAt: new Date().toISOString() },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function PrintCouponPage() {
  const { lng, coupon, site, printedAt } = useLoaderData<typeof loader>();
  const root = useRootData();
  const { t } = useTranslation();
  return (
    <main className="print-coupon">
      {/* The site's own header on paper: the logo, the company and where the coupon can be checked. */}
      <header className="print-coupon__header">
        <a href={`/${lng}`} className="print-coupon__logo" aria-label={root?.companyName}>
          <Logo company={root?.companyName ?? ""} />
        </a>
        <span className="print-coupon__site">
          {site}
          <br />
          {t("bets.printedAt", { date: formatDateTime(printedAt, lng, root?.timeZone ?? 0) })}
        </span>
      </header>
      <h1 className="page-title">{t("bets.print")}</h1>
      <CouponCard coupon={coupon} lng={lng} headingLevel={2} />
      <p className="print-coupon__actions">
        <a href={`/${lng}/office/history`}>{t("bets.toHistory")}</a>
      </p>
    </main>
  );
}
