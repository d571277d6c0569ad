// What the payment tests share (issue 34): the bettor's payment calls on the platform, the fake
// provider's hosted page and test controls, callbacks signed by the test itself, and reads of the
// platform's tables through its read-only /__test/sql hook.
import { signPayload, signedTarget } from "../../common/payment-signature.ts";
import { hookRequest } from "./hooks";
import { TEST_PAYMENT_PROVIDER_SECRET } from "./stack";
import type { SweepReport } from "../../platform/domain/payment-recovery.ts";

export const RETURN_BASE = "http://127.0.0.1:3000/en";

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Headers;
}

async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // an HTML page or an empty body: kept as text
  }
  return { status: res.status, body, headers: res.headers };
}

export type ControlSettings = { down?: boolean; delayMs?: number; copies?: number; outOfOrder?: boolean; lose?: number };

/** What one recovery sweep did (POST /__test/payments/reconcile): the platform's own report. */
export type { SweepReport };

/** A client of the platform's payment calls and of the provider, for the stack whose URLs the getters read. */
export function paymentsClient(urls: { platform: () => string; provider: () => string | null }) {
  const platform = (path: string) => `${urls.platform()}${path}`;
  const provider = (path: string) => {
    const base = urls.provider();
    if (!base) throw new Error("this stack has no payment provider: start it with { payments: true }");
    return `${base}${path}`;
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  const create = (what: "deposit" | "withdraw", token: string, key: string | null, body: unknown) =>
    fetch(platform(`/web-api/payments/${what}`), {
      method: "POST",
      headers: { ...bearer(token), "content-type": "application/json", ...(key === null ? {} : { "idempotency-key": key }) },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }).then(answer);

  const sql = async <T = Record<string, unknown>>(query: string): Promise<T[]> => ((await hookRequest(urls.platform(), "POST", "/__test/sql", { sql: query })) as { rows: T[] }).rows;

  return {
    createUser: (input: Record<string, unknown> = {}) => hookRequest(urls.platform(), "POST", "/__test/users", input) as Promise<{ userId: number; token: string }>,
    /** Funds a bettor's main account through the ledger's test hook (demo money, not a payment). */
    fund: (userId: number, amount: number) => hookRequest(urls.platform(), "POST", "/__test/ledger/deposit", { userId, amount }),
    deposit: (token: string, key: string | null, body: unknown) => create("deposit", token, key, body),
    withdraw: (token: string, key: string | null, body: unknown) => create("withdraw", token, key, body),
    get: (token: string, path: string) => fetch(platform(path), { headers: bearer(token) }).then(answer),
    payment: (token: string, id: number) => fetch(platform(`/web-api/payments/${id}`), { headers: bearer(token) }).then(answer),
    balance: async (token: string) => {
      const res = await fetch(platform("/web-api/account/balance"), { headers: bearer(token) }).then(answer);
      const main = (res.body.result.accounts as Array<{ type: number; money: number; available: number }>).find((a) => a.type === 0)!;
      return { money: main.money, available: main.available };
    },
    /** The provider's hosted page of a redirect URL. */
    page: (redirectUrl: string) => fetch(redirectUrl).then(answer),
    /** A choice on the hosted page, as a browser without JavaScript sends it: the page's 303 and where it leads. */
    choose: async (redirectUrl: string, outcome: "success" | "fail" | "pending" | "cancel") => {
      const res = await fetch(redirectUrl, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ outcome }) });
      await res.arrayBuffer();
      return { status: res.status, location: res.headers.get("location") };
    },
    /** The merchant's server-side completion (signed), as the page's choice; answers after the first round of callbacks. */
    complete: (providerId: string, outcome: "success" | "fail" | "pending" | "cancel") => {
      const body = JSON.stringify({ outcome });
      return fetch(provider(`/v1/payments/${providerId}/complete`), {
        method: "POST",
        headers: { "content-type": "application/json", "x-signature": signPayload(TEST_PAYMENT_PROVIDER_SECRET, body) },
        body,
      }).then(answer);
    },
    /** Moves the platform's payments clock (dating, the archive, the recovery's thresholds). */
    clock: (offsetMs: number) => hookRequest(urls.platform(), "POST", "/__test/payments/clock", { offsetMs }),
    /** One recovery sweep now, through the leadership (or without it, `force`). */
    reconcile: async (force = false) => ((await hookRequest(urls.platform(), "POST", "/__test/payments/reconcile", { force })) as { result: SweepReport }).result,
    /** The provider's signed status query by our reference, as the platform asks it. */
    providerByRef: async (merchantRef: string) => {
      const path = `/v1/payments?merchantRef=${encodeURIComponent(merchantRef)}`;
      const res = await fetch(provider(path), { headers: { "x-signature": signPayload(TEST_PAYMENT_PROVIDER_SECRET, signedTarget("GET", path)) } }).then(answer);
      return res as Answer;
    },
    /** A signed status query of any path and query on the provider (the tests of its refusals). */
    providerQuery: (path: string, signature?: string | null) =>
      fetch(provider(path), {
        headers: signature === null ? {} : { "x-signature": signature ?? signPayload(TEST_PAYMENT_PROVIDER_SECRET, signedTarget("GET", path)) },
      }).then(answer),
    controls: (settings: ControlSettings) => hookRequest(urls.provider() ?? "", "POST", "/__test/controls", settings) as Promise<ControlSettings>,
    resetControls: () => hookRequest(urls.provider() ?? "", "DELETE", "/__test/controls"),
    providerPayment: (providerId: string) =>
      hookRequest(urls.provider() ?? "", "GET", `/__test/payments/${providerId}`) as Promise<{
        status: string;
        events: Array<{ eventId: string; status: string }>;
        deliveries: Array<{ eventId: string; status: string; attempt: number; answer: number }>;
      }>,
    resend: (providerId: string, copies = 1) => hookRequest(urls.provider() ?? "", "POST", `/__test/payments/${providerId}/resend`, { copies }) as Promise<{ answers: number[]; status: string }>,
    /** A callback posted by the test itself: `body` exactly as given, signed with `secret` at `at` (unix seconds). */
    callback: (body: string, options: { secret?: string; at?: number; signature?: string | null } = {}) =>
      fetch(platform("/payments-api/callback"), {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(options.signature === null ? {} : { "x-signature": options.signature ?? signPayload(options.secret ?? TEST_PAYMENT_PROVIDER_SECRET, body, options.at) }),
        },
        body,
      }).then(answer),
    sql,
    /** The payment's row and the ledger transfers that name it, read with the test's own SQL. */
    moneyOf: async (paymentId: number) => {
      const [payment] = await sql<{ status_id: number; provider_id: string | null; reserve_transfer_id: string | null; credit_transfer_id: string | null }>(
        `select status_id, provider_id, reserve_transfer_id::text, credit_transfer_id::text from payment where id = ${paymentId}`,
      );
      const transfers = await sql<{ flag: string; amount: string; kind: string }>(
        `select t.flag, t.amount::text, t.kind from ledger_transfer t
          where t.reference = 'payment:${paymentId}' or t.pending_id in (select id from ledger_transfer where reference = 'payment:${paymentId}')
          order by t.id`,
      );
      return { payment: payment!, transfers: transfers.map((t) => ({ flag: t.flag, amount: Number(t.amount), kind: t.kind })) };
    },
    transferCount: async () => Number((await sql<{ n: string }>(`select count(*)::text as n from ledger_transfer`))[0]!.n),
    callbackLog: (where: string) =>
      sql<{ outcome: string; reason: string | null; verified: boolean; status: string | null; payment_id: string | null }>(
        `select outcome, reason, verified, status, payment_id::text from payment_callback where ${where} order by id`,
      ),
  };
}

/** A fresh Idempotency-Key. */
let keys = 0;
export function newKey(prefix = "pay"): string {
  keys++;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${keys}`;
}
