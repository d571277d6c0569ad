import { useFetcher, useNavigate } from "@remix-run/react";
import { useAtom, useSetAtom } from "jotai";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuthenticityToken } from "remix-utils/csrf/react";
import { formatMoney } from "~/coupon/amount-input";
import { addBetToCouponAtom, oneClickBusyAtom, oneClickRequestAtom } from "~/coupon/atoms";
import type { CouponBet } from "~/coupon/model";
import { oneClickPlaceFields } from "~/coupon/one-click";
import type { PlaceAnswer } from "~/coupon/place-answer";
import type { SiteNotice } from "~/notifications/atoms";
import { requestBalanceRefresh } from "../HeaderBalance";
import { betLabel, useNotice } from "../Notifications";
import { LazyPlaceOutcome, LazyRefusalPanel, preloadPlacedCoupon } from "./lazy-outcome";
import { offerFormData } from "./offer-form";
import { usePlacementCheck } from "./use-placement-check";
import { useWaitingCoupon } from "./use-waiting-coupon";

/**
 * Sends the one-click single a coefficient asked for (app/coupon/one-click.ts) through the same
 * place action as the coupon, with the request's own Idempotency-Key, and shows the answer in the
 * site's notification (app/components/Notifications.tsx): accepted with the coupon number, waiting
 * out a live delay with the time left, or refused with what the bettor can do (the coupon's own
 * refusal offers: accept the new odds, place with the largest stake accepted now; and put the bet
 * in the coupon instead). The header balance is read again after each answer. Needs JavaScript,
 * as the one-click setting itself does; without it a coefficient fills the coupon. Loaded by
 * OneClickBet.tsx when one click is on.
 */
export function OneClickPlacement({ lng }: { lng: string }) {
  const { t } = useTranslation();
  const csrf = useAuthenticityToken();
  const [request, setRequest] = useAtom(oneClickRequestAtom);
  const place = useFetcher<PlaceAnswer>();
  const [answer, setAnswer] = useState<PlaceAnswer | null>(null);
  const handled = useRef<unknown>(null);
  const sent = useRef<CouponBet | null>(null);
  const submit = place.submit;
  const setBusy = useSetAtom(oneClickBusyAtom);
  const busy = place.state !== "idle";
  const addToCoupon = useSetAtom(addBetToCouponAtom);
  const navigate = useNavigate();
  // The click raised the busy flag with its request (OddButton); it comes down once the request
  // has been on its way and is back, answered or failed, so a click in between sends nothing.
  const sentOnce = useRef(false);
  useEffect(() => {
    if (busy) sentOnce.current = true;
    else if (sentOnce.current) {
      sentOnce.current = false;
      setBusy(false);
    }
  }, [busy, setBusy]);

  // The request is taken once: cleared as it is sent, so a page that mounts this again (another
  // sports page) does not send it a second time.
  useEffect(() => {
    if (!request) return;
    // A refusal shows the coupon's refusal panel: loaded while the bet is on its way.
    preloadPlacedCoupon();
    sent.current = request.bet;
    setRequest(null);
    setAnswer(null);
    submit({ ...oneClickPlaceFields(request), csrf }, { method: "post", action: `/${lng}/coupon/place` });
    setBusy(true);
  }, [request, setRequest, csrf, lng, submit, setBusy]);

  useEffect(() => {
    const data = place.data;
    if (!data || place.state !== "idle" || handled.current === data) return;
    handled.current = data;
    setAnswer(data);
    if (data.kind === "placed") requestBalanceRefresh();
  }, [place.data, place.state]);
  const { checking } = usePlacementCheck(lng, answer, setAnswer, requestBalanceRefresh);

  const coupon = answer?.kind === "placed" ? answer.coupons[0] : undefined;
  const { now } = useWaitingCoupon(lng, answer, setAnswer);

  const bet = sent.current;
  const close = () => setAnswer(null);
  const detailsLink = (id: number) => (
    <a className="button button--small" href={`/${lng}/coupon/result/${id}`}>
      {t("oneClick.details")}
    </a>
  );
  const inCoupon = bet ? (
    <button
      type="button"
      className="button button--small"
      onClick={() => {
        addToCoupon(bet);
        close();
        navigate(`/${lng}/coupon`);
      }}
    >
      {t("oneClick.openInCoupon")}
    </button>
  ) : null;
  const text = (value: string, actions?: ReactNode) => ({
    type: "node" as const,
    node: (
      <>
        <p>{value}</p>
        {actions ? <p className="notification__actions">{actions}</p> : null}
      </>
    ),
  });
  // A form the answer offers (a new stake or price, the same slip again) goes through the fetcher.
  const onOfferSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(offerFormData(event), { method: "post", action: `/${lng}/coupon/place` });
  };
  let notice: Omit<SiteNotice, "key"> | null = null;
  let signature = "";
  if (busy) {
    // Placing (or trying an offer): the status holds the slot until its answer replaces it.
    notice = { kind: "ok", title: "oneClick.title", state: "placing", sticky: true, persistent: true, body: text(t("oneClick.placing")) };
    signature = "placing";
  } else if (answer?.kind === "refused") {
    notice = {
      kind: "error",
      state: "refused",
      sticky: true,
      onClose: close,
      body: {
        type: "node",
        node: (
          <>
            <LazyRefusalPanel lng={lng} refusal={answer.refusal} echo={answer.echo} handlers={{ onSubmit: onOfferSubmit, onClose: close, betName: () => (bet ? betLabel(bet.market) : null) }} />
            {inCoupon ? <p className="notification__actions">{inCoupon}</p> : null}
          </>
        ),
      },
    };
    signature = `refused|${answer.refusal.code}|${answer.refusal.message}|${answer.echo.key}`;
  } else if (answer?.kind === "unconfirmed") {
    notice = {
      kind: "error",
      state: "refused",
      sticky: true,
      onClose: close,
      body: { type: "node", node: <LazyPlaceOutcome lng={lng} answer={answer} checking={checking} handlers={{ onSubmit: onOfferSubmit, onClose: close }} /> },
    };
    signature = `unconfirmed|${answer.echo.key}|${checking}`;
  } else if (coupon) {
    const values = { number: coupon.number, amount: formatMoney(coupon.amount, coupon.exponent, coupon.currency, lng) };
    if (coupon.state === "waiting") {
      const left = coupon.decideAt ? Math.max(0, Date.parse(coupon.decideAt) - now) : coupon.waitMs;
      const words = t("oneClick.waiting", { ...values, seconds: Math.ceil(left / 1000) });
      notice = { kind: "ok", title: "oneClick.title", state: "waiting", sticky: true, persistent: true, onClose: close, body: text(words) };
      signature = words;
    } else if (coupon.state === "refused") {
      const reason = t(`bets.refusal.${coupon.refusal?.code ?? "unknown"}`, { defaultValue: t("bets.refusal.unknown"), max: "", min: "", available: "", count: 0 });
      const words = t("oneClick.refused", { reason });
      notice = {
        kind: "error",
        state: "refused",
        sticky: true,
        onClose: close,
        body: text(
          words,
          <>
            {inCoupon}
            {detailsLink(coupon.id)}
          </>,
        ),
      };
      signature = `${coupon.id}|${words}`;
    } else {
      const words = t("oneClick.accepted", values);
      notice = { kind: "done", state: coupon.state, onClose: close, body: text(words, detailsLink(coupon.id)) };
      signature = `${coupon.id}|${words}`;
    }
  }
  useNotice("one-click", notice, signature);
  return null;
}
