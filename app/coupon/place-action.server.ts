import type { ActionFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { COOKIES, clearCookie } from "~/lib/cookies.server";
import { pageAction } from "~/forms/action.server";
import { getT } from "~/i18n/dictionaries.server";
import { safeReturnPath } from "~/lib/return-to.server";
import {
  type BetRefusal,
  type PlaceBody,
  activeAccount,
  betRefusalOf,
  getBalance,
  maxBetAmount,
  placeCoupon,
} from "~/services/bets.server";
import { log } from "~/services/log.server";
import { formatMoney, parseAmountInput } from "./amount-input";
import { COUPON_TYPE } from "./constants";
import { type CouponView, couponViews } from "./coupon-view.server";
import { currencyDefaults } from "./currency-defaults";
import { sessionSecret } from "~/env.server";
import { readCouponCookie } from "./cookie-codec.server";
import { type RefusalOffer, couponBetName, decodeSelections, offersVipBet, refusalOffer } from "./place";
import { type PlaceForm, placeFormSchema } from "./place-form";

/** What the place form sent, echoed so a refusal can offer to send it again (changed). */
export interface PlaceEcho {
  key: string;
  typeId: number;
  systemValue: number | null;
  amount: string;
  changeCoefAction: number;
  bets: string;
  returnTo: string;
  /** Sent as the bonus bet the coupon offered (SPEC §4). */
  bonusBet: boolean;
  /** Sent as a VIP bet (SPEC §5). */
  vipBet: boolean;
}

export interface RefusalView {
  code: string;
  message: string;
  offer: RefusalOffer;
  /** Minor units and currency for the offer's stake. */
  currency: string;
  exponent: number;
  outcomeId: number | null;
  /** The refused bet named from the coupon cookie (the bettor without JavaScript), or null. */
  betName: string | null;
  /** The stake is above the maximum and the coupon may be sent as a VIP bet for approval instead. */
  vipOffer: boolean;
}

export type PlaceAnswer =
  | { kind: "placed"; coupons: CouponView[]; echo: PlaceEcho }
  | { kind: "refused"; refusal: RefusalView; echo: PlaceEcho }
  | { kind: "max"; maxBetAmount: number; minBetAmount: number; currency: string; exponent: number; echo: PlaceEcho };

function echoOf(value: PlaceForm, lng: string): PlaceEcho {
  return {
    key: value.key,
    typeId: value.typeId,
    systemValue: value.systemValue ?? null,
    amount: value.amount,
    changeCoefAction: value.changeCoefAction,
    bets: value.bets,
    bonusBet: value.bonusBet === "1",
    vipBet: value.vipBet === "1",
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
    async ({ ctx, value }) => {
      const lng = ctx.site.lng;
      const user = ctx.user!;
      const t = getT(lng);
      const echo = echoOf(value, lng);
      let currency = "RUB";
      let exponent = 2;
      const refuse = (refusal: Pick<BetRefusal, "code" | "status"> & Partial<BetRefusal>) => {
        const money = (amount: number | undefined) => (amount === undefined ? "" : formatMoney(amount, exponent, currency, lng));
        const message = t(`bets.refusal.${refusal.code}`, {
          max: money(refusal.maxBetAmount),
          min: money(refusal.minBetAmount),
          available: money(refusal.available),
          count: refusal.max ?? 0,
          defaultValue: t("bets.refusal.unknown"),
        });
        log.info("bets.place_refused", { code: refusal.code, status: refusal.status, userId: user.id });
        const vipOffer = offersVipBet(refusal, { typeId: value.typeId, selections: decodeSelections(value.bets) ?? [], vipBet: echo.vipBet }, ctx.site.config.features.vipBet);
        const outcomeId = refusal.outcomeId ?? null;
        const betName = outcomeId === null ? null : couponBetName(readCouponCookie(args.request.headers.get("cookie"), sessionSecret).bets, outcomeId);
        const view: RefusalView = { code: refusal.code, message, offer: refusalOffer(refusal), currency, exponent, outcomeId, betName, vipOffer };
        return data({ kind: "refused", refusal: view, echo } satisfies PlaceAnswer as PlaceAnswer, {
          status: refusal.status,
          headers: { "Cache-Control": "no-store" },
        });
      };

      const selections = decodeSelections(value.bets);
      if (!selections || selections.length === 0) return refuse({ status: 400, code: "bad_coupon" });

      let body: PlaceBody;
      try {
        const balance = await getBalance(user.token);
        const account = activeAccount(balance);
        if (!account) return refuse({ status: 404, code: "account_not_found" });
        currency = account.iso;
        exponent = currencyDefaults(account.iso).exponent;
        const isMax = value.intent === "max";
        const amount = parseAmountInput(value.amount, exponent);
        if (!isMax && (amount === null || amount <= 0)) return refuse({ status: 400, code: "invalid_amount" });
        const isSingles = value.typeId === COUPON_TYPE.MULTIPLE_SINGLES;
        body = {
          accountId: account.id,
          typeId: value.typeId,
          ...(isSingles || amount === null || amount <= 0 ? {} : { amount }),
          ...(value.typeId === COUPON_TYPE.SYSTEM ? { systemValue: value.systemValue ?? 2 } : {}),
          bets: selections.map((s) => ({
            outcomeId: s.outcomeId,
            coef: s.coef,
            isLive: s.isLive,
            ...(value.typeId === COUPON_TYPE.SYSTEM && s.isBanker ? { isBanker: true } : {}),
            ...(isSingles && amount !== null && amount > 0 ? { amount } : {}),
          })),
          changeCoefAction: value.changeCoefAction,
          ...(value.bonusBet === "1" && value.typeId === COUPON_TYPE.EXPRESS ? { isBonusBet: true } : {}),
          ...(value.vipBet === "1" ? { isVipBet: true } : {}),
        };
        if (isMax) {
          const max = await maxBetAmount(user.token, body);
          return data({ kind: "max", maxBetAmount: max.maxBetAmount, minBetAmount: max.minBetAmount, currency, exponent, echo } satisfies PlaceAnswer as PlaceAnswer, {
            headers: { "Cache-Control": "no-store" },
          });
        }
        const coupons = await placeCoupon(user.token, value.key, body);
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
