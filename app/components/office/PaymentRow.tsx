import { useTranslation } from "react-i18next";
import { formatMoney } from "~/coupon/amount-input";
import { PAYMENT_STATUSES } from "~/constants";
import type { PaymentRowView } from "~/loaders/payments.server";
import { useRootData } from "~/components/root-data";
import { formatDateTime } from "~/lib/format";


const TONES = ["info", "info", "success", "danger", "muted"] as const;

export function PaymentStatusBadge({ statusId }: { statusId: number }) {
  const { t } = useTranslation();
  const status = PAYMENT_STATUSES[statusId] ?? "awaiting";
  return (
    <span className={`status-badge status-badge--${TONES[statusId] ?? "info"}`} data-status={status}>
      {t(`payments.statuses.${status}`)}
    </span>
  );
}

export function PaymentRow({ payment, lng }: { payment: PaymentRowView; lng: string }) {
  const { t } = useTranslation();
  const tz = useRootData()?.timeZone ?? 0;
  const when = new Date(payment.timestamp * 1000).toISOString();
  const sign = payment.kind === "deposit" ? "+" : "−";
  return (
    <tr data-testid="payment-row" data-kind={payment.kind}>
      <td>
        <time dateTime={when}>{formatDateTime(when, lng, tz)}</time>
      </td>
      <td>
        <span className="payment-kind">{t(`payments.kinds.${payment.kind}`)}</span>
        <span className="payment-ref">
          {t(`payments.methods.${payment.method}`, { defaultValue: payment.method })} · {t("payments.number", { id: payment.id })}
        </span>
      </td>
      <td className={`payment-sum payment-sum--${payment.kind}`}>
        {sign}
        {formatMoney(payment.amount, payment.exponent, payment.currency, lng)}
      </td>
      <td>
        <PaymentStatusBadge statusId={payment.statusId} />
        {payment.messageKey || payment.message ? (
          <span className="payment-message">{payment.messageKey ? t(payment.messageKey, { ...payment.messageValues, defaultValue: payment.message ?? "" }) : payment.message}</span>
        ) : null}
      </td>
    </tr>
  );
}

export function PaymentTable({ payments, lng, caption }: { payments: PaymentRowView[]; lng: string; caption: string }) {
  const { t } = useTranslation();
  return (
    <table className="payment-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t("payments.history.date")}</th>
          <th scope="col">{t("payments.history.operation")}</th>
          <th scope="col">{t("payments.history.sum")}</th>
          <th scope="col">{t("payments.history.status")}</th>
        </tr>
      </thead>
      <tbody>
        {payments.map((p) => (
          <PaymentRow key={p.id} payment={p} lng={lng} />
        ))}
      </tbody>
    </table>
  );
}
