import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { StatusPage } from "~/components/StatusPage";
import { useRootData } from "~/components/root-data";
import { formatMoney } from "~/coupon/amount-input";
import { currencyDefaults } from "~/coupon/currency-defaults";
import { BALANCE_POLL, type PaymentStatus } from "~/constants";
import { paymentParam } from "~/forms/payments.server";
import { pageLoader } from "~/loaders/guards.server";
import { routeSeo } from "~/loaders/seo.server";
import { notFound } from "~/lib/responses.server";
import { seoMeta } from "~/seo";
import { getPayment } from "~/services/payments.server";

const RESULTS = ["success", "fail", "pending", "cancel"] as const;
type Result = (typeof RESULTS)[number];

/** The page each state of a payment shows (the provider's four return addresses, by what the platform knows). */
const VIEWS: Record<Result, { icon: "check" | "cross" | "clock"; tone: "success" | "danger" | "info" | "warning" }> = {
  success: { icon: "check", tone: "success" },
  fail: { icon: "cross", tone: "danger" },
  pending: { icon: "clock", tone: "info" },
  cancel: { icon: "cross", tone: "warning" },
};
const resultOf: Record<PaymentStatus, Result> = { awaiting: "pending", pending: "pending", success: "success", failed: "fail", cancelled: "cancel" };

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * Where the payment provider sends the bettor back: onpay/{result} for deposits and
 * onpay/withdraw/{result} for withdrawals, with `?payment={id}`. The page shows the state the
 * platform knows of that payment (confirmed by the provider's signed callback), never what the
 * address claims; while the payment is unconfirmed it looks again, 5 times 2.5 s apart.
 */
export async function loader(args: LoaderFunctionArgs) {
  const withdraw = new URL(args.request.url).pathname.includes("/onpay/withdraw/");
  return pageLoader(args, withdraw ? "onpay-withdraw" : "onpay", async (ctx) => {
    const result = args.params.result ?? "";
    if (!(RESULTS as readonly string[]).includes(result)) throw notFound();
    const id = paymentParam.safeParse(new URL(args.request.url).searchParams.get("payment"));
    const payment = id.success && ctx.user ? await getPayment(ctx.user.token, id.data, args.request.signal) : null;
    return data(
      {
        lng: ctx.site.lng,
        signedIn: Boolean(ctx.user),
        seo: await routeSeo(ctx),
        payment: payment
          ? {
              id: payment.id,
              operation: payment.kind === "withdrawal" ? ("withdraw" as const) : ("deposit" as const),
              result: resultOf[payment.status],
              settled: payment.statusId >= 2,
              amount: formatMoney(payment.amount, currencyDefaults(payment.currency).exponent, payment.currency, ctx.site.lng),
            }
          : null,
      },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/**
 * While the platform has not heard from the provider, the page asks again a few times. Whether it
 * is still asking: false in the server's page (without JavaScript nothing asks), true from the
 * hydration until the last try.
 */
function useRecheck(active: boolean) {
  const { revalidate, state } = useRevalidator();
  const [round, setRound] = useState(0);
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  useEffect(() => {
    if (!active || state !== "idle" || round >= BALANCE_POLL.times) return;
    const timer = setTimeout(() => {
      setRound((r) => r + 1);
      revalidate();
    }, BALANCE_POLL.delayMs);
    return () => clearTimeout(timer);
  }, [active, state, round, revalidate]);
  return scripted && active && round < BALANCE_POLL.times;
}

export default function PaymentReturn() {
  const { lng, payment, signedIn } = useLoaderData<typeof loader>();
  const isBot = useRootData()?.isBot ?? true;
  const { t } = useTranslation();
  const checking = useRecheck(Boolean(payment && !payment.settled && !isBot));
  const office = (path: string) => `/${lng}/office/${path}`;
  if (!payment) {
    // No payment of this bettor is named: nothing to say about any, only where to look.
    return (
      <StatusPage
        icon="clock"
        tone="info"
        title={t("onpay.unknownTitle")}
        actions={
          <a className="button button--primary" href={signedIn ? office("historypay") : `/${lng}/login?returnTo=${encodeURIComponent(office("historypay"))}`}>
            {t("onpay.toHistory")}
          </a>
        }
      >
        <p>{t("onpay.unknownText")}</p>
      </StatusPage>
    );
  }
  const view = VIEWS[payment.result];
  const again = payment.result === "fail" || payment.result === "cancel";
  return (
    <StatusPage
      icon={view.icon}
      tone={view.tone}
      title={t(`onpay.${payment.operation}.${payment.result}Title`)}
      actions={
        <>
          {again ? (
            <a className="button button--primary" href={office(payment.operation === "deposit" ? "recharge" : "deduce")}>
              {t("onpay.tryAgain")}
            </a>
          ) : null}
          <a className={again ? "button button--ghost" : "button button--primary"} href={office("account")}>
            {t("onpay.toAccount")}
          </a>
          <a className="button button--ghost" href={office("historypay")}>
            {t("onpay.toHistory")}
          </a>
        </>
      }
    >
      <p className="onpay-amount" data-testid="onpay-amount">
        {t("onpay.payment", { id: payment.id, amount: payment.amount })}
      </p>
      <p data-testid="onpay-state" data-result={payment.result}>
        {t(`onpay.${payment.operation}.${payment.result}Text`)}
      </p>
      {!payment.settled ? (
        <p className="onpay-checking" role="status">
          {checking ? t("onpay.checking") : t("onpay.stillWaiting")}
        </p>
      ) : null}
    </StatusPage>
  );
}
