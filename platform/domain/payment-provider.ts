// The platform's client of the payment provider (decision 065): one signed POST per payment, with
// an explicit time-out, its answer parsed before it is believed. A provider that does not answer
// in time, answers an error or answers something else than a payment is "unavailable": the
// caller records the payment as failed and tells the bettor to try again.

import { z } from "zod";
import { SIGNATURE_HEADER, signPayload } from "../../common/payment-signature.ts";
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

export type ProviderCreated = { ok: true; id: string; redirectUrl: string } | { ok: false; detail: string };

export interface PaymentProvider {
  createPayment(request: ProviderPaymentRequest): Promise<ProviderCreated>;
}

export function paymentProvider(options: { url: string; secret: string; timeoutMs: number }): PaymentProvider {
  const endpoint = `${options.url.replace(/\/+$/, "")}/v1/payments`;
  return {
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
