import { describe, expect, it } from "vitest";
import { RETURN_BASE, newKey, paymentsClient } from "../support/payments";
import { databases } from "../support/stack";
import { platformStack, reconcileLedgerAfterEach } from "../support/suite";

// Deposits through the fake payment provider (issue 34): the bettor's request, the provider's
// hosted page, the signed callback, and the ledger credited exactly once, only by that callback.

describe.each(databases)("deposits through the payment provider on %s", (db) => {
  // A short wait for the provider, so "slow" is seen in a second and a half, not five.
  const stack = platformStack(db, { payments: true, platformEnv: { PAYMENT_PROVIDER_TIMEOUT_MS: "1500" } });
  reconcileLedgerAfterEach(() => stack.platformUrl);
  const pay = paymentsClient({ platform: () => stack.platformUrl, provider: () => stack.providerUrl });

  it("lists the methods of the bettor's currency with their limits and step", async () => {
    const { token } = await pay.createUser();
    const deposit = await pay.get(token, "/web-api/payments/methods?kind=deposit");
    expect(deposit.status).toBe(200);
    expect(deposit.body.result).toEqual({
      currency: "RUB",
      step: 100,
      methods: [
        { id: "card", min: 100_00, max: 150_000_00 },
        { id: "ewallet", min: 100_00, max: 75_000_00 },
        { id: "bank", min: 1_000_00, max: 600_000_00 },
      ],
    });
    const withdrawal = await pay.get(token, "/web-api/payments/methods?kind=withdrawal");
    expect(withdrawal.body.result.methods[0]).toEqual({ id: "card", min: 500_00, max: 150_000_00 });
    expect((await pay.get(token, "/web-api/payments/methods?kind=refund")).status).toBe(400);
    expect((await pay.get("x".repeat(43), "/web-api/payments/methods")).status).toBe(401);
  });

  it("credits a deposit once, when the bettor pays on the provider's page, and answers the same key with the same payment", async () => {
    const { token } = await pay.createUser();
    const key = newKey("dep");
    const body = { method: "card", amount: 1_500_00, returnBase: RETURN_BASE };
    const created = await pay.deposit(token, key, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { paymentId, redirectUrl } = created.body.result;
    expect(created.body.result).toMatchObject({ status: "awaiting", statusId: 0 });
    expect(redirectUrl).toMatch(new RegExp(`^${stack.providerUrl}/pay/pp_`));
    expect(await pay.balance(token)).toEqual({ money: 0, available: 0 });

    // The same request again: the same payment, nothing new.
    const again = await pay.deposit(token, key, body);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.result).toMatchObject({ paymentId, redirectUrl });
    // The same key for another request: refused.
    const other = await pay.deposit(token, key, { ...body, amount: 2_000_00 });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("idempotency_conflict");

    // The hosted page: the provider's own, working without JavaScript.
    const page = await pay.page(redirectUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(page.body).toMatch(/<html lang="en">/);
    expect(page.body).toMatch(/<title>Payment to Arena Bet: 1,500\.00 RUB — Paylane<\/title>/);
    expect(page.body).not.toMatch(/<script|<link /);
    for (const outcome of ["success", "fail", "pending", "cancel"]) expect(page.body).toContain(`name="outcome" value="${outcome}"`);

    const choice = await pay.choose(redirectUrl, "success");
    expect(choice).toEqual({ status: 303, location: `${RETURN_BASE}/onpay/success?payment=${paymentId}` });
    expect(await pay.balance(token)).toEqual({ money: 1_500_00, available: 1_500_00 });
    const read = await pay.payment(token, paymentId);
    expect(read.body.result).toMatchObject({ id: paymentId, kind: "deposit", status: "success", statusId: 2, amount: 1_500_00, currency: "RUB", method: "card", message: "Deposit credited" });
    const money = await pay.moneyOf(paymentId);
    expect(money.transfers).toEqual([{ flag: "posted", amount: 1_500_00, kind: "payment_deposit" }]);

    // The page of a final payment offers the way back, not the choice; a second choice changes nothing.
    const final = await pay.page(redirectUrl);
    expect(final.body).not.toContain('name="outcome"');
    expect(final.body).toContain(`${RETURN_BASE}/onpay/success?payment=${paymentId}`);
    expect((await pay.choose(redirectUrl, "fail")).status).toBe(303);
    expect((await pay.payment(token, paymentId)).body.result.status).toBe("success");
    expect(await pay.balance(token)).toEqual({ money: 1_500_00, available: 1_500_00 });
  });

  it("credits nothing while the payment is pending, then credits once when it succeeds", async () => {
    const { token } = await pay.createUser();
    const created = await pay.deposit(token, newKey("dep"), { method: "ewallet", amount: 300_00, returnBase: RETURN_BASE });
    const { paymentId, redirectUrl } = created.body.result;
    expect(await pay.choose(redirectUrl, "pending")).toEqual({ status: 303, location: `${RETURN_BASE}/onpay/pending?payment=${paymentId}` });
    expect((await pay.payment(token, paymentId)).body.result).toMatchObject({ status: "pending", statusId: 1, redirectUrl });
    expect(await pay.balance(token)).toEqual({ money: 0, available: 0 });
    const page = await pay.page(redirectUrl);
    expect(page.body).toContain('value="success"');
    expect(page.body).toContain('value="fail"');
    expect(page.body).not.toContain('value="cancel"');
    await pay.choose(redirectUrl, "success");
    expect((await pay.payment(token, paymentId)).body.result.status).toBe("success");
    expect(await pay.balance(token)).toEqual({ money: 300_00, available: 300_00 });
  });

  it("credits nothing for a failed or cancelled deposit", async () => {
    const { token } = await pay.createUser();
    for (const [outcome, status] of [
      ["fail", "failed"],
      ["cancel", "cancelled"],
    ] as const) {
      const created = await pay.deposit(token, newKey("dep"), { method: "card", amount: 500_00, returnBase: RETURN_BASE });
      const { paymentId, redirectUrl } = created.body.result;
      expect((await pay.choose(redirectUrl, outcome)).location).toBe(`${RETURN_BASE}/onpay/${outcome}?payment=${paymentId}`);
      expect((await pay.payment(token, paymentId)).body.result.status).toBe(status);
      expect((await pay.moneyOf(paymentId)).transfers).toEqual([]);
    }
    expect(await pay.balance(token)).toEqual({ money: 0, available: 0 });
  });

  it("refuses amounts outside the method's limits, off the step, an unknown method and bad input, writing nothing", async () => {
    const { userId, token } = await pay.createUser();
    const before = await pay.transferCount();
    const refusals: Array<[unknown, number, string, Record<string, unknown>?]> = [
      [{ method: "card", amount: 99_00, returnBase: RETURN_BASE }, 422, "amount_below_min", { min: 100_00 }],
      [{ method: "card", amount: 150_001_00, returnBase: RETURN_BASE }, 422, "amount_above_max", { max: 150_000_00 }],
      [{ method: "card", amount: 100_50, returnBase: RETURN_BASE }, 422, "amount_step", { step: 100 }],
      [{ method: "crypto", amount: 100_00, returnBase: RETURN_BASE }, 422, "unknown_method"],
      [{ method: "card", amount: 100.5, returnBase: RETURN_BASE }, 400, "invalid_body"],
      [{ method: "card", amount: -100_00, returnBase: RETURN_BASE }, 400, "invalid_body"],
      [{ method: "card", amount: "10000", returnBase: RETURN_BASE }, 400, "invalid_body"],
      [{ method: "card", amount: 100_00, returnBase: "javascript:alert(1)" }, 400, "invalid_body"],
      [{ method: "card", amount: 100_00, returnBase: "/en" }, 400, "invalid_body"],
      [{ method: "card", amount: 100_00 }, 400, "invalid_body"],
      ["{not json", 400, "invalid_body"],
    ];
    for (const [body, status, code, extra] of refusals) {
      const res = await pay.deposit(token, newKey("bad"), body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error, JSON.stringify(body)).toMatchObject({ code, message: expect.any(String), ...extra });
    }
    const noKey = await pay.deposit(token, null, { method: "card", amount: 100_00, returnBase: RETURN_BASE });
    expect(noKey.status).toBe(400);
    expect(noKey.body.error.code).toBe("idempotency_key_required");
    expect((await pay.deposit(token, "k".repeat(201), { method: "card", amount: 100_00, returnBase: RETURN_BASE })).status).toBe(400);
    expect(await pay.sql(`select id from payment where user_id = ${userId}`)).toEqual([]);
    expect(await pay.transferCount()).toBe(before);
  });

  it("answers 503 when the provider is down or too slow, credits nothing, and takes a retry with a new key", async () => {
    const { token } = await pay.createUser();
    const body = { method: "card", amount: 700_00, returnBase: RETURN_BASE };
    const key = newKey("down");
    try {
      await pay.controls({ down: true });
      const down = await pay.deposit(token, key, body);
      expect(down.status).toBe(503);
      expect(down.body.error.code).toBe("provider_unavailable");
      const failed = await pay.payment(token, down.body.error.paymentId);
      expect(failed.body.result).toMatchObject({ status: "failed", statusId: 3, messageKey: "payments.messages.provider_unavailable" });
      await pay.resetControls();
      // The same key answers the same failure: a retry is a new request.
      expect((await pay.deposit(token, key, body)).status).toBe(503);

      await pay.controls({ delayMs: 3_000 });
      const started = Date.now();
      const slow = await pay.deposit(token, newKey("slow"), body);
      expect(slow.status).toBe(503);
      expect(slow.body.error.code).toBe("provider_unavailable");
      expect(Date.now() - started).toBeLessThan(2_900);
    } finally {
      await pay.resetControls();
    }
    expect(await pay.balance(token)).toEqual({ money: 0, available: 0 });

    const retry = await pay.deposit(token, newKey("retry"), body);
    expect(retry.status).toBe(201);
    await pay.choose(retry.body.result.redirectUrl, "success");
    expect(await pay.balance(token)).toEqual({ money: 700_00, available: 700_00 });
  });

  it("keeps each bettor's payments to themselves", async () => {
    const a = await pay.createUser();
    const b = await pay.createUser();
    const created = await pay.deposit(a.token, newKey("mine"), { method: "card", amount: 100_00, returnBase: RETURN_BASE });
    const id = created.body.result.paymentId as number;
    const foreign = await pay.payment(b.token, id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("not_found");
    expect((await pay.payment(a.token, 999_999_999)).status).toBe(404);
    expect((await pay.get(a.token, "/web-api/payments/abc")).status).toBe(400);
    expect((await pay.get("x".repeat(43), `/web-api/payments/${id}`)).status).toBe(401);
    // B's history does not show A's payment.
    expect((await pay.get(b.token, "/web-api/payments/history")).body.result).toEqual({ entities: [], total_count: 0 });
  });
});
