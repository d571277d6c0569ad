import { describe, expect, it } from "vitest";
import { hookRequest } from "../support/hooks";
import { RETURN_BASE, newKey, paymentsClient } from "../support/payments";
import { databases } from "../support/stack";
import { platformStack, reconcileLedgerAfterEach } from "../support/suite";

// Debts are collected from deposits (decision 019, issue 34): a correction took back winnings the
// bettor had spent, and the next deposit repays what is owed first (bettor → receivables, in the
// transaction that credits it, once per payment), the rest staying on the balance. Whether the
// credit came by the provider's callback or by the recovery sweep.

describe.each(databases)("debts repaid from deposits on %s", (db) => {
  const stack = platformStack(db, { payments: true, platformEnv: { PAYMENT_RECONCILE_INTERVAL_MS: "0", PAYMENT_RECONCILE_AFTER_MS: "60000" } });
  reconcileLedgerAfterEach(() => stack.platformUrl);
  const pay = paymentsClient({ platform: () => stack.platformUrl, provider: () => stack.providerUrl });
  const hook = (method: string, path: string, body?: unknown) => hookRequest(stack.platformUrl, method, path, body);

  let counter = 0;
  /**
   * A bettor who owes 200.00: 100.00 staked at 2.10 on a game that finished 2:1 (210.00 paid), 200.00
   * of it staked on another game, then ops corrected the first to 0:1: the 10.00 left is taken
   * back, 200.00 is owed (decision 019's own scenario, bets-resettlement.test.ts).
   */
  async function bettorOwing() {
    const { userId, token } = await pay.createUser();
    const { accountId } = (await hook("POST", "/__test/ledger/deposit", { userId, amount: 100_00 })) as { accountId: number };
    const game = async () => (await hook("POST", "/__test/bets/games", { status: 1 })) as { gameId: number; outcomes: Record<string, number> };
    const [g1, g2] = [await game(), await game()];
    const place = async (amount: number, outcomeId: number, coef: number) => {
      const res = await fetch(`${stack.platformUrl}/web-api/bets/coupon`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "idempotency-key": `debt-${Date.now()}-${++counter}` },
        body: JSON.stringify({ accountId, typeId: 0, amount, bets: [{ outcomeId, coef }] }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      await res.arrayBuffer();
    };
    await place(100_00, g1.outcomes["1::1"]!, 2.1);
    await hook("POST", `/__test/bets/games/${g1.gameId}/finish`, { home: 2, away: 1 });
    await place(200_00, g2.outcomes["1::2"]!, 3.5);
    const ops = (await pay.createUser({ roles: ["player", "ops"], login: `ops-debt-${Date.now()}-${++counter}` })).token;
    const corrected = await fetch(`${stack.platformUrl}/admin-api/v1/bets/games/${g1.gameId}/result`, {
      method: "POST",
      headers: { authorization: `Bearer ${ops}`, "content-type": "application/json" },
      body: JSON.stringify({ home: 0, away: 1 }),
    }).then((r) => r.json());
    expect(corrected.result.owed).toEqual([expect.objectContaining({ userId, amount: 200_00 })]);
    expect(await pay.balance(token)).toEqual({ money: 0, available: 0 });
    return { userId, token, accountId };
  }

  const debts = async (userId: number) =>
    (await pay.sql<{ amount: string; collected: string }>(`select amount::text, collected::text from bettor_debt where user_id = ${userId} order by id`)).map((d) => [Number(d.amount), Number(d.collected)]);
  const repayments = async (paymentId: number) =>
    (await pay.sql<{ amount: string }>(`select amount::text from ledger_transfer where kind = 'debt_repayment' and reference = 'payment:${paymentId}'`)).map((t) => Number(t.amount));

  async function depositPaid(token: string, amount: number) {
    const created = await pay.deposit(token, newKey("debt"), { method: "card", amount, returnBase: RETURN_BASE });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await pay.choose(created.body.result.redirectUrl, "success");
    return created.body.result.paymentId as number;
  }

  it("repays the whole debt from a larger deposit and leaves the rest on the balance", async () => {
    const me = await bettorOwing();
    const paymentId = await depositPaid(me.token, 300_00);
    expect((await pay.payment(me.token, paymentId)).body.result).toMatchObject({
      status: "success",
      amount: 300_00,
      debtRepaid: 200_00,
      messageKey: "payments.messages.deposit_debt_repaid",
      message: "Deposit credited; 200.00 RUB of it repaid what you owed, 100.00 RUB is on your balance",
    });
    expect(await pay.balance(me.token)).toEqual({ money: 100_00, available: 100_00 });
    expect(await debts(me.userId)).toEqual([[200_00, 200_00]]);
    expect(await repayments(paymentId)).toEqual([200_00]);
    const history = (await pay.get(me.token, "/web-api/payments/history")).body.result.entities;
    expect(history[0]).toMatchObject({ id: paymentId, summ: 300_00, debt_repaid: 200_00, translate_message: "payments.messages.deposit_debt_repaid" });

    // Nothing owed any more: the next deposit is credited whole.
    const next = await depositPaid(me.token, 100_00);
    expect((await pay.payment(me.token, next)).body.result).toMatchObject({ debtRepaid: 0, messageKey: "payments.messages.deposit_success" });
    expect(await pay.balance(me.token)).toEqual({ money: 200_00, available: 200_00 });
    expect(await repayments(next)).toEqual([]);
  });

  it("takes all of a smaller deposit for the debt, and the next deposit, credited by the recovery sweep, repays the rest once", async () => {
    const me = await bettorOwing();
    const first = await depositPaid(me.token, 150_00);
    expect((await pay.payment(me.token, first)).body.result).toMatchObject({
      debtRepaid: 150_00,
      messageKey: "payments.messages.deposit_debt_repaid",
      message: "Deposit credited; all of it (150.00 RUB) repaid what you owed",
    });
    expect(await pay.balance(me.token)).toEqual({ money: 0, available: 0 });
    expect(await debts(me.userId)).toEqual([[200_00, 150_00]]);

    // The second one's callbacks are lost; the sweep credits it, then the late callback is a duplicate.
    try {
      await pay.controls({ copies: 0 });
      const created = await pay.deposit(me.token, newKey("debt"), { method: "card", amount: 120_00, returnBase: RETURN_BASE });
      const second = created.body.result.paymentId as number;
      const [row] = await pay.sql<{ provider_id: string }>(`select provider_id from payment where id = ${second}`);
      await pay.complete(row!.provider_id, "success");
      await pay.clock(61_000);
      await pay.reconcile();
      await pay.resetControls();
      expect((await pay.resend(row!.provider_id)).answers).toEqual([200]);
      expect((await pay.payment(me.token, second)).body.result).toMatchObject({ status: "success", debtRepaid: 50_00, messageKey: "payments.messages.deposit_debt_repaid" });
      expect(await repayments(second)).toEqual([50_00]);
    } finally {
      await pay.resetControls();
      await pay.clock(0);
    }
    expect(await pay.balance(me.token)).toEqual({ money: 70_00, available: 70_00 });
    expect(await debts(me.userId)).toEqual([[200_00, 200_00]]);
  });

  it("collects nothing from a failed deposit", async () => {
    const me = await bettorOwing();
    const created = await pay.deposit(me.token, newKey("debt"), { method: "card", amount: 300_00, returnBase: RETURN_BASE });
    await pay.choose(created.body.result.redirectUrl, "fail");
    expect(await repayments(created.body.result.paymentId)).toEqual([]);
    expect(await debts(me.userId)).toEqual([[200_00, 0]]);
  });
});
