import { describe, expect, it } from "vitest";
import { RETURN_BASE, newKey, paymentsClient } from "../support/payments";
import { databases } from "../support/stack";
import { platformStack, reconcileLedgerAfterEach } from "../support/suite";

// The payment history (SPEC §3 Payment history entry, issue 34): newest first, ten a page, with
// total_count; final payments older than 90 days on the platform's clock are its archive. The
// platform's calendar starts at a fixed instant and the test moves the payments' clock, so no
// result depends on the day the test runs.

const DAY = 86_400_000;
const START = "2027-03-01T12:00:00Z";

describe.each(databases)("payment history on %s", (db) => {
  const stack = platformStack(db, { payments: true, platformEnv: { PLATFORM_NOW: START } });
  reconcileLedgerAfterEach(() => stack.platformUrl);
  const pay = paymentsClient({ platform: () => stack.platformUrl, provider: () => stack.providerUrl });
  const moveClock = (offsetMs: number) =>
    fetch(`${stack.platformUrl}/__test/payments/clock`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ offsetMs }) }).then((r) => r.json());
  const history = async (token: string, query = "") => (await pay.get(token, `/web-api/payments/history${query}`)).body.result as { entities: Array<Record<string, unknown>>; total_count: number };

  it("pages the bettor's payments newest first, ten a page, each entry in SPEC §3's fields", async () => {
    const { userId, token } = await pay.createUser();
    await pay.fund(userId, 5_000_00);
    const ids: number[] = [];
    for (let i = 0; i < 11; i++) {
      const created = await pay.deposit(token, newKey("h"), { method: "card", amount: (100 + i) * 100, returnBase: RETURN_BASE });
      ids.push(created.body.result.paymentId);
    }
    await pay.choose((await pay.payment(token, ids[0]!)).body.result.redirectUrl, "success");
    const withdrawal = await pay.withdraw(token, newKey("h"), { method: "card", amount: 600_00, returnBase: RETURN_BASE });
    ids.push(withdrawal.body.result.paymentId);

    const first = await history(token, "?pageNumber=1");
    expect(first.total_count).toBe(12);
    expect(first.entities.map((e) => e.id)).toEqual([...ids].reverse().slice(0, 10));
    const second = await history(token, "?pageNumber=2");
    expect(second.entities.map((e) => e.id)).toEqual([ids[1], ids[0]]);
    expect((await history(token, "?pageNumber=3")).entities).toEqual([]);

    const [providerRow] = await pay.sql<{ provider_id: string }>(`select provider_id from payment where id = ${ids[0]}`);
    expect(second.entities[1]).toEqual({
      id: ids[0],
      status_id: 2,
      message: "Deposit credited",
      translate_message: "payments.messages.deposit_success",
      skks_hash: expect.stringMatching(/^[0-9a-f]{12}$/),
      timestamp: expect.any(Number),
      date_payment: expect.stringMatching(/^2027-03-01T12:/),
      status_title: "success",
      summ: 100_00,
      money_deposit_id: ids[0],
      debt_repaid: 0,
      kind: "deposit",
      currency: "RUB",
      method: "card",
    });
    expect(providerRow!.provider_id).toMatch(/^pp_/);
    expect(first.entities[0]).toMatchObject({ id: withdrawal.body.result.paymentId, kind: "withdrawal", status_id: 0, status_title: "awaiting", money_deposit_id: null, summ: 600_00, translate_message: "payments.messages.withdrawal_awaiting" });
    expect(Math.floor(Date.parse(second.entities[1]!.date_payment as string) / 1000)).toBe(second.entities[1]!.timestamp);

    for (const bad of ["?pageNumber=0", "?pageNumber=x", "?isIncludeArchive=2"]) expect((await pay.get(token, `/web-api/payments/history${bad}`)).status, bad).toBe(400);
    await pay.choose(withdrawal.body.result.redirectUrl, "cancel");
  });

  it("leaves final payments older than 90 days out unless the archive is asked for, and keeps open ones in", async () => {
    const { token } = await pay.createUser();
    const open = async () => (await pay.deposit(token, newKey("a"), { method: "card", amount: 100_00, returnBase: RETURN_BASE })).body.result as { paymentId: number; redirectUrl: string };
    try {
      const paid = await open();
      await pay.choose(paid.redirectUrl, "success");
      const failed = await open();
      await pay.choose(failed.redirectUrl, "fail");
      const waiting = await open();
      const pending = await open();
      await pay.choose(pending.redirectUrl, "pending");

      // 90 days on: nothing is archived yet (the cut-off is strictly older).
      await moveClock(90 * DAY - 60_000);
      expect((await history(token)).total_count).toBe(4);

      // 91 days on: the two final ones are archived, the open ones stay; a new one is there.
      await moveClock(91 * DAY);
      const recent = await open();
      const current = await history(token, "?isIncludeArchive=0");
      expect(current.entities.map((e) => e.id)).toEqual([recent.paymentId, pending.paymentId, waiting.paymentId]);
      expect(current.total_count).toBe(3);
      const all = await history(token, "?isIncludeArchive=1");
      expect(all.total_count).toBe(5);
      expect(all.entities.map((e) => e.id)).toEqual([recent.paymentId, pending.paymentId, waiting.paymentId, failed.paymentId, paid.paymentId]);
      expect(all.entities[0]!.date_payment).toMatch(/^2027-05-31T/);
      expect(all.entities[4]!.date_payment).toMatch(/^2027-03-01T/);
    } finally {
      await moveClock(0);
    }
  });
});
