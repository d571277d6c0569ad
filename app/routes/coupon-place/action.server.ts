import type { ActionFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { COOKIES, clearCookie } from "~/lib/cookies.server";
import { pageAction } from "~/forms/action.server";
import type { PageContext } from "~/loaders/guards.server";
import { getT } from "~/i18n/dictionaries.server";
import { safeReturnPath } from "~/lib/return-to.server";
import {
  type BetRefusal,
  type PlacedCoupon,
  activeAccount,
  betRefusalOf,
  PlacementUnknown,
  getBalance,
  maxBetAmount,
  placeCoupon,
  placementOutcome,
  resolvePlacement,
} from "~/services/bets.server";
import { log } from "~/services/log.server";
import { formatMoney, parseAmountInput } from "~/coupon/amount-input";
import { couponViews } from "~/loaders/coupon-view.server";
import type { PlaceAnswer, PlaceEcho, PlacementCheck, RefusalView } from "~/coupon/place-answer";
import { currencyDefaults } from "~/coupon/currency-defaults";
import { sessionSecret } from "~/env.server";
import { readCouponCookie } from "~/coupon/cookie-codec.server";
import { exactCoefText } from "~/coupon/exact-coef";
import {
  couponBetName,
  decodeSelections,
  isExactCoefRefusal,
  offersVipBet,
  refusalOffer,
  sendsVipBet,
} from "~/coupon/place";
import { type PlaceForm, type PlaceSettings, placeFormSchema, placeSettings, placementCheckQuery } from "~/coupon/place-form";
import { type PlaceRequest, placeRequest } from "~/coupon/place-request";
import { readCouponSettingsCookie } from "~/coupon/settings-cookie.server";

/** What became of the placement whose key the page is asked about (`?key=`), or null when none is. */
export async function checkPlacement(request: Request, ctx: PageContext): Promise<PlacementCheck | null> {
  const query = placementCheckQuery.safeParse({ key: new URL(request.url).searchParams.get("key") });
  if (!query.success || !ctx.user) return null;
  const outcome = await placementOutcome(ctx.user.token, query.data.key, request.signal);
  if (outcome.state !== "placed") return outcome;
  return { state: "placed", coupons: await couponViews(outcome.coupons, ctx.site.lng) };
}

function echoOf(value: PlaceForm, settings: PlaceSettings, vipBet: boolean, lng: string): PlaceEcho {
  return {
    key: value.key,
    typeId: value.typeId,
    systemValue: value.systemValue ?? null,
    amount: value.amount,
    changeCoefAction: settings.changeCoefAction,
    exactCoef: exactCoefText(settings.exactCoef),
    dropOnScoreChange: settings.isDropOnScoreChange,
    bets: value.bets,
    bonusBet: value.bonusBet === "1",
    vipBet,
    promoCode: value.promoCode ?? "",
    returnTo: safeReturnPath(value.returnTo ?? null, `/${lng}/coupon`),
  };
}

/**
 * The place-bet action (issue 14): the form's coupon to the bet API with the form's
 * Idempotency-Key, so a double submit or a retry places one coupon. Refusals are 4xx with the
 * typed code, a translated message and what the bettor can do now; nothing is written then.
 */
export function placeCouponAction(args: ActionFunctionArgs) {
  return pageAction(
    args,
    "coupon-place",
    placeFormSchema,
    async ({ ctx, value, formData }) => {
      const lng = ctx.site.lng;
      const user = ctx.user!;
      const t = getT(lng);
      const cookies = args.request.headers.get("cookie");
      // Without JavaScript the form carries no settings: the bettor's settings cookie has them.
      const settings = placeSettings(value, (field) => formData.has(field), value.js ? null : readCouponSettingsCookie(cookies, sessionSecret));
      const selections = decodeSelections(value.bets);
      const vipBet = sendsVipBet(settings.isVipBet, { typeId: value.typeId, selections: selections ?? [] }, ctx.site.config.features.vipBet);
      const echo = echoOf(value, settings, vipBet, lng);
      let currency = "RUB";
      let exponent = 2;
      const refuse = (platformRefusal: Pick<BetRefusal, "code" | "status"> & Partial<BetRefusal>) => {
        // The platform answers a coupon below the exact coefficient as a price change; the bettor is told which.
        const exact = isExactCoefRefusal(platformRefusal, { selections: selections ?? [], changeCoefAction: settings.changeCoefAction, exactCoef: settings.exactCoef });
        const refusal = exact ? { ...platformRefusal, code: "exact_coef" as const } : platformRefusal;
        const money = (amount: number | undefined) => (amount === undefined ? "" : formatMoney(amount, exponent, currency, lng));
        const message = t(`bets.refusal.${refusal.code}`, {
          max: money(refusal.maxBetAmount),
          min: money(refusal.minBetAmount),
          available: money(refusal.available),
          count: refusal.max ?? 0,
          coef: echo.exactCoef,
          code: echo.promoCode,
          defaultValue: t("bets.refusal.unknown"),
        });
        log.info("bets.place_refused", { code: refusal.code, status: refusal.status, userId: user.id });
        const vipOffer = offersVipBet(refusal, { typeId: value.typeId, selections: selections ?? [], vipBet: echo.vipBet }, ctx.site.config.features.vipBet);
        const outcomeId = refusal.outcomeId ?? null;
        const betName = outcomeId === null ? null : couponBetName(readCouponCookie(cookies, sessionSecret).bets, outcomeId);
        const view: RefusalView = { code: refusal.code, message, offer: refusalOffer(refusal), currency, exponent, outcomeId, betName, vipOffer };
        return data({ kind: "refused", refusal: view, echo } satisfies PlaceAnswer as PlaceAnswer, {
          status: refusal.status,
          headers: { "Cache-Control": "no-store" },
        });
      };

      if (!selections || selections.length === 0) return refuse({ status: 400, code: "bad_coupon" });

      let body: PlaceRequest;
      try {
        const balance = await getBalance(user.token);
        const account = activeAccount(balance);
        if (!account) return refuse({ status: 404, code: "account_not_found" });
        currency = account.iso;
        exponent = currencyDefaults(account.iso).exponent;
        const isMax = value.intent === "max";
        const amount = parseAmountInput(value.amount, exponent);
        if (!isMax && (amount === null || amount <= 0)) return refuse({ status: 400, code: "invalid_amount" });
        body = placeRequest({
          accountId: account.id,
          typeId: value.typeId,
          systemValue: value.systemValue ?? null,
          selections,
          amount,
          settings,
          vipBet,
          bonusBet: value.bonusBet === "1",
          promoCode: echo.promoCode,
        });
        if (isMax) {
          const max = await maxBetAmount(user.token, body);
          return data({ kind: "max", maxBetAmount: max.maxBetAmount, minBetAmount: max.minBetAmount, currency, exponent, echo } satisfies PlaceAnswer as PlaceAnswer, {
            headers: { "Cache-Control": "no-store" },
          });
        }
        let coupons: PlacedCoupon[];
        try {
          coupons = await placeCoupon(user.token, value.key, body);
        } catch (error) {
          if (!(error instanceof PlacementUnknown)) throw error;
          // Sent, then no answer: the platform says by the key what became of it (issue 37).
          log.warn("bets.place_unknown", { userId: user.id, key: value.key, kind: error.failure.kind });
          // Never "nothing was charged" from here on unless the platform says so.
          const outcome = await resolvePlacement(user.token, value.key).catch(() => ({ state: "unknown" }) as const);
          log.info("bets.place_resolved", { userId: user.id, key: value.key, state: outcome.state });
          if (outcome.state === "none") return refuse({ status: 503, code: "not_placed" as BetRefusal["code"] });
          if (outcome.state === "unknown") {
            return data({ kind: "unconfirmed", echo } satisfies PlaceAnswer as PlaceAnswer, { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": "5" } });
          }
          coupons = outcome.coupons;
        }
        log.info("bets.placed", { userId: user.id, couponIds: coupons.map((c) => c.id), state: coupons[0]!.state });
        const clear = { "Set-Cookie": clearCookie(COOKIES.coupon), "Cache-Control": "no-store" };
        if (value.js) return data({ kind: "placed", coupons: await couponViews(coupons, lng), echo } satisfies PlaceAnswer as PlaceAnswer, { headers: clear });
        const more = coupons.length > 1 ? `?also=${coupons.slice(1).map((c) => c.id).join(".")}` : "";
        return redirect(`/${lng}/coupon/result/${coupons[0]!.id}${more}`, { headers: clear });
      } catch (error) {
        const refusal = betRefusalOf(error);
        if (refusal) return refuse(refusal);
        log.error("bets.place_failed", { error, userId: user.id });
        return refuse({ status: 503, code: "unavailable" as BetRefusal["code"] });
      }
    },
  );
}
