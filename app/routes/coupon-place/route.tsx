import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PlaceOutcome, PlacementCheckView } from "~/components/coupon/PlacedCoupon";
import { Breadcrumbs } from "~/components/sports/Breadcrumbs";
import { checkPlacement, placeCouponAction } from "./action.server";
import { pageLoader } from "~/loaders/guards.server";
import { privatePageHeaders } from "~/lib/private-headers.server";
import { routeSeo } from "~/loaders/seo.server";
import { seoMeta } from "~/seo";
import { sportsStyles } from "~/styles/stylesheets";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sportsStyles }];
export const headers: HeadersFunction = privatePageHeaders;

/**
 * /{lng}/coupon/place: where the coupon's place form posts (docs/BETS-API.md). Without
 * JavaScript a success goes on to the coupon's result page and a refusal renders here with its
 * reason and what the bettor can do; the browser's fetcher gets the same answers as data.
 * `?key=` checks what became of a placement sent without an answer (issue 37): the bettor's
 * "check my bet" link, and what the coupon asks by itself meanwhile.
 */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "coupon-place", async (ctx) => {
    const [seo, check] = await Promise.all([routeSeo(ctx), checkPlacement(args.request, ctx)]);
    // A check the platform could not answer is the page's own 503 (it tells what to do), not an error page.
    const status = check?.state === "unknown" ? 503 : 200;
    return data({ lng: ctx.site.lng, seo, check }, { status, headers: { "Cache-Control": "private, no-store" } });
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export const action = (args: ActionFunctionArgs) => placeCouponAction(args);

export default function CouponPlacePage() {
  const { lng, check } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="coupon-page">
      <Breadcrumbs items={[{ label: t("sports.home"), href: `/${lng}` }, { label: t("coupon.title"), href: `/${lng}/coupon` }, { label: t("bets.place.title") }]} />
      <h1 className="page-title">{t("bets.place.title")}</h1>
      {answer && "kind" in answer ? (
        <PlaceOutcome lng={lng} answer={answer} />
      ) : check ? (
        <PlacementCheckView lng={lng} check={check} />
      ) : (
        <p>
          <Link to={`/${lng}/coupon`}>{t("bets.place.backToCoupon")}</Link>
        </p>
      )}
    </div>
  );
}
