import "~/chunks/sports";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CouponAlert } from "~/components/coupon/CouponAlert";
import { CouponPanel } from "~/components/coupon/CouponPanel";
import { CouponSettingsForm } from "~/components/coupon/CouponSettingsForm";
import { Breadcrumbs } from "~/components/sports/Breadcrumbs";
import { encodeCouponCookie, readCouponCookie } from "~/coupon/cookie-codec.server";
import { encodeCouponSettingsCookie, readCouponSettingsCookie } from "~/coupon/settings-cookie.server";
import { couponFormSchema } from "~/coupon/coupon-form";
import { applySettingsForm } from "~/coupon/settings-form";
import { addBetToCoupon, clearCoupon, deleteBetFromCoupon, setCouponType, setSystemValue } from "~/coupon/coupon";
import { COUPON_TYPE } from "~/coupon/constants";
import { defaultCouponSettings, storedPartOfCoupon } from "~/coupon/model";
import { createCoupon } from "~/coupon/schemas";
import { sessionSecret } from "~/env.server";
import { COOKIES, clearCookie, setCookie } from "~/lib/cookies.server";
import { pageAction } from "~/forms/action.server";
import { pageLoader } from "~/loaders/guards.server";
import { safeReturnPath } from "~/lib/return-to.server";
import { routeSeo } from "~/loaders/seo.server";
import { cachedGame, sportsContext } from "~/loaders/sports.server";
import { seoMeta } from "~/seo";
import { couponBetFromOutcome, findOutcome } from "~/sports/coupon-bet";
import { isLiveStatus } from "~/sports/model";
import { sportsStyles } from "~/styles/stylesheets";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sportsStyles }];

/** /{lng}/coupon: the full coupon page (the bottom navigation's "Bet slip"). */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "coupon", async (ctx) => ({
    lng: ctx.site.lng,
    seo: await routeSeo(ctx),
  }));

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);


export type CouponActionError = "invalid" | "settings-invalid" | "unknown-outcome" | "game-finished" | "coupon-full";

/**
 * The no-JavaScript coupon: every coupon form posts here (through pageAction: guards, CSRF,
 * zod). The change is applied to the signed
 * cookie coupon with the same pure functions the browser uses, and the bettor goes back to the
 * page (and game) they came from. A refusal renders this page with the translated reason and
 * leaves the cookie as it was.
 */
export const action = (args: ActionFunctionArgs) =>
  pageAction(
    args,
    "coupon",
    couponFormSchema,
    async ({ ctx, value: input, formData, request }) => {
      const lng = ctx.site.lng;
      // The return address is checked without its fragment (decision 025); after adding a bet the
      // bettor goes back to that game's row, an anchor built here from the validated game id.
      const back = `${safeReturnPath(formData.get("returnTo"), `/${lng}/coupon`)}${input.intent === "add" ? `#game-${input.pick.gameId}` : ""}`;
      if (input.intent === "clear-cookie") {
        return new Response(null, { status: 204, headers: { "Set-Cookie": clearCookie(COOKIES.coupon) } });
      }
      if (input.intent === "settings") {
        const kept = readCouponSettingsCookie(request.headers.get("cookie"), sessionSecret) ?? defaultCouponSettings();
        const value = encodeCouponSettingsCookie(applySettingsForm(kept, input), sessionSecret);
        return redirect(`${back}#coupon-settings`, { headers: { "Set-Cookie": setCookie(COOKIES.couponSettings, value) } });
      }
      let coupon = createCoupon(readCouponCookie(request.headers.get("cookie"), sessionSecret));
      switch (input.intent) {
        case "add": {
          const { gameId, outcomeId } = input.pick;
          const answer = await cachedGame(gameId);
          const sc = await sportsContext(lng, answer?.type === "snapshot" && isLiveStatus(answer.game.status) ? "live" : "line");
          const game = answer?.type === "snapshot" ? sc.toGame(answer.game) : null;
          const found = findOutcome(game, outcomeId);
          if (!found.ok) return data({ error: found.reason as CouponActionError }, { status: 422 });
          coupon = addBetToCoupon(coupon, couponBetFromOutcome(game!, found.market, found.outcome), Date.now());
          break;
        }
        case "remove":
          coupon = deleteBetFromCoupon(coupon, input.betId);
          break;
        case "clear":
          coupon = clearCoupon(coupon);
          break;
        case "type": {
          const min = input.typeId === COUPON_TYPE.SINGLE ? 1 : input.typeId === COUPON_TYPE.SYSTEM ? 3 : 2;
          if (coupon.bets.length >= min && !(input.typeId === COUPON_TYPE.SINGLE && coupon.bets.length > 1)) coupon = setCouponType(coupon, input.typeId);
          break;
        }
        case "system":
          coupon = setSystemValue(coupon, input.systemValue);
          break;
      }
      const encoded = encodeCouponCookie({ ...storedPartOfCoupon(coupon), manuallyDeletedBonusBet: coupon.manuallyDeletedBonusBet }, sessionSecret);
      if (!encoded.ok) return data({ error: "coupon-full" as CouponActionError }, { status: 409 });
      return redirect(back, { headers: { "Set-Cookie": setCookie(COOKIES.coupon, encoded.value) } });
    },
    // A refused settings form comes back with its fields' errors (the exact coefficient's).
    {
      invalid: (lastResult, formData) =>
        formData.get("intent") === "settings"
          ? { error: "settings-invalid" as CouponActionError, fields: lastResult.error ?? null, exactCoef: String(formData.get("exactCoef") ?? "") }
          : { error: "invalid" as CouponActionError },
    },
  );

export default function CouponPage() {
  const { lng } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const error = actionData && "error" in actionData ? actionData.error : null;
  const settingsRefused = actionData && "fields" in actionData ? { errors: actionData.fields, exactCoef: actionData.exactCoef } : null;
  return (
    <div className="coupon-page">
      <Breadcrumbs items={[{ label: t("sports.home"), href: `/${lng}` }, { label: t("coupon.title") }]} />
      <h1 className="page-title">{t("coupon.title")}</h1>
      {error && !settingsRefused?.errors?.exactCoef ? (
        <p className="notice notice--danger" role="alert" data-testid="coupon-error">
          {t(`coupon.errors.${error}`)}
        </p>
      ) : null}
      <CouponPanel lng={lng} returnTo={`/${lng}/coupon`} variant="page">
        <CouponSettingsForm lng={lng} returnTo={`/${lng}/coupon`} refused={settingsRefused} />
      </CouponPanel>
      <CouponAlert lng={lng} isOnCouponPage />
    </div>
  );
}
