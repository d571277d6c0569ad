import { useFetcher } from "@remix-run/react";
import { useAtom, useSetAtom } from "jotai";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuthenticityToken } from "remix-utils/csrf/react";
import { formatMoney } from "~/coupon/amount-input";
import { oneClickBusyAtom, oneClickRequestAtom } from "~/coupon/atoms";
import { oneClickPlaceFields } from "~/coupon/one-click";
import type { PlaceAnswer } from "~/coupon/place-action.server";
import { requestBalanceRefresh } from "../HeaderBalance";
import { useWaitingCoupon } from "./use-waiting-coupon";

/** How often a one-click live bet in its delay is asked whether it was decided (as the coupon panel does). */

/**
 * Sends the one-click single a coefficient asked for (app/coupon/one-click.ts) through the same
 * place action as the coupon, with the request's own Idempotency-Key, and shows the answer in a
 * small notification: accepted with the coupon number, waiting out a live delay with the time
 * left, or the translated refusal. The header balance is read again after each answer. Needs
 * JavaScript, as the one-click setting itself does; without it a coefficient fills the coupon.
 */
export function OneClickBet({ lng }: { lng: string }) {
  const { t } = useTranslation();
  const csrf = useAuthenticityToken();
  const [request, setRequest] = useAtom(oneClickRequestAtom);
  const place = useFetcher<PlaceAnswer>();
  const [answer, setAnswer] = useState<PlaceAnswer | null>(null);
  const handled = useRef<unknown>(null);
  const submit = place.submit;
  const setBusy = useSetAtom(oneClickBusyAtom);
  const busy = place.state !== "idle";
  useEffect(() => {
    setBusy(busy);
  }, [busy, setBusy]);

  // The request is taken once: cleared as it is sent, so a page that mounts this again (another
  // sports page) does not send it a second time.
  useEffect(() => {
    if (!request) return;
    setRequest(null);
    setAnswer(null);
    submit({ ...oneClickPlaceFields(request), csrf }, { method: "post", action: `/${lng}/coupon/place` });
  }, [request, setRequest, csrf, lng, submit]);

  useEffect(() => {
    const data = place.data;
    if (!data || place.state !== "idle" || handled.current === data) return;
    handled.current = data;
    setAnswer(data);
    if (data.kind === "placed") requestBalanceRefresh();
  }, [place.data, place.state]);

  const coupon = answer?.kind === "placed" ? answer.coupons[0] : undefined;
  const { now } = useWaitingCoupon(lng, answer, setAnswer);

  if (!busy && !answer) return null;

  const close = () => setAnswer(null);
  let tone = "info";
  let text = t("oneClick.placing");
  if (!busy && answer?.kind === "refused") {
    tone = "danger";
    text = t("oneClick.refused", { reason: answer.refusal.message });
  } else if (!busy && coupon) {
    const values = { number: coupon.number, amount: formatMoney(coupon.amount, coupon.exponent, coupon.currency, lng) };
    if (coupon.state === "waiting") {
      const left = coupon.decideAt ? Math.max(0, Date.parse(coupon.decideAt) - now) : coupon.waitMs;
      text = t("oneClick.waiting", { ...values, seconds: Math.ceil(left / 1000) });
    } else if (coupon.state === "refused") {
      tone = "danger";
      const reason = t(`bets.refusal.${coupon.refusal?.code ?? "unknown"}`, { defaultValue: t("bets.refusal.unknown"), max: "", min: "", available: "", count: 0 });
      text = t("oneClick.refused", { reason });
    } else {
      tone = "success";
      text = t("oneClick.accepted", values);
    }
  }
  return (
    <div className={`toast toast--one-click toast--${tone}`} role="status" data-testid="one-click-status" data-state={busy ? "placing" : (coupon?.state ?? answer?.kind)}>
      <p className="toast__title">{t("oneClick.title")}</p>
      <p className="toast__text">{text}</p>
      {busy ? null : (
        <div className="toast__actions">
          {coupon ? (
            <a className="button button--small" href={`/${lng}/coupon/result/${coupon.id}`}>
              {t("oneClick.details")}
            </a>
          ) : null}
          <button type="button" className="button button--ghost button--small" onClick={close}>
            {t("bets.close")}
          </button>
        </div>
      )}
    </div>
  );
}
