import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PlaceOutcome } from "~/components/coupon/PlacedCoupon";
import { Breadcrumbs } from "~/components/sports/Breadcrumbs";
import { placeCouponAction } from "./action.server";
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
 */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "coupon-place", async (ctx) => {
    return data({ lng: ctx.site.lng, seo: await routeSeo(ctx) }, { headers: { "Cache-Control": "private, no-store" } });
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export const action = (args: ActionFunctionArgs) => placeCouponAction(args);

export default function CouponPlacePage() {
  const { lng } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="coupon-page">
      <Breadcrumbs items={[{ label: t("sports.home"), href: `/${lng}` }, { label: t("coupon.title"), href: `/${lng}/coupon` }, { label: t("bets.place.title") }]} />
      <h1 className="page-title">{t("bets.place.title")}</h1>
      {answer && "kind" in answer ? (
        <PlaceOutcome lng={lng} answer={answer} />
      ) : (
        <p>
          <Link to={`/${lng}/coupon`}>{t("bets.place.backToCoupon")}</Link>
        </p>
      )}
    </div>
  );
}
