// The office's payment forms (SPEC §2 recharge and deduce) and the payment history's query.
// The amount is typed in whole units of the currency ("500", "500.50") and checked against the
// method's limits and the currency's step here, in minor units, before the platform checks it again.
import { z } from "zod";
import { PAYMENT_METHODS } from "~/constants";
import { parseAmountInput } from "~/coupon/amount-input";
import { messageWithValue } from "~/lib/messages";

const P = "payments.errors";



/** A form's own idempotency key: drawn when the form is shown, so a second submit opens the same payment. */
export const paymentKey = z.string().regex(/^[A-Za-z0-9-]{16,64}$/);

export interface AmountRules {
  exponent: number;
  step: number;
  methods: ReadonlyArray<{ id: string; min: number; max: number }>;
  /** What the bettor may take out (withdrawals only), minor units. */
  available?: number;
  /** Formats a minor-unit amount for a message ("1 000 RUB"). */
  format: (minor: number) => string;
}

/**
 * The deposit or withdrawal form: a method of the list, an amount within its limits, on the
 * currency's step (and, for a withdrawal, not above what can be taken out).
 */
export function paymentForm(rules: AmountRules) {
  return z
    .object({
      key: paymentKey,
      method: z.enum(PAYMENT_METHODS, { errorMap: () => ({ message: `${P}.method` }) }),
      amount: z.string({ required_error: `${P}.amountRequired` }).trim().min(1, `${P}.amountRequired`).max(20, `${P}.amountInvalid`),
    })
    .transform((value, ctx) => {
      // "150,000" is a thousands separator to some and a decimal comma to others: asked again.
      const amount = /,\d{3}$/.test(value.amount) ? null : parseAmountInput(value.amount, rules.exponent);
      const issue = (message: string) => {
        ctx.addIssue({ code: "custom", path: ["amount"], message });
        return z.NEVER;
      };
      if (amount === null || amount <= 0) return issue(`${P}.amountInvalid`);
      const method = rules.methods.find((m) => m.id === value.method);
      if (!method) {
        ctx.addIssue({ code: "custom", path: ["method"], message: `${P}.method` });
        return z.NEVER;
      }
      const refusal = amountRefusal(amount, method, rules);
      if (refusal) return issue(refusal);
      return { key: value.key, method: value.method, amount };
    });
}

/** Why an amount is refused for a method (a message key with its figure), or null when it is fine. */
function amountRefusal(amount: number, method: { min: number; max: number }, rules: Pick<AmountRules, "step" | "available" | "format">): string | null {
  if (amount < method.min) return messageWithValue(`${P}.amountBelowMin`, rules.format(method.min));
  if (amount > method.max) return messageWithValue(`${P}.amountAboveMax`, rules.format(method.max));
  if (amount % rules.step !== 0) return messageWithValue(`${P}.amountStep`, rules.format(rules.step));
  if (rules.available !== undefined && amount > rules.available) return messageWithValue(`${P}.insufficientFunds`, rules.format(Math.max(0, rules.available)));
  return null;
}

/** The payment history's query: bad values read as their default, so any link shows the history. */
export const paymentHistoryQuery = z.object({
  archive: z.literal("1").optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/** A link's prefilled method and amount (the quick amounts): anything else is left empty. */
export const paymentPrefill = z.object({
  method: z.enum(PAYMENT_METHODS).optional().catch(undefined),
  amount: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/)
    .optional()
    .catch(undefined),
});

/** The post before the amount is checked against the limits the platform gives (read in the action). */
export const postedPayment = z.object({
  key: paymentKey,
  method: z.enum(PAYMENT_METHODS, { errorMap: () => ({ message: `${P}.method` }) }),
  amount: z.string({ required_error: `${P}.amountRequired` }).trim().min(1, `${P}.amountRequired`).max(20, `${P}.amountInvalid`),
});

/** The payment a return page names (`?payment=`). */
export const paymentParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
