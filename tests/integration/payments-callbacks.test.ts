import { describe, expect, it } from "vitest";
import { signPayload } from "../../common/payment-signature.ts";
import { RETURN_BASE, newKey, paymentsClient } from "../support/payments";
import { databases } from "../support/stack";
import { platformStack, reconcileLedgerAfterEach } from "../support/suite";

// The provider's callbacks (issue 34): verified over the raw body and a 300 s window, applied once
// per payment whatever their number and order, and every refused one logged with nothing changed.

describe.each(databases)("payment callbacks on %s", (db) => {
  const stack = platformStack(db, { payments: true });
  reconcileLedgerAfterEach(() => stack.platformUrl);
  const pay = paymentsClient({ platform: () => stack.platformUrl, provider: () => stack.providerUrl });

  /** A new bettor's deposit, opened at the provider; its provider id and callback body fields. */
  async function openDeposit(amount = 1_000_00) {
    const user = await pay.createUser();
    const created = await pay.deposit(user.token, newKey("cb"), { method: "card", amount, returnBase: RETURN_BASE });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const paymentId = created.body.result.paymentId as number;
    const [row] = await pay.sql<{ provider_id: string }>(`select provider_id from payment where id = ${paymentId}`);
    const fields = { id: row!.provider_id, merchantRef: String(paymentId), kind: "deposit", amount, currency: "RUB" };
    return { ...user, paymentId, providerId: row!.provider_id, fields, redirectUrl: created.body.result.redirectUrl as string };
  }
  const event = (fields: Record<string, unknown>, status: string, eventId = newKey("ev")) => JSON.stringify({ eventId, ...fields, status });

  it("credits once when every callback comes twice, at once, and the final one before a late pending", async () => {
    const d = await openDeposit();
    try {
      await pay.controls({ copies: 2, outOfOrder: true });
      const done = await pay.complete(d.providerId, "success");
      expect(done.status).toBe(200);
      const sent = await pay.providerPayment(d.providerId);
      // success twice, then a late pending twice: each answered 200, none retried.
      expect(sent.deliveries.map((x) => [x.status, x.answer]).sort()).toEqual([
        ["pending", 200],
        ["pending", 200],
        ["success", 200],
        ["success", 200],
      ]);
    } finally {
      await pay.resetControls();
    }
    expect((await pay.payment(d.token, d.paymentId)).body.result.status).toBe("success");
    expect(await pay.balance(d.token)).toEqual({ money: 1_000_00, available: 1_000_00 });
    expect((await pay.moneyOf(d.paymentId)).transfers).toEqual([{ flag: "posted", amount: 1_000_00, kind: "payment_deposit" }]);
    const log = await pay.callbackLog(`payment_id = ${d.paymentId}`);
    expect(log.map((l) => l.outcome).sort()).toEqual(["applied", "duplicate", "ignored", "ignored"]);
  });

  it("never moves a final payment back: success, then pending and failed, signed and in time, change nothing", async () => {
    const d = await openDeposit();
    expect((await pay.callback(event(d.fields, "success"))).body).toEqual({ result: { applied: true, status: "success" } });
    expect((await pay.callback(event(d.fields, "pending"))).body).toEqual({ result: { applied: false, status: "success", why: "after_terminal" } });
    const failed = await pay.callback(event(d.fields, "failed"));
    expect(failed.status).toBe(200);
    expect(failed.body.result).toMatchObject({ applied: false, status: "success" });
    expect((await pay.payment(d.token, d.paymentId)).body.result.status).toBe("success");
    expect(await pay.balance(d.token)).toEqual({ money: 1_000_00, available: 1_000_00 });
  });

  it("takes a callback re-sent minutes later once: the provider's re-send and a replay inside the window are duplicates, one outside it is stale", async () => {
    const d = await openDeposit();
    await pay.complete(d.providerId, "success");
    const resent = await pay.resend(d.providerId, 3);
    expect(resent.answers).toEqual([200, 200, 200]);
    // The provider's own last body, replayed as it was signed four minutes ago, then six.
    const body = event(d.fields, "success");
    const now = Math.floor(Date.now() / 1000);
    const inWindow = await pay.callback(body, { at: now - 240 });
    expect(inWindow.status).toBe(200);
    expect(inWindow.body.result).toEqual({ applied: false, status: "success", why: "duplicate" });
    const stale = await pay.callback(body, { at: now - 360 });
    expect(stale.status).toBe(401);
    expect(stale.body.error.code).toBe("stale_signature");
    const future = await pay.callback(body, { at: now + 360 });
    expect(future.status).toBe(401);
    expect(await pay.balance(d.token)).toEqual({ money: 1_000_00, available: 1_000_00 });
    expect((await pay.moneyOf(d.paymentId)).transfers).toHaveLength(1);
    const refused = await pay.callbackLog(`outcome = 'refused' and reason = 'signature_stale' and body = '${body.replace(/'/g, "''")}'`);
    expect(refused).toHaveLength(2);
    expect(refused.every((r) => r.verified === false)).toBe(true);
  });

  it("refuses a forged, unsigned or tampered callback with 401, logs it, and moves no money", async () => {
    const d = await openDeposit();
    const before = await pay.transferCount();
    const body = event(d.fields, "success");
    const forged = await pay.callback(body, { secret: "an-attacker-guessed-this-secret-0123456789" });
    expect(forged.status).toBe(401);
    expect(forged.body.error.code).toBe("invalid_signature");
    expect((await pay.callback(body, { signature: null })).status).toBe(401);
    expect((await pay.callback(body, { signature: "t=1,v1=abc" })).status).toBe(401);
    // Signed for 10.00, sent for 10,000.00.
    const signedSmall = await pay.callback(event({ ...d.fields, amount: 10_00 }, "success"));
    expect(signedSmall.status).toBe(422);
    const tampered = await pay.callback(body.replace(`"amount":${d.fields.amount}`, `"amount":${d.fields.amount * 10}`), {
      signature: signPayload("s".repeat(40), body),
    });
    expect(tampered.status).toBe(401);
    expect(await pay.transferCount()).toBe(before);
    expect((await pay.payment(d.token, d.paymentId)).body.result.status).toBe("awaiting");
    const log = await pay.callbackLog(`body like '%${d.fields.id}%' and outcome = 'refused'`);
    expect(log.map((l) => [l.verified, l.reason])).toEqual([
      [false, "signature_mismatch"],
      [false, "signature_missing"],
      [false, "signature_malformed"],
      [true, "mismatch_amount"],
      [false, "signature_mismatch"],
    ]);
  });

  it("refuses an unknown transaction, a mismatching amount, currency, kind or reference, and a malformed body, each logged with its reason", async () => {
    const d = await openDeposit();
    const before = await pay.transferCount();
    const cases: Array<[string, number, string, string]> = [
      [event({ ...d.fields, id: "pp_unknown_transaction" }, "success"), 404, "unknown_transaction", "unknown_transaction"],
      [event({ ...d.fields, amount: d.fields.amount + 1 }, "success"), 422, "mismatch", "mismatch_amount"],
      [event({ ...d.fields, currency: "EUR" }, "success"), 422, "mismatch", "mismatch_currency"],
      [event({ ...d.fields, kind: "payout" }, "success"), 422, "mismatch", "mismatch_kind"],
      [event({ ...d.fields, merchantRef: String(d.paymentId + 1) }, "success"), 422, "mismatch", "mismatch_merchantRef"],
      [event({ ...d.fields, amount: 1.5 }, "success"), 400, "invalid_body", "invalid_body"],
      [event(d.fields, "refunded"), 400, "invalid_body", "invalid_body"],
      ["not json at all", 400, "invalid_body", "invalid_body"],
    ];
    for (const [body, status, code, reason] of cases) {
      const res = await pay.callback(body);
      expect(res.status, body).toBe(status);
      expect(res.body.error.code, body).toBe(code);
      const [logged] = await pay.sql<{ outcome: string; reason: string; verified: boolean }>(`select outcome, reason, verified from payment_callback order by id desc limit 1`);
      expect(logged, body).toEqual({ outcome: "refused", reason, verified: true });
    }
    expect(await pay.transferCount()).toBe(before);
    expect((await pay.payment(d.token, d.paymentId)).body.result.status).toBe("awaiting");
    // The right callback still works after all of them.
    expect((await pay.callback(event(d.fields, "success"))).body.result.applied).toBe(true);
    expect(await pay.balance(d.token)).toEqual({ money: 1_000_00, available: 1_000_00 });
  });

  it("credits once when five copies of the success race each other", async () => {
    const d = await openDeposit(2_000_00);
    const body = event(d.fields, "success");
    const answers = await Promise.all(Array.from({ length: 5 }, () => pay.callback(body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.result.applied)).toHaveLength(1);
    expect(await pay.balance(d.token)).toEqual({ money: 2_000_00, available: 2_000_00 });
  });

  it("waits for a callback withheld by the provider, and credits once when it is re-sent", async () => {
    const d = await openDeposit();
    try {
      await pay.controls({ copies: 0 });
      const choice = await pay.choose(d.redirectUrl, "success");
      expect(choice.location).toBe(`${RETURN_BASE}/onpay/success?payment=${d.paymentId}`);
      // The return page's claim is not the platform's state: nothing is credited yet.
      expect((await pay.payment(d.token, d.paymentId)).body.result.status).toBe("awaiting");
      expect(await pay.balance(d.token)).toEqual({ money: 0, available: 0 });
    } finally {
      await pay.resetControls();
    }
    expect((await pay.resend(d.providerId)).answers).toEqual([200]);
    expect((await pay.payment(d.token, d.paymentId)).body.result.status).toBe("success");
    expect(await pay.balance(d.token)).toEqual({ money: 1_000_00, available: 1_000_00 });
  });
});
