// The fake payment provider (issue 34, decision 065): a third party's server in its own process.
// The platform creates payments on it (signed), the bettor chooses an outcome on its hosted page,
// and it tells the platform by a signed server-to-server callback, retried with back-off until the
// platform answers. It keeps its payments in memory, as a third party's state is not ours to keep.
// Test controls (PAYMENT_PROVIDER_TEST_CONTROLS=1) make it behave as real providers do on a bad
// day: down, slow, requests lost, callbacks repeated, out of order, withheld, re-sent.

import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import type { JsonLog } from "../../common/json-log.ts";
import { SIGNATURE_HEADER, signPayload, signedTarget, verifySignature } from "../../common/payment-signature.ts";
import { type ProviderStatus, notFoundPage, paymentPage, unavailablePage } from "./page.ts";

const MERCHANT = "Arena Bet";
/** How long the hosted page waits for the platform's answer to a callback before sending the browser back. */
const PAGE_WAITS_FOR_CALLBACK_MS = 2_000;
/** How long a completion through the API waits for the first round of callbacks. */
const COMPLETE_WAITS_FOR_CALLBACKS_MS = 10_000;
const CALLBACK_TIMEOUT_MS = 5_000;
/** Waits between tries of one callback the platform did not take (network error or 5xx). */
const RETRY_BACKOFF_MS = [500, 1_000, 2_000, 4_000, 8_000, 16_000];

const minorUnits = z.number().int().min(1).max(1_000_000_000_000_000);
const httpUrl = z
  .string()
  .max(2_000)
  .url()
  .refine((u) => /^https?:\/\//i.test(u), "expected an http(s) URL");

const createBody = z.object({
  merchantRef: z.string().min(1).max(100),
  kind: z.enum(["deposit", "payout"]),
  amount: minorUnits,
  currency: z.string().regex(/^[A-Z]{3}$/),
  method: z.string().min(1).max(40),
  returnUrls: z.object({ success: httpUrl, fail: httpUrl, pending: httpUrl, cancel: httpUrl }),
  callbackUrl: httpUrl,
});
type CreateBody = z.infer<typeof createBody>;

const merchantRefQuery = z.object({ merchantRef: z.string().min(1).max(100) }).strict();
const providerIdParam = z.string().regex(/^pp_[A-Za-z0-9_-]{1,100}$/);

const outcomeSchema = z.enum(["success", "fail", "pending", "cancel"]);
type Outcome = z.infer<typeof outcomeSchema>;
const OUTCOME_STATUS: Record<Outcome, ProviderStatus> = { success: "success", fail: "failed", pending: "pending", cancel: "cancelled" };
const STATUS_OUTCOME: Record<ProviderStatus, Outcome | null> = { awaiting: null, pending: "pending", success: "success", failed: "fail", cancelled: "cancel" };

const controlsBody = z.object({
  down: z.boolean().optional(),
  delayMs: z.number().int().min(0).max(120_000).optional(),
  copies: z.number().int().min(0).max(20).optional(),
  outOfOrder: z.boolean().optional(),
  lose: z.number().int().min(0).max(100).optional(),
});
type Controls = Required<z.infer<typeof controlsBody>>;
const DEFAULT_CONTROLS: Controls = { down: false, delayMs: 0, copies: 1, outOfOrder: false, lose: 0 };

interface CallbackEvent {
  eventId: string;
  status: Exclude<ProviderStatus, "awaiting">;
  body: string;
}

interface Delivery {
  eventId: string;
  status: string;
  attempt: number;
  /** The platform's HTTP status, or 0 when it could not be reached. */
  answer: number;
  at: string;
}

interface Payment extends CreateBody {
  id: string;
  status: ProviderStatus;
  createdAt: string;
  events: CallbackEvent[];
  deliveries: Delivery[];
}

const isFinal = (s: ProviderStatus) => s === "success" || s === "failed" || s === "cancelled";

export interface ProviderOptions {
  secret: string;
  publicUrl: string;
  testControls: boolean;
  log: JsonLog;
}

export function createProviderApp(options: ProviderOptions) {
  const app = new Hono();
  const payments = new Map<string, Payment>();
  const byMerchantRef = new Map<string, string>();
  let controls: Controls = { ...DEFAULT_CONTROLS };
  const retryTimers = new Set<NodeJS.Timeout>();
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /** One try of one callback: the platform's status, or 0 when it did not answer in time. */
  async function send(payment: Payment, event: CallbackEvent, attempt: number): Promise<number> {
    let answer = 0;
    try {
      const res = await fetch(payment.callbackUrl, {
        method: "POST",
        headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signPayload(options.secret, event.body) },
        body: event.body,
        signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
      });
      // Read to the end so the connection goes back to the pool.
      await res.arrayBuffer();
      answer = res.status;
    } catch {
      answer = 0;
    }
    payment.deliveries.push({ eventId: event.eventId, status: event.status, attempt, answer, at: new Date().toISOString() });
    options.log.info("callback.sent", { id: payment.id, eventId: event.eventId, status: event.status, attempt, answer });
    return answer;
  }

  /** Sends until the platform answers below 500 (a 4xx is its refusal: sending again would not change it). */
  function sendWithRetries(payment: Payment, event: CallbackEvent): Promise<number> {
    return send(payment, event, 1).then((answer) => {
      if (answer === 0 || answer >= 500) retryLater(payment, event, 1);
      return answer;
    });
  }

  function retryLater(payment: Payment, event: CallbackEvent, tried: number) {
    const wait = RETRY_BACKOFF_MS[tried - 1];
    if (wait === undefined) {
      options.log.warn("callback.gave_up", { id: payment.id, eventId: event.eventId, tries: tried });
      return;
    }
    const timer = setTimeout(() => {
      retryTimers.delete(timer);
      void send(payment, event, tried + 1).then((answer) => {
        if (answer === 0 || answer >= 500) retryLater(payment, event, tried + 1);
      });
    }, wait);
    timer.unref();
    retryTimers.add(timer);
  }

  /** Sends the events in order, each `copies` times at once (the controls' repeats race each other). */
  async function deliver(payment: Payment, events: CallbackEvent[], copies: number): Promise<void> {
    for (const event of events) {
      await Promise.all(Array.from({ length: copies }, () => sendWithRetries(payment, event)));
    }
  }

  function newEvent(payment: Payment, status: CallbackEvent["status"]): CallbackEvent {
    const eventId = `ev_${randomBytes(9).toString("base64url")}`;
    const kind = payment.kind;
    const body = JSON.stringify({ eventId, id: payment.id, merchantRef: payment.merchantRef, kind, status, amount: payment.amount, currency: payment.currency });
    const event = { eventId, status, body };
    payment.events.push(event);
    return event;
  }

  type Completed = { ok: true; delivered: Promise<void> } | { ok: false; status: ProviderStatus };

  /**
   * A choice on the page or through the API: the payment moves (pending may still be finished;
   * final is final) and its callbacks go out. With the controls' out-of-order flag, a final
   * outcome's callback is followed by a pending one, as a provider's late event would arrive.
   */
  function complete(payment: Payment, outcome: Outcome): Completed {
    const to = OUTCOME_STATUS[outcome];
    const allowed = payment.status === "awaiting" || (payment.status === "pending" && to !== "pending");
    if (!allowed) return { ok: false, status: payment.status };
    payment.status = to;
    const events = [newEvent(payment, to as CallbackEvent["status"])];
    if (controls.outOfOrder && isFinal(to)) events.push(newEvent(payment, "pending"));
    options.log.info("payment.completed", { id: payment.id, status: to });
    const delivered = deliver(payment, events, controls.copies);
    return { ok: true, delivered };
  }

  const within = (promise: Promise<void>, ms: number) => Promise.race([promise, sleep(ms)]);

  function json(payment: Payment) {
    return {
      id: payment.id,
      merchantRef: payment.merchantRef,
      kind: payment.kind,
      status: payment.status,
      amount: payment.amount,
      currency: payment.currency,
      method: payment.method,
      redirectUrl: `${options.publicUrl}/pay/${payment.id}`,
      createdAt: payment.createdAt,
    };
  }

  /** Reads the body as the bytes that were signed and checks the signature over them. */
  async function signedBody(req: { text(): Promise<string>; header(name: string): string | undefined }) {
    const raw = await req.text();
    const check = verifySignature(options.secret, raw, req.header(SIGNATURE_HEADER));
    return { raw, check };
  }

  // `createCalls`: create calls that arrived whole, answered or not yet (a test kills the merchant
  // only once its call is here).
  let createCalls = 0;
  app.get("/health", (c) => c.json({ status: "ok", payments: payments.size, createCalls }));

  // Down: every merchant and browser call fails as a provider's outage does; health and the test
  // controls stay up so the test can bring it back.
  app.use("/v1/*", async (c, next) => {
    if (controls.down) return c.json({ error: { code: "unavailable", message: "The provider is down" } }, 503);
    // The request is whole before the wait: a merchant that hangs up meanwhile has still sent it.
    if (c.req.method === "POST") await c.req.text();
    if (c.req.method === "POST" && c.req.path === "/v1/payments") createCalls += 1;
    // Lost on the way (decided on arrival, so the test may reset the controls meanwhile): it waits
    // like the others, then fails with nothing done, as a create call that never arrived.
    const lost = controls.lose > 0;
    if (lost) controls.lose -= 1;
    if (controls.delayMs > 0) await sleep(controls.delayMs);
    if (lost) return c.json({ error: { code: "unavailable", message: "The request was lost" } }, 503);
    return next();
  });
  app.use("/pay/*", async (c, next) => {
    if (controls.down) return c.html(unavailablePage(), 503);
    return next();
  });

  app.post("/v1/payments", async (c) => {
    const { raw, check } = await signedBody(c.req);
    if (!check.ok) return c.json({ error: { code: "invalid_signature", message: `signature ${check.reason}` } }, 401);
    let input: unknown;
    try {
      input = JSON.parse(raw);
    } catch {
      return c.json({ error: { code: "invalid_body", message: "expected a JSON document" } }, 400);
    }
    const parsed = createBody.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return c.json({ error: { code: "invalid_body", message: `${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}` } }, 400);
    }
    // One payment per merchant reference: a merchant that retries after a lost answer gets the same one.
    const earlierId = byMerchantRef.get(parsed.data.merchantRef);
    const earlier = earlierId ? payments.get(earlierId) : undefined;
    if (earlier) {
      const same = earlier.kind === parsed.data.kind && earlier.amount === parsed.data.amount && earlier.currency === parsed.data.currency;
      if (!same) return c.json({ error: { code: "merchant_ref_conflict", message: "This merchantRef was used for another payment" } }, 409);
      return c.json(json(earlier), 200);
    }
    const payment: Payment = {
      ...parsed.data,
      id: `pp_${randomBytes(12).toString("base64url")}`,
      status: "awaiting",
      createdAt: new Date().toISOString(),
      events: [],
      deliveries: [],
    };
    payments.set(payment.id, payment);
    byMerchantRef.set(payment.merchantRef, payment.id);
    options.log.info("payment.created", { id: payment.id, merchantRef: payment.merchantRef, kind: payment.kind, amount: payment.amount, currency: payment.currency });
    return c.json(json(payment), 201);
  });

  /**
   * The merchant's status queries have no body: the signature covers the method and the target
   * (path and query). Their answers are signed too, over the body: the merchant moves money on
   * them as on a callback.
   */
  const signedQuery = (c: { req: { url: string; method: string; header(name: string): string | undefined } }) => {
    const url = new URL(c.req.url);
    return verifySignature(options.secret, signedTarget(c.req.method, `${url.pathname}${url.search}`), c.req.header(SIGNATURE_HEADER));
  };
  const signedAnswer = (body: unknown, status: 200 | 400 | 401 | 404) => {
    const text = JSON.stringify(body);
    return new Response(text, { status, headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signPayload(options.secret, text) } });
  };

  // The payments with a merchant reference (at most one): how a merchant that lost the create
  // call's answer learns whether the payment exists. An empty list is the provider's word that it does not.
  app.get("/v1/payments", (c) => {
    const check = signedQuery(c);
    if (!check.ok) return signedAnswer({ error: { code: "invalid_signature", message: `signature ${check.reason}` } }, 401);
    const query = merchantRefQuery.safeParse(c.req.query());
    if (!query.success) return signedAnswer({ error: { code: "invalid_query", message: "merchantRef: 1 to 100 characters, and nothing else, are required" } }, 400);
    const id = byMerchantRef.get(query.data.merchantRef);
    const payment = id ? payments.get(id) : undefined;
    return signedAnswer({ data: payment ? [json(payment)] : [] }, 200);
  });

  // One payment's state as the provider knows it (its callbacks may have been lost).
  app.get("/v1/payments/:id", (c) => {
    const check = signedQuery(c);
    if (!check.ok) return signedAnswer({ error: { code: "invalid_signature", message: `signature ${check.reason}` } }, 401);
    const id = providerIdParam.safeParse(c.req.param("id"));
    if (!id.success) return signedAnswer({ error: { code: "invalid_id", message: "id: a payment id such as pp_…" } }, 400);
    const payment = payments.get(id.data);
    if (!payment) return signedAnswer({ error: { code: "payment_not_found", message: "No such payment" } }, 404);
    return signedAnswer(json(payment), 200);
  });

  // The merchant's completion of a payment server-side: the same as a choice on the page.
  app.post("/v1/payments/:id/complete", async (c) => {
    const { raw, check } = await signedBody(c.req);
    if (!check.ok) return c.json({ error: { code: "invalid_signature", message: `signature ${check.reason}` } }, 401);
    const payment = payments.get(c.req.param("id"));
    if (!payment) return c.json({ error: { code: "not_found", message: "No such payment" } }, 404);
    let outcome: z.infer<typeof outcomeSchema>;
    try {
      outcome = z.object({ outcome: outcomeSchema }).parse(JSON.parse(raw)).outcome;
    } catch {
      return c.json({ error: { code: "invalid_body", message: 'outcome: one of "success", "fail", "pending", "cancel"' } }, 400);
    }
    const done = complete(payment, outcome);
    if (!done.ok) return c.json({ error: { code: "payment_final", message: `The payment is already ${done.status}`, status: done.status } }, 409);
    await within(done.delivered, COMPLETE_WAITS_FOR_CALLBACKS_MS);
    return c.json({ ...json(payment), deliveries: payment.deliveries });
  });

  app.get("/pay/:id", (c) => {
    const payment = payments.get(c.req.param("id"));
    c.header("cache-control", "no-store");
    c.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'");
    if (!payment) return c.html(notFoundPage(), 404);
    const outcome = STATUS_OUTCOME[payment.status];
    return c.html(
      paymentPage({
        id: payment.id,
        kind: payment.kind,
        amount: payment.amount,
        currency: payment.currency,
        method: payment.method,
        merchant: MERCHANT,
        status: payment.status,
        returnUrl: outcome && isFinal(payment.status) ? payment.returnUrls[outcome] : null,
      }),
    );
  });

  app.post("/pay/:id", async (c) => {
    const payment = payments.get(c.req.param("id"));
    if (!payment) return c.html(notFoundPage(), 404);
    const form = await c.req.parseBody();
    const outcome = outcomeSchema.safeParse(form.outcome);
    // A choice the page no longer offers (sent twice, or after the payment ended) shows the page again.
    if (!outcome.success) return c.redirect(`/pay/${payment.id}`, 303);
    const done = complete(payment, outcome.data);
    if (!done.ok) return c.redirect(`/pay/${payment.id}`, 303);
    await within(done.delivered, PAGE_WAITS_FOR_CALLBACK_MS);
    return c.redirect(payment.returnUrls[outcome.data], 303);
  });

  if (options.testControls) {
    app.get("/__test/controls", (c) => c.json(controls));
    app.post("/__test/controls", async (c) => {
      const parsed = controlsBody.safeParse(await c.req.json().catch(() => null));
      if (!parsed.success) return c.json({ error: { code: "invalid_body", message: parsed.error.issues[0]?.message ?? "invalid" } }, 400);
      controls = { ...controls, ...Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)) };
      return c.json(controls);
    });
    app.delete("/__test/controls", (c) => {
      controls = { ...DEFAULT_CONTROLS };
      return c.json(controls);
    });
    app.get("/__test/payments/:id", (c) => {
      const payment = payments.get(c.req.param("id"));
      if (!payment) return c.json({ error: { code: "not_found", message: "No such payment" } }, 404);
      return c.json({ ...json(payment), events: payment.events.map(({ eventId, status }) => ({ eventId, status })), deliveries: payment.deliveries });
    });
    // The last callback again, signed now (a provider re-sending it, minutes later), `copies` times.
    app.post("/__test/payments/:id/resend", async (c) => {
      const payment = payments.get(c.req.param("id"));
      const event = payment?.events.at(-1);
      if (!payment || !event) return c.json({ error: { code: "not_found", message: "No such payment, or no callback yet" } }, 404);
      const copies = z.number().int().min(1).max(20).catch(1).parse(((await c.req.json().catch(() => ({}))) as { copies?: unknown }).copies);
      const answers = await Promise.all(Array.from({ length: copies }, () => send(payment, event, 1)));
      return c.json({ eventId: event.eventId, status: event.status, answers });
    });
  }

  app.notFound((c) => c.json({ error: { code: "not_found", message: "No such API" } }, 404));
  app.onError((error, c) => {
    options.log.error("request.failed", { method: c.req.method, path: c.req.path, error });
    return c.json({ error: { code: "internal", message: "Internal error" } }, 500);
  });

  return {
    app,
    /** Stops the background retries (the process is stopping). */
    close() {
      for (const timer of retryTimers) clearTimeout(timer);
      retryTimers.clear();
    },
  };
}
