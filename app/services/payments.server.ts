import { z } from "zod";
import { withAccessToken } from "./auth.server";
import { PAYMENT_METHODS, PAYMENT_STATUSES, type PaymentMethod } from "~/constants";
import { UpstreamError, callUpstream } from "./http.server";

/**
 * The platform's payments API (docs/PAYMENTS-API.md): the methods and their limits, a deposit or
 * withdrawal started at the payment provider, one payment's state and the payment history. Every
 * answer is parsed here; a refusal becomes a typed `PaymentRefusal`, never a bare error.
 */

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const minor = z.number().int().nonnegative();

const isKnownMethod = (id: string): id is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(id);

export type PaymentKind = "deposit" | "withdrawal";

const methodsSchema = z.object({
  result: z.object({
    currency: z.string().min(3).max(8),
    step: z.number().int().positive(),
    methods: z.array(z.object({ id: z.string().min(1).max(40), min: minor, max: minor })),
  }),
});
export interface MethodLimits {
  id: PaymentMethod;
  min: number;
  max: number;
}
export interface PaymentMethods {
  currency: string;
  step: number;
  methods: MethodLimits[];
}

export async function getPaymentMethods(sessionToken: string, kind: PaymentKind, signal?: AbortSignal): Promise<PaymentMethods> {
  const answer = await withAccessToken(sessionToken, (token) =>
    callUpstream({ upstream: "web", path: "/web-api/payments/methods", query: { kind }, headers: bearer(token), schema: methodsSchema, retry: { times: 1, delayMs: 200 }, signal }),
  );
  const { currency, step, methods } = answer.result;
  return { currency, step, methods: methods.filter((m): m is MethodLimits => isKnownMethod(m.id)) };
}

const startedSchema = z.object({
  // The provider's page: where the browser is sent, so http(s) only.
  result: z.object({ paymentId: z.number().int().positive(), status: z.enum(PAYMENT_STATUSES), redirectUrl: z.string().url().regex(/^https?:\/\//i) }),
});
export type StartedPayment = z.infer<typeof startedSchema>["result"];

/** How long starting a payment may take: the platform calls the provider, which may be slow. */
const START_TIMEOUT_MS = 12_000;

/**
 * Starts a deposit or a withdrawal at the provider: the answer's `redirectUrl` is the provider's
 * hosted page. The same `key` always answers the same payment, so a second submit of one form
 * opens the same payment rather than a second one. A withdrawal reserves its amount at once.
 * @money a route whose action reaches this declares `money: true` (docs/ACTIONS.md)
 */
export async function startPayment(
  sessionToken: string,
  kind: PaymentKind,
  key: string,
  body: { method: PaymentMethod; amount: number; returnBase: string },
): Promise<StartedPayment> {
  const answer = await withAccessToken(sessionToken, (token) =>
    callUpstream({
      upstream: "web",
      path: kind === "deposit" ? "/web-api/payments/deposit" : "/web-api/payments/withdraw",
      method: "POST",
      json: body,
      headers: { ...bearer(token), "idempotency-key": key },
      schema: startedSchema,
      timeoutMs: START_TIMEOUT_MS,
      // Safe to repeat: the key answers the same payment.
      retry: { times: 1, delayMs: 300 },
    }),
  );
  return answer.result;
}

const paymentSchema = z.object({
  result: z.object({
    id: z.number().int().positive(),
    kind: z.enum(["deposit", "withdrawal"]),
    status: z.enum(PAYMENT_STATUSES),
    statusId: z.number().int().min(0).max(4),
    amount: minor,
    currency: z.string().min(3).max(8),
    method: z.string(),
    message: z.string().nullable().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
});
export type Payment = z.infer<typeof paymentSchema>["result"];

/** One of the bettor's payments as the platform knows it, or null when it is not theirs or not there. */
export async function getPayment(sessionToken: string, id: number, signal?: AbortSignal): Promise<Payment | null> {
  try {
    const answer = await withAccessToken(sessionToken, (token) =>
      callUpstream({ upstream: "web", path: `/web-api/payments/${id}`, headers: bearer(token), schema: paymentSchema, retry: { times: 1, delayMs: 200 }, signal }),
    );
    return answer.result;
  } catch (error) {
    if (error instanceof UpstreamError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

const historyEntrySchema = z.object({
  id: z.number().int().positive(),
  status_id: z.number().int().min(0).max(4),
  message: z.string().nullable(),
  translate_message: z.string().nullable(),
  skks_hash: z.string().nullable(),
  timestamp: z.number().int(),
  date_payment: z.string(),
  status_title: z.string(),
  summ: minor,
  money_deposit_id: z.number().int().nullable(),
  kind: z.enum(["deposit", "withdrawal"]),
  currency: z.string().min(3).max(8),
  method: z.string(),
  /** Of a deposit, what repaid the bettor's debt before the rest reached the balance (decision 019). */
  debt_repaid: minor.default(0),
});
export type PaymentHistoryEntry = z.infer<typeof historyEntrySchema>;
const historySchema = z.object({ result: z.object({ entities: z.array(historyEntrySchema), total_count: z.number().int().nonnegative() }) });

/** The platform's page size of the payment history. */
export const PAYMENT_HISTORY_PAGE_SIZE = 10;

/** SPEC §7 payment history: `isIncludeArchive` and `pageNumber`, answering `entities` and `total_count`. */
export async function getPaymentHistory(
  sessionToken: string,
  query: { includeArchive: boolean; page: number },
  signal?: AbortSignal,
): Promise<{ entities: PaymentHistoryEntry[]; total: number }> {
  const answer = await withAccessToken(sessionToken, (token) =>
    callUpstream({
      upstream: "web",
      path: "/web-api/payments/history",
      query: { isIncludeArchive: query.includeArchive ? "1" : "0", pageNumber: String(query.page) },
      headers: bearer(token),
      schema: historySchema,
      retry: { times: 1, delayMs: 200 },
      signal,
    }),
  );
  return { entities: answer.result.entities, total: answer.result.total_count };
}

/** The platform's refusals of a payment, with the figure each one names (minor units). */
export const PAYMENT_REFUSAL_CODES = [
  "unknown_method",
  "amount_below_min",
  "amount_above_max",
  "amount_step",
  "insufficient_funds",
  "account_frozen",
  "wagering_unfinished",
  "idempotency_conflict",
  "request_in_progress",
  "provider_unavailable",
] as const;
/** `refused`: a refusal of the platform this site does not know by name (a 4xx all the same). */
export type PaymentRefusalCode = (typeof PAYMENT_REFUSAL_CODES)[number] | "refused";
export interface PaymentRefusal {
  code: PaymentRefusalCode;
  /** The limit or balance the refusal names, minor units. */
  amount?: number;
}

const refusalSchema = z.object({
  error: z.object({
    code: z.enum(PAYMENT_REFUSAL_CODES).catch("refused" as never),
    min: minor.optional(),
    max: minor.optional(),
    step: minor.optional(),
    available: z.number().int().optional(),
  }),
});

/**
 * The refusal a failed payment call carries, or null for any other failure: the platform's 4xx
 * (a code it adds later reads as `refused`), and its 503 saying the provider is away.
 */
export function paymentRefusalOf(error: unknown): PaymentRefusal | null {
  if (!(error instanceof UpstreamError) || error.kind !== "http") return null;
  const parsed = refusalSchema.safeParse(error.body);
  if (!parsed.success) return null;
  const { code, min, max, step, available } = parsed.data.error;
  if (error.status >= 500 && code !== "provider_unavailable") return null;
  return { code, amount: min ?? max ?? step ?? available };
}
