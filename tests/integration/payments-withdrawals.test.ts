import { describe, expect, it } from "vitest";
import { RETURN_BASE, newKey, paymentsClient } from "../support/payments";
import { databases } from "../support/stack";
import { platformStack, reconcileLedgerAfterEach } from "../support/suite";

// Withdrawals through the fake payment provider (issue 34): the amount reserved at once (a pending
// transfer), posted by the provider's success, voided by its failure or cancellation; never more
// than the balance, however many arrive at once.

describe.each(databases)("withdrawals through the payment provider on %s", (db) => {
  const stack = platformStack(db, { payments: true });
  reconcileLedgerAfterEach(() => stack.platformUrl);
  const pay = paymentsClient({ platform: () => stack.platformUrl, provider: () => stack.providerUrl });

  async function fundedBettor(amount = 10_000_00) {
    const user = await pay.createUser();
    await pay.fund(user.userId, amount);
    return user;
  }
  const body = (amount: number, method = "card") => ({ method, amount, returnBase: RETURN_BASE });

  it("reserves the amount at once and posts it when the payout succeeds", async () => {
    const { token } = await fundedBettor();
    const created = await pay.withdraw(token, newKey("wd"), body(2_500_00));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { paymentId, redirectUrl } = created.body.result;
    expect(created.body.result).toMatchObject({ status: "awaiting", statusId: 0 });
    expect(await pay.balance(token)).toEqual({ money: 10_000_00, available: 7_500_00 });
    const page = await pay.page(redirectUrl);
    expect(page.body).toContain("Payout from Arena Bet");
    expect(await pay.choose(redirectUrl, "success")).toEqual({ status: 303, location: `${RETURN_BASE}/onpay/withdraw/success?payment=${paymentId}` });
    expect((await pay.payment(token, paymentId)).body.result).toMatchObject({ kind: "withdrawal", status: "success", amount: 2_500_00 });
    expect(await pay.balance(token)).toEqual({ money: 7_500_00, available: 7_500_00 });
    expect((await pay.moneyOf(paymentId)).transfers).toEqual([
      { flag: "pending", amount: 2_500_00, kind: "payment_withdrawal" },
      { flag: "post_pending", amount: 2_500_00, kind: "payment_withdrawal" },
    ]);
  });

  it("gives the amount back when the payout fails or is cancelled, also after it was pending", async () => {
    const { token } = await fundedBettor();
    for (const [steps, status] of [
      [["fail"], "failed"],
      [["cancel"], "cancelled"],
      [["pending", "fail"], "failed"],
    ] as const) {
      const created = await pay.withdraw(token, newKey("wd"), body(1_000_00));
      const { paymentId, redirectUrl } = created.body.result;
      for (const step of steps) await pay.choose(redirectUrl, step);
      expect((await pay.payment(token, paymentId)).body.result.status).toBe(status);
      expect(await pay.balance(token)).toEqual({ money: 10_000_00, available: 10_000_00 });
      expect((await pay.moneyOf(paymentId)).transfers.map((t) => t.flag)).toEqual(["pending", "void_pending"]);
    }
  });

  it("lets 20 withdrawals at once reserve no more than the balance, and refuses the rest as insufficient funds", async () => {
    const { token } = await fundedBettor(10_000_00);
    // Twenty of 1,000.00 from 10,000.00: exactly ten fit.
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => pay.withdraw(token, newKey(`tab${i}`), body(1_000_00))));
    const accepted = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(accepted).toHaveLength(10);
    expect(refused.map((a) => [a.status, a.body.error.code])).toEqual(Array.from({ length: 10 }, () => [422, "insufficient_funds"]));
    expect(refused.every((a) => a.body.error.available === 0)).toBe(true);
    expect(await pay.balance(token)).toEqual({ money: 10_000_00, available: 0 });
    const [reserved] = await pay.sql<{ total: string }>(
      `select coalesce(sum(t.amount), 0)::text as total from payment p join ledger_transfer t on t.id = p.reserve_transfer_id where p.user_id = (select user_id from payment where id = ${accepted[0]!.body.result.paymentId})`,
    );
    expect(Number(reserved!.total)).toBe(10_000_00);
    // Each accepted one finishes on its own: half paid, half cancelled.
    for (const [i, a] of accepted.entries()) await pay.choose(a.body.result.redirectUrl, i % 2 ? "success" : "cancel");
    expect(await pay.balance(token)).toEqual({ money: 5_000_00, available: 5_000_00 });
  });

  it("refuses more than the balance, a frozen account and unfinished wagering, writing nothing", async () => {
    const { userId, token } = await fundedBettor(1_000_00);
    const before = await pay.transferCount();
    const tooMuch = await pay.withdraw(token, newKey("wd"), body(1_500_00));
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error).toMatchObject({ code: "insufficient_funds", available: 1_000_00 });
    const below = await pay.withdraw(token, newKey("wd"), body(100_00));
    expect(below.body.error).toMatchObject({ code: "amount_below_min", min: 500_00 });

    const [account] = await pay.sql<{ id: string }>(`select id::text from ledger_account where user_id = ${userId} and type = 0`);
    await fetch(`${stack.platformUrl}/__test/ledger/freeze`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ accountId: Number(account!.id), frozen: true }) }).then((r) => r.arrayBuffer());
    const frozen = await pay.withdraw(token, newKey("wd"), body(500_00));
    expect(frozen.status).toBe(423);
    expect(frozen.body.error.code).toBe("account_frozen");
    await fetch(`${stack.platformUrl}/__test/ledger/freeze`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ accountId: Number(account!.id), frozen: false }) }).then((r) => r.arrayBuffer());

    expect(await pay.sql(`select id from payment where user_id = ${userId}`)).toEqual([]);
    expect(await pay.transferCount()).toBe(before);

    await fetch(`${stack.platformUrl}/__test/ledger/deposit`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId, amount: 50_00, accountType: 4 }) }).then((r) => r.arrayBuffer());
    const wagering = await pay.withdraw(token, newKey("wd"), body(500_00));
    expect(wagering.status).toBe(422);
    expect(wagering.body.error.code).toBe("wagering_unfinished");
    expect(await pay.sql(`select id from payment where user_id = ${userId}`)).toEqual([]);
  });

  it("takes a withdrawal only from the signed-in bettor's own account, and shows no one else's payment", async () => {
    const owner = await fundedBettor(5_000_00);
    const other = await pay.createUser();
    const key = newKey("theirs");
    const mine = await pay.withdraw(owner.token, key, body(1_000_00));
    const id = mine.body.result.paymentId as number;
    const [ownerAccount] = await pay.sql<{ id: string }>(`select id::text from ledger_account where user_id = ${owner.userId} and type = 0`);
    // The other bettor names the owner's account and reuses the owner's key: their own (empty) account is asked, and refused.
    const attempt = await pay.withdraw(other.token, key, { ...body(1_000_00), accountId: Number(ownerAccount!.id), paymentId: id });
    expect(attempt.status).toBe(422);
    expect(attempt.body.error).toMatchObject({ code: "insufficient_funds", available: 0 });
    expect((await pay.payment(other.token, id)).status).toBe(404);
    expect(await pay.balance(owner.token)).toEqual({ money: 5_000_00, available: 4_000_00 });
    await pay.choose(mine.body.result.redirectUrl, "cancel");
    expect(await pay.balance(owner.token)).toEqual({ money: 5_000_00, available: 5_000_00 });
  });

  it("gives the reservation back in the same request when the provider is down, and the bettor can retry", async () => {
    const { token } = await fundedBettor(3_000_00);
    try {
      await pay.controls({ down: true });
      const down = await pay.withdraw(token, newKey("wd"), body(1_000_00));
      expect(down.status).toBe(503);
      expect(down.body.error.code).toBe("provider_unavailable");
      expect(await pay.balance(token)).toEqual({ money: 3_000_00, available: 3_000_00 });
      expect((await pay.moneyOf(down.body.error.paymentId)).transfers.map((t) => t.flag)).toEqual(["pending", "void_pending"]);
    } finally {
      await pay.resetControls();
    }
    const retry = await pay.withdraw(token, newKey("wd"), body(1_000_00));
    expect(retry.status).toBe(201);
    await pay.choose(retry.body.result.redirectUrl, "success");
    expect(await pay.balance(token)).toEqual({ money: 2_000_00, available: 2_000_00 });
  });
});
