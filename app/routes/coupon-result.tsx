import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PlaceOutcome } from "~/components/coupon/PlacedCoupon";
import { Breadcrumbs } from "~/components/sports/Breadcrumbs";
import { couponViews } from "~/loaders/coupon-view.server";
import type { PlaceAnswer } from "~/coupon/place-answer";
import { pageLoader } from "~/loaders/guards.server";
import { routeSeo } from "~/loaders/seo.server";
import { seoMeta } from "~/seo";
import { getCoupon } from "~/services/bets.server";
import { sportsStyles } from "~/styles/stylesheets";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sportsStyles }];

/** Private and never cached; while a live coupon waits, the page refreshes itself every second. */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * /{lng}/coupon/result/{couponId}: the coupon just placed (the no-JavaScript success page, and
 * what the coupon panel polls while a live bet waits). `also` lists the other coupons of
 * multiple singles. Someone else's coupon is a 404.
 */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "coupon-result", async (ctx) => {
    const user = ctx.user!;
    const also = (new URL(args.request.url).searchParams.get("also") ?? "").split(".").filter((id) => /^\d{1,12}$/.test(id)).slice(0, 40);
    const ids = [args.params.couponId!, ...also];
    const coupons = await Promise.all(ids.map((id) => getCoupon(user.token, id, args.request.signal)));
    if (coupons.some((c) => c === null)) throw new Response("Not Found", { status: 404 });
    const views = await couponViews(coupons.map((c) => c!), ctx.site.lng);
    const waiting = views.some((c) => c.state === "waiting");
    const headers: Record<string, string> = { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };
    // Without JavaScript the bettor still sees the live bet decided: the browser reloads the page.
    if (waiting) headers.Refresh = "1";
    return data({ lng: ctx.site.lng, seo: await routeSeo(ctx), coupons: views, waiting }, { headers });
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function CouponResultPage() {
  const { lng, coupons } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const answer: PlaceAnswer = {
    kind: "placed",
    coupons,
    echo: { key: "", typeId: 0, systemValue: null, amount: "", changeCoefAction: 2, exactCoef: "", dropOnScoreChange: false, bets: "", bonusBet: false, vipBet: false, promoCode: "", returnTo: `/${lng}/coupon` },
  };
  return (
    <div className="coupon-page">
      <Breadcrumbs items={[{ label: t("sports.home"), href: `/${lng}` }, { label: t("coupon.title"), href: `/${lng}/coupon` }, { label: t("bets.result.title") }]} />
      <h1 className="page-title">{t("bets.result.title")}</h1>
      <PlaceOutcome lng={lng} answer={answer} />
      <p className="link-buttons">
        <a className="button button--primary" href={`/${lng}`}>
          {t("bets.result.continue")}
        </a>
      </p>
    </div>
  );
}
