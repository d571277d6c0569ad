// The pure rules of payments (issue 34, decision 065), apart from their SQL so each can be tested
// alone: the methods and their limits per currency and kind, the amount check, the status machine
// a callback moves, the archive rule of the history and the words a bettor reads.

import { createHash } from "node:crypto";

/** SPEC §3 Payment history entry status_id. */
export const PAYMENT_STATUS = { awaiting: 0, pending: 1, success: 2, failed: 3, cancelled: 4 } as const;
export type PaymentStatusWord = keyof typeof PAYMENT_STATUS;
export type PaymentStatusId = (typeof PAYMENT_STATUS)[PaymentStatusWord];

const WORDS: Record<PaymentStatusId, PaymentStatusWord> = { 0: "awaiting", 1: "pending", 2: "success", 3: "failed", 4: "cancelled" };

export function statusWord(id: PaymentStatusId): PaymentStatusWord {
  return WORDS[id];
}

/** Success, failure and cancellation are final: nothing moves a payment out of them. */
export function isTerminal(id: PaymentStatusId): boolean {
  return id === PAYMENT_STATUS.success || id === PAYMENT_STATUS.failed || id === PAYMENT_STATUS.cancelled;
}

export type PaymentKind = "deposit" | "withdrawal";
/** The provider's word for a kind: a withdrawal is a payout to the bettor. */
export type ProviderKind = "deposit" | "payout";

export function providerKind(kind: PaymentKind): ProviderKind {
  return kind === "deposit" ? "deposit" : "payout";
}

export const PAYMENT_METHODS = ["card", "ewallet", "bank"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

interface Range {
  min: number;
  max: number;
}
interface CurrencyRules {
  /** Amounts are whole multiples of this many minor units (100: whole roubles). */
  step: number;
  deposit: Record<PaymentMethod, Range>;
  withdrawal: Record<PaymentMethod, Range>;
}

const r = (min: number, max: number): Range => ({ min, max });

/**
 * Every currency a bettor can register with (app/forms/account.ts), in minor units. Currencies
 * whose coins nobody uses take whole units only. A withdrawal's minimum is above the deposit's:
 * each payout costs the house a provider fee.
 */
export const PAYMENT_LIMITS: Readonly<Record<string, CurrencyRules>> = {
  RUB: {
    step: 100,
    deposit: { card: r(100_00, 150_000_00), ewallet: r(100_00, 75_000_00), bank: r(1_000_00, 600_000_00) },
    withdrawal: { card: r(500_00, 150_000_00), ewallet: r(500_00, 75_000_00), bank: r(1_000_00, 600_000_00) },
  },
  EUR: {
    step: 1,
    deposit: { card: r(10_00, 5_000_00), ewallet: r(10_00, 2_500_00), bank: r(50_00, 20_000_00) },
    withdrawal: { card: r(20_00, 5_000_00), ewallet: r(20_00, 2_500_00), bank: r(50_00, 20_000_00) },
  },
  USD: {
    step: 1,
    deposit: { card: r(10_00, 5_000_00), ewallet: r(10_00, 2_500_00), bank: r(50_00, 20_000_00) },
    withdrawal: { card: r(20_00, 5_000_00), ewallet: r(20_00, 2_500_00), bank: r(50_00, 20_000_00) },
  },
  KZT: {
    step: 100,
    deposit: { card: r(500_00, 2_500_000_00), ewallet: r(500_00, 1_250_000_00), bank: r(5_000_00, 10_000_000_00) },
    withdrawal: { card: r(2_500_00, 2_500_000_00), ewallet: r(2_500_00, 1_250_000_00), bank: r(5_000_00, 10_000_000_00) },
  },
  TRY: {
    step: 100,
    deposit: { card: r(50_00, 150_000_00), ewallet: r(50_00, 75_000_00), bank: r(500_00, 600_000_00) },
    withdrawal: { card: r(250_00, 150_000_00), ewallet: r(250_00, 75_000_00), bank: r(500_00, 600_000_00) },
  },
  UAH: {
    step: 100,
    deposit: { card: r(50_00, 200_000_00), ewallet: r(50_00, 100_000_00), bank: r(500_00, 800_000_00) },
    withdrawal: { card: r(250_00, 200_000_00), ewallet: r(250_00, 100_000_00), bank: r(500_00, 800_000_00) },
  },
  AZN: {
    step: 1,
    deposit: { card: r(10_00, 8_500_00), ewallet: r(10_00, 4_250_00), bank: r(50_00, 34_000_00) },
    withdrawal: { card: r(20_00, 8_500_00), ewallet: r(20_00, 4_250_00), bank: r(50_00, 34_000_00) },
  },
};

export interface MethodView {
  id: PaymentMethod;
  min: number;
  max: number;
}

/** The methods a bettor of `currency` may use for `kind`, and the currency's step; none for a currency the table lacks. */
export function methodsFor(currency: string, kind: PaymentKind): { currency: string; step: number; methods: MethodView[] } {
  const rules = PAYMENT_LIMITS[currency];
  if (!rules) return { currency, step: 1, methods: [] };
  return { currency, step: rules.step, methods: PAYMENT_METHODS.map((id) => ({ id, ...rules[kind][id] })) };
}

export type AmountRefusal =
  | { code: "unknown_method" }
  | { code: "amount_below_min"; min: number }
  | { code: "amount_above_max"; max: number }
  | { code: "amount_step"; step: number };

/** Whether `amount` may be paid by `method` in `currency`: the method, its minimum and maximum, then the step. */
export function checkAmount(currency: string, kind: PaymentKind, method: string, amount: number): AmountRefusal | null {
  const rules = PAYMENT_LIMITS[currency];
  const range = rules && (PAYMENT_METHODS as readonly string[]).includes(method) ? rules[kind][method as PaymentMethod] : undefined;
  if (!rules || !range) return { code: "unknown_method" };
  if (amount < range.min) return { code: "amount_below_min", min: range.min };
  if (amount > range.max) return { code: "amount_above_max", max: range.max };
  if (amount % rules.step !== 0) return { code: "amount_step", step: rules.step };
  return null;
}

/** What a callback's status does to a payment: moves it, repeats what it is, or comes too late to matter. */
export type Transition = { move: true; to: PaymentStatusId } | { move: false; why: "duplicate" | "after_terminal" };

/**
 * The status machine: awaiting → pending → success | failed | cancelled, and awaiting straight to a
 * final state. Callbacks arrive in any order and any number of times: the same status again is a
 * duplicate, and once final a payment never changes (a late pending, or a contradicting final
 * state, is ignored).
 */
export function transition(current: PaymentStatusId, incoming: Exclude<PaymentStatusWord, "awaiting">): Transition {
  const to = PAYMENT_STATUS[incoming];
  if (current === to) return { move: false, why: "duplicate" };
  if (isTerminal(current)) return { move: false, why: "after_terminal" };
  return { move: true, to };
}

/** Final payments older than this are the history's archive (SPEC §3 isIncludeArchive). */
export const ARCHIVE_AFTER_DAYS = 90;
const DAY_MS = 86_400_000;

/** The instant before which a final payment is archived, on the platform's clock. */
export function archiveCutoff(nowMs: number): Date {
  return new Date(nowMs - ARCHIVE_AFTER_DAYS * DAY_MS);
}

export function isArchived(status: PaymentStatusId, createdAt: Date, nowMs: number): boolean {
  return isTerminal(status) && createdAt.getTime() < archiveCutoff(nowMs).getTime();
}

export const PAYMENTS_PAGE_SIZE = 10;

export interface PaymentMessage {
  /** Dictionary key the site translates. */
  key: string;
  /** English, for a reader without the dictionary. */
  text: string;
}

const TEXTS: Record<PaymentKind, Record<PaymentStatusWord, string>> = {
  deposit: {
    awaiting: "Waiting for the payment",
    pending: "The payment is being processed",
    success: "Deposit credited",
    failed: "The payment failed",
    cancelled: "The payment was cancelled",
  },
  withdrawal: {
    awaiting: "Waiting for the payout to be confirmed",
    pending: "The payout is being processed",
    success: "Withdrawal paid out",
    failed: "The payout failed; the amount is back on the balance",
    cancelled: "The payout was cancelled; the amount is back on the balance",
  },
};

export const PROVIDER_UNAVAILABLE: PaymentMessage = {
  key: "payments.messages.provider_unavailable",
  text: "The payment provider could not be reached; nothing was charged",
};

/**
 * A successful deposit part or all of which repaid what the bettor owed (decision 019). The site's
 * dictionary interpolates `{{repaid}}` and `{{credited}}` from the payment's `debtRepaid` and
 * `amount`; the English text spells the amounts out for a reader without it.
 */
export function debtRepaidMessage(amount: number, repaid: number, currency: string): PaymentMessage {
  const units = (minor: number) => `${(minor / 100).toFixed(2)} ${currency}`;
  const text =
    repaid >= amount
      ? `Deposit credited; all of it (${units(repaid)}) repaid what you owed`
      : `Deposit credited; ${units(repaid)} of it repaid what you owed, ${units(amount - repaid)} is on your balance`;
  return { key: "payments.messages.deposit_debt_repaid", text };
}

/** The message a payment of `kind` shows in `status`. */
export function paymentMessage(kind: PaymentKind, status: PaymentStatusId): PaymentMessage {
  const word = statusWord(status);
  return { key: `payments.messages.${kind}_${word}`, text: TEXTS[kind][word] };
}

/** SPEC §3 skks_hash: a short, stable digest of the provider's transaction id (empty before there is one). */
export function skksHash(providerId: string | null): string {
  return providerId ? createHash("sha256").update(providerId).digest("hex").slice(0, 12) : "";
}

/** The site's return page of an outcome, e.g. `{base}/onpay/withdraw/success?payment=12`. */
export function returnUrls(returnBase: string, kind: PaymentKind, paymentId: number): Record<"success" | "fail" | "pending" | "cancel", string> {
  const base = `${returnBase.replace(/\/+$/, "")}/onpay${kind === "withdrawal" ? "/withdraw" : ""}`;
  const url = (outcome: string) => `${base}/${outcome}?payment=${paymentId}`;
  return { success: url("success"), fail: url("fail"), pending: url("pending"), cancel: url("cancel") };
}
