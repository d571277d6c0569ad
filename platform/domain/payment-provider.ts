// The platform's client of the payment provider (decision 065): one signed POST per payment, with
// an explicit time-out, its answer parsed before it is believed. A provider that does not answer
// in time, answers an error or answers something else than a payment is "unavailable": the
// caller records the payment as failed and tells the bettor to try again.

import { z } from "zod";
import { SIGNATURE_HEADER, signPayload, signedTarget, verifySignature } from "../../common/payment-signature.ts";
import type { ProviderKind } from "./payment-rules.ts";

export interface ProviderPaymentRequest {
  merchantRef: string;
  kind: ProviderKind;
  amount: number;
  currency: string;
  method: string;
  returnUrls: Record<"success" | "fail" | "pending" | "cancel", string>;
  callbackUrl: string;
}

const providerAnswer = z.object({
  id: z.string().regex(/^pp_[A-Za-z0-9_-]{1,100}$/),
  status: z.enum(["awaiting", "pending", "success", "failed", "cancelled"]),
  redirectUrl: z
    .string()
    .max(2_000)
    .url()
    .refine((u) => /^https?:\/\//i.test(u), "expected an http(s) URL"),
});

/** A payment as the provider's status queries answer it. */
const providerPayment = z.object({
  id: providerAnswer.shape.id,
  merchantRef: z.string().min(1).max(100),
  kind: z.enum(["deposit", "payout"]),
  status: providerAnswer.shape.status,
  amount: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  currency: z.string().regex(/^[A-Z]{3}$/),
  redirectUrl: providerAnswer.shape.redirectUrl,
});
export type ProviderPayment = z.infer<typeof providerPayment>;
const lookupAnswer = z.object({ data: z.array(providerPayment).max(1) });
const notFoundAnswer = z.object({ error: z.object({ code: z.literal("payment_not_found") }) });

/**
 * A status query's answer: the payment, or the provider's signed word that it has none (null);
 * anything else (no answer, an error, a wrong shape or signature) is `ok: false` and proves nothing.
 */
export type ProviderLookup = { ok: true; payment: ProviderPayment | null } | { ok: false; detail: string };

export type ProviderCreated = { ok: true; id: string; redirectUrl: string } | { ok: false; detail: string };

export interface PaymentProvider {
  createPayment(request: ProviderPaymentRequest): Promise<ProviderCreated>;
  /** The state of a payment the provider opened for us (GET /v1/payments/{id}). */
  paymentById(id: string): Promise<ProviderLookup>;
  /** The payment opened with our reference, when we never learnt its id (GET /v1/payments?merchantRef=). */
  paymentByMerchantRef(merchantRef: string): Promise<ProviderLookup>;
}

export function paymentProvider(options: { url: string; secret: string; timeoutMs: number }): PaymentProvider {
  const endpoint = `${options.url.replace(/\/+$/, "")}/v1/payments`;

  /** A signed GET whose answer must carry the provider's signature over its body before it is believed. */
  async function query(url: URL, found: (json: unknown, status: number) => ProviderLookup): Promise<ProviderLookup> {
    let status = 0;
    let text = "";
    let signature: string | null = null;
    try {
      const res = await fetch(url, {
        headers: { [SIGNATURE_HEADER]: signPayload(options.secret, signedTarget("GET", `${url.pathname}${url.search}`)) },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      status = res.status;
      signature = res.headers.get(SIGNATURE_HEADER);
      text = await res.text();
    } catch (error) {
      return { ok: false, detail: (error as Error).name === "TimeoutError" ? `no answer within ${options.timeoutMs} ms` : (error as Error).message };
    }
    const check = verifySignature(options.secret, text, signature);
    if (!check.ok) return { ok: false, detail: `answered ${status} without a valid signature (${check.reason})` };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { ok: false, detail: "answered something else than JSON" };
    }
    return found(json, status);
  }

  return {
    paymentById(id) {
      return query(new URL(`${endpoint}/${encodeURIComponent(id)}`), (json, status) => {
        if (status === 404 && notFoundAnswer.safeParse(json).success) return { ok: true, payment: null };
        if (status !== 200) return { ok: false, detail: `answered ${status}` };
        const parsed = providerPayment.safeParse(json);
        if (!parsed.success) return { ok: false, detail: `answered an unexpected shape: ${parsed.error.issues[0]?.message ?? "invalid"}` };
        return parsed.data.id === id ? { ok: true, payment: parsed.data } : { ok: false, detail: "answered another payment" };
      });
    },
    paymentByMerchantRef(merchantRef) {
      const url = new URL(endpoint);
      url.searchParams.set("merchantRef", merchantRef);
      return query(url, (json, status) => {
        if (status !== 200) return { ok: false, detail: `answered ${status}` };
        const parsed = lookupAnswer.safeParse(json);
        if (!parsed.success) return { ok: false, detail: `answered an unexpected shape: ${parsed.error.issues[0]?.message ?? "invalid"}` };
        const payment = parsed.data.data[0] ?? null;
        if (payment && payment.merchantRef !== merchantRef) return { ok: false, detail: "answered another merchantRef" };
        return { ok: true, payment };
      });
    },
    async createPayment(request) {
      const body = JSON.stringify(request);
      let status = 0;
      let text = "";
      try {
        const res = await fetch(endpoint, {
          method: "POST",
          headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signPayload(options.secret, body) },
          body,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        status = res.status;
        // Read to the end (the time-out covers it), so the connection returns to the pool.
        text = await res.text();
      } catch (error) {
        return { ok: false, detail: (error as Error).name === "TimeoutError" ? `no answer within ${options.timeoutMs} ms` : (error as Error).message };
      }
      if (status !== 200 && status !== 201) return { ok: false, detail: `answered ${status}: ${text.slice(0, 200)}` };
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return { ok: false, detail: "answered something else than JSON" };
      }
      const parsed = providerAnswer.safeParse(json);
      if (!parsed.success) return { ok: false, detail: `answered an unexpected shape: ${parsed.error.issues[0]?.message ?? "invalid"}` };
      return { ok: true, id: parsed.data.id, redirectUrl: parsed.data.redirectUrl };
    },
  };
}
