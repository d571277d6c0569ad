import { formatMoney } from "~/coupon/amount-input";
import { currencyDefaults } from "~/coupon/currency-defaults";
import type { PaymentHistoryEntry } from "~/services/payments.server";

/** One payment as the history and the account page list it (SPEC §3 Payment history entry). */
export interface PaymentRowView {
  id: number;
  statusId: number;
  kind: "deposit" | "withdrawal";
  amount: number;
  currency: string;
  exponent: number;
  method: string;
  /** Unix seconds. */
  timestamp: number;
  /** The dictionary key of the platform's message, when it names one the dictionaries have. */
  messageKey: string | null;
  message: string | null;
  /** The figures the message names (a deposit that repaid a debt), formatted. */
  messageValues: Record<string, string>;
  reference: string | null;
}

/** The platform's message keys the dictionaries translate; any other message is shown as the platform wrote it. */
const MESSAGE_PREFIX = "payments.messages.";

/** History entries as the office's tables show them. */
export function paymentRows(entries: readonly PaymentHistoryEntry[], lng: string): PaymentRowView[] {
  const money = (minor: number, currency: string) => formatMoney(minor, currencyDefaults(currency).exponent, currency, lng);
  return entries.map((e) => ({
    id: e.id,
    statusId: e.status_id,
    kind: e.kind,
    amount: e.summ,
    currency: e.currency,
    exponent: currencyDefaults(e.currency).exponent,
    method: e.method,
    timestamp: e.timestamp,
    messageKey: e.translate_message?.startsWith(MESSAGE_PREFIX) ? e.translate_message : null,
    message: e.message,
    messageValues: e.debt_repaid > 0 ? { repaid: money(e.debt_repaid, e.currency), credited: money(e.summ - e.debt_repaid, e.currency) } : ({} as Record<string, string>),
    reference: e.skks_hash,
  }));
}
