import { type Context, Hono } from "hono";
import { z } from "zod";
import { SIGNATURE_HEADER } from "../../common/payment-signature.ts";
import type { Db } from "../db/index.ts";
import type { AdjustableClock } from "../domain/clock.ts";
import { MAX_TRANSFER_AMOUNT } from "../domain/ledger.ts";
import type { PaymentRecovery } from "../domain/payment-recovery.ts";
import { type CreateResult, type PaymentRequest, type PaymentSettings, applyCallback, bettorPayment, createDeposit, createWithdrawal, paymentHistory, paymentJson, paymentMethods } from "../domain/payments.ts";
import { type AuthEnv, requireUser } from "./auth.ts";
import { apiError, containsNul, parseJsonBody, parseParams, parseQuery } from "./http.ts";

// The payments API (docs/PAYMENTS-API.md, decision 065): the bettor's deposits, withdrawals and
// their history under /web-api/payments, and the provider's callback under /payments-api.

const httpUrl = z
  .string()
  .max(2_000)
  .url()
  .refine((u) => /^https?:\/\/[^/]/i.test(u), "expected an absolute http(s) URL");

const paymentBody = z.object({
  method: z.string().min(1).max(40),
  amount: z.number().int().min(1).max(MAX_TRANSFER_AMOUNT),
  returnBase: httpUrl,
});

const idempotencyKey = z.string().regex(/^[\x21-\x7e]{1,200}$/, "1 to 200 printable ASCII characters");

const methodsQuery = z.object({ kind: z.enum(["deposit", "withdrawal"]).default("deposit") });
const historyQuery = z.object({
  isIncludeArchive: z.enum(["0", "1", "true", "false"]).default("0").transform((v) => v === "1" || v === "true"),
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
});
const paymentParams = z.object({ id: z.string().regex(/^\d{1,15}$/, "digits only").transform(Number) });

/** The bettor's payment calls, under /web-api. */
export function paymentsApi(db: Db, settings: PaymentSettings) {
  const app = new Hono<AuthEnv>();
  const signedIn = requireUser(db);

  app.get("/payments/methods", signedIn, async (c) => {
    const q = parseQuery(c, methodsQuery);
    if (!q.ok) return q.response;
    return c.json({ result: await paymentMethods(db, c.var.user.id, q.data.kind) });
  });

  app.get("/payments/history", signedIn, async (c) => {
    const q = parseQuery(c, historyQuery);
    if (!q.ok) return q.response;
    const page = await paymentHistory(db, c.var.user.id, { includeArchive: q.data.isIncludeArchive, page: q.data.pageNumber, nowMs: settings.clock.now() });
    return c.json({ result: page });
  });

  app.get("/payments/:id", signedIn, async (c) => {
    const params = parseParams(c, paymentParams);
    if (!params.ok) return params.response;
    const payment = await bettorPayment(db, c.var.user.id, params.data.id);
    if (!payment) return apiError(c, 404, "not_found", "No such payment");
    return c.json({ result: paymentJson(payment) });
  });

  const create = (make: typeof createDeposit) => async (c: Context<AuthEnv>) => {
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return apiError(c, 400, "invalid_body", "body: expected a JSON document");
      }
      const parsed = paymentBody.safeParse(body);
      if (containsNul(body) || !parsed.success) {
        const issue = parsed.error?.issues[0];
        return apiError(c, 400, "invalid_body", issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "body: text must not contain NUL characters");
      }
      const key = idempotencyKey.safeParse(c.req.header("idempotency-key"));
      if (!key.success) return apiError(c, 400, "idempotency_key_required", "Idempotency-Key: 1 to 200 printable ASCII characters are required");
      const result: CreateResult = await make(db, settings, c.var.user.id, key.data, parsed.data as PaymentRequest);
      if (!result.ok) return apiError(c, result.refusal.status, result.refusal.code, result.refusal.message, result.refusal.extra);
      if (result.replayed) c.header("idempotent-replayed", "true");
      const view = paymentJson(result.payment);
      return c.json({ result: { paymentId: view.id, status: view.status, statusId: view.statusId, redirectUrl: result.payment.redirect_url, payment: view } }, result.status);
  };

  app.post("/payments/deposit", signedIn, create(createDeposit));
  app.post("/payments/withdraw", signedIn, create(createWithdrawal));
  return app;
}

/** The provider's server-to-server callback, under /payments-api: verified before anything is read. */
export function paymentCallbackApi(db: Db, settings: PaymentSettings) {
  const app = new Hono();
  app.post("/callback", async (c) => {
    const raw = await c.req.text();
    const answer = await applyCallback(db, settings, raw, c.req.header(SIGNATURE_HEADER));
    return c.json(answer.body, answer.status);
  });
  return app;
}

/**
 * Test-only hooks (/__test/payments): move the payments' clock, so the archive and the recovery's
 * thresholds are tested on any day and without waiting; run one recovery sweep now (the timer's,
 * through the leadership; `force` without it, to race two sweeps).
 */
export function paymentsTestHooksApi(clock: AdjustableClock, recovery: PaymentRecovery) {
  const app = new Hono();
  app.post("/reconcile", async (c) => {
    const parsed = await parseJsonBody(c, z.object({ force: z.boolean().default(false) }).strict());
    if (!parsed.ok) return parsed.response;
    return c.json({ result: await recovery.sweep({ force: parsed.data.force }) });
  });
  app.post("/clock", async (c) => {
    const parsed = await parseJsonBody(c, z.object({ offsetMs: z.number().int().min(-10 * 365 * 86_400_000).max(10 * 365 * 86_400_000) }));
    if (!parsed.ok) return parsed.response;
    clock.setOffset(parsed.data.offsetMs);
    return c.json({ offsetMs: clock.offset(), now: new Date(clock.now()).toISOString() });
  });
  return app;
}
