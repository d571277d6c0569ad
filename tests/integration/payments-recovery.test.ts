import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { signPayload } from "../../common/payment-signature.ts";
import { expectLedgerReconciled } from "../support/ledger-reconciliation";
import { RETURN_BASE, newKey, paymentsClient } from "../support/payments";
import { type PlatformPair, databases, startPlatformPair } from "../support/stack";
import { platformStack, reconcileLedgerAfterEach } from "../support/suite";

// Recovery of payments left open (issue 34, decision 065 "Recovery"): callbacks that never came, a
// platform killed between writing a payment and hearing the provider's answer. The sweep asks the
// provider and applies its answer through the callback's own function, so the money moves once.
// The sweep's timer is off; the tests run it through the hook and move the payments' clock past
// the thresholds, so nothing here waits on wall time or depends on the day.

const AFTER_MS = 60_000;
const ABANDON_MS = 600_000;
const RECOVERY_ENV = {
  PAYMENT_RECONCILE_INTERVAL_MS: "0",
  PAYMENT_RECONCILE_AFTER_MS: String(AFTER_MS),
  PAYMENT_ABANDON_AFTER_MS: String(ABANDON_MS),
  // Long enough that the platform is still waiting for the slowed provider when it is killed.
  PAYMENT_PROVIDER_TIMEOUT_MS: "15000",
};

/** Polls `probe` until it answers something truthy (at most `ms`). */
async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(databases)("recovery of open payments on %s", (db) => {
  const stack = platformStack(db, { payments: true, platformEnv: RECOVERY_ENV });
  reconcileLedgerAfterEach(() => stack.platformUrl);
  const pay = paymentsClient({ platform: () => stack.platformUrl, provider: () => stack.providerUrl });
  afterEach(async () => {
    await pay.resetControls();
    await pay.clock(0);
  });

  /**
   * Moves the payments clock `ms` past a payment's own date. A restarted platform's clock starts
   * again at PLATFORM_NOW when a run sets it (CI does), so a payment the first process dated may
   * look younger than it is to the second.
   */
  async function clockPast(token: string, paymentId: number, ms: number): Promise<void> {
    const createdAt = Date.parse((await pay.payment(token, paymentId)).body.result.createdAt as string);
    const { now } = (await pay.clock(0)) as { now: string };
    await pay.clock(Math.max(0, createdAt - Date.parse(now)) + ms);
  }

  async function providerIdOf(paymentId: number): Promise<string> {
    const [row] = await pay.sql<{ provider_id: string }>(`select provider_id from payment where id = ${paymentId}`);
    return row!.provider_id;
  }

  it("credits a deposit paid at the provider whose callbacks were all lost, once, and a late callback changes nothing", async () => {
    const { token } = await pay.createUser();
    const created = await pay.deposit(token, newKey("rec"), { method: "card", amount: 1_000_00, returnBase: RETURN_BASE });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const paymentId = created.body.result.paymentId as number;
    const providerId = await providerIdOf(paymentId);

    await pay.controls({ copies: 0 });
    expect((await pay.complete(providerId, "success")).status).toBe(200);
    expect((await pay.providerPayment(providerId)).deliveries).toEqual([]);
    expect((await pay.payment(token, paymentId)).body.result.status).toBe("awaiting");

    // Younger than the threshold: not asked about yet.
    expect((await pay.reconcile()).leader).toBe(true);
    expect((await pay.payment(token, paymentId)).body.result.status).toBe("awaiting");
    expect(await pay.balance(token)).toEqual({ money: 0, available: 0 });

    await pay.clock(AFTER_MS + 1_000);
    const swept = await pay.reconcile();
    expect(swept).toMatchObject({ leader: true, unanswered: 0, mismatched: 0 });
    expect(swept.applied).toBeGreaterThanOrEqual(1);
    expect((await pay.payment(token, paymentId)).body.result).toMatchObject({ status: "success", messageKey: "payments.messages.deposit_success", debtRepaid: 0 });
    expect(await pay.balance(token)).toEqual({ money: 1_000_00, available: 1_000_00 });

    // Another sweep, then the provider's callback after all: both find it done.
    await pay.reconcile();
    await pay.resetControls();
    const late = await pay.resend(providerId);
    expect(late).toMatchObject({ status: "success", answers: [200] });
    expect((await pay.callbackLog(`payment_id = ${paymentId}`)).map((l) => l.outcome)).toEqual(["duplicate"]);
    expect(await pay.balance(token)).toEqual({ money: 1_000_00, available: 1_000_00 });
    expect((await pay.moneyOf(paymentId)).transfers).toEqual([{ flag: "posted", amount: 1_000_00, kind: "payment_deposit" }]);
  });

  it("posts a withdrawal the provider confirmed, voids one it cancelled, and moves a pending one to pending, all with callbacks lost", async () => {
    const { userId, token } = await pay.createUser();
    await pay.fund(userId, 10_000_00);
    const open = async (amount: number) => {
      const created = await pay.withdraw(token, newKey("rec-wd"), { method: "card", amount, returnBase: RETURN_BASE });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const paymentId = created.body.result.paymentId as number;
      return { paymentId, providerId: await providerIdOf(paymentId) };
    };
    const paid = await open(2_500_00);
    const cancelled = await open(1_000_00);
    const pending = await open(500_00);
    expect(await pay.balance(token)).toEqual({ money: 10_000_00, available: 6_000_00 });

    await pay.controls({ copies: 0 });
    await pay.complete(paid.providerId, "success");
    await pay.complete(cancelled.providerId, "cancel");
    await pay.complete(pending.providerId, "pending");
    await pay.clock(AFTER_MS + 1_000);
    await pay.reconcile();

    expect((await pay.payment(token, paid.paymentId)).body.result.status).toBe("success");
    expect((await pay.payment(token, cancelled.paymentId)).body.result.status).toBe("cancelled");
    expect((await pay.payment(token, pending.paymentId)).body.result.status).toBe("pending");
    expect((await pay.moneyOf(paid.paymentId)).transfers.map((t) => t.flag)).toEqual(["pending", "post_pending"]);
    expect((await pay.moneyOf(cancelled.paymentId)).transfers.map((t) => t.flag)).toEqual(["pending", "void_pending"]);
    expect((await pay.moneyOf(pending.paymentId)).transfers.map((t) => t.flag)).toEqual(["pending"]);
    expect(await pay.balance(token)).toEqual({ money: 7_500_00, available: 7_000_00 });

    // The pending one ends later at the provider, its callback lost too: the next sweep posts it.
    await pay.complete(pending.providerId, "success");
    await pay.reconcile();
    expect((await pay.payment(token, pending.paymentId)).body.result.status).toBe("success");
    expect(await pay.balance(token)).toEqual({ money: 7_000_00, available: 7_000_00 });
  });

  it("finds by our reference a payment whose create call was cut by a crash, and the bettor can still pay it", async () => {
    const { userId, token } = await pay.createUser();
    const key = newKey("crash");
    const body = { method: "card", amount: 400_00, returnBase: RETURN_BASE };
    // The provider answers after 2.5 s; the platform is killed while it waits, once its call is there.
    const createCalls = async () => ((await (await fetch(`${stack.providerUrl}/health`)).json()) as { createCalls: number }).createCalls;
    const before = await createCalls();
    await pay.controls({ delayMs: 2_500 });
    const cut = pay.deposit(token, key, body).then(
      (a) => `answered ${a.status}`,
      () => "no answer",
    );
    const [row] = await until("the payment's row", async () => {
      const rows = await pay.sql<{ id: string; provider_id: string | null }>(`select id::text, provider_id from payment where user_id = ${userId}`);
      return rows.length ? rows : null;
    });
    expect(row!.provider_id).toBeNull();
    const paymentId = Number(row!.id);
    await until("the create call at the provider", async () => (await createCalls()) > before);
    await stack.stopPlatform({ crash: true });
    expect(await cut).toBe("no answer");

    // The provider opened it after all, without anyone to tell.
    await until("the provider's payment", async () => ((await pay.providerByRef(String(paymentId))).body.data?.length ? true : null));
    await pay.resetControls();
    await stack.startPlatform();
    expect((await pay.payment(token, paymentId)).body.result).toMatchObject({ status: "awaiting", redirectUrl: null });
    expect((await pay.deposit(token, key, body)).body.error.code).toBe("request_in_progress");

    await clockPast(token, paymentId, AFTER_MS + 1_000);
    const swept = await pay.reconcile();
    expect(swept.linked).toBeGreaterThanOrEqual(1);
    const providerId = await providerIdOf(paymentId);
    expect(providerId).toMatch(/^pp_/);
    // Linked, still awaiting the bettor's choice: the same key now answers the payment and its page.
    const replay = await pay.deposit(token, key, body);
    expect(replay.status).toBe(200);
    expect(replay.body.result).toMatchObject({ paymentId, status: "awaiting", redirectUrl: `${stack.providerUrl}/pay/${providerId}` });
    await pay.choose(replay.body.result.redirectUrl, "success");
    expect((await pay.payment(token, paymentId)).body.result.status).toBe("success");
    expect(await pay.balance(token)).toEqual({ money: 400_00, available: 400_00 });
    expect((await pay.moneyOf(paymentId)).transfers).toEqual([{ flag: "posted", amount: 400_00, kind: "payment_deposit" }]);
  });

  it("fails a withdrawal whose create call never reached the provider, once older than the second threshold, and gives its reservation back", async () => {
    const { userId, token } = await pay.createUser();
    await pay.fund(userId, 3_000_00);
    const key = newKey("lost");
    const body = { method: "card", amount: 1_000_00, returnBase: RETURN_BASE };
    // The create call is lost on its way (after 2.5 s, nothing done); the platform dies meanwhile.
    await pay.controls({ delayMs: 2_500, lose: 1 });
    const cut = pay.withdraw(token, key, body).then(
      (a) => `answered ${a.status}`,
      () => "no answer",
    );
    const [row] = await until("the payment's row", async () => {
      const rows = await pay.sql<{ id: string }>(`select id::text from payment where user_id = ${userId}`);
      return rows.length ? rows : null;
    });
    const paymentId = Number(row!.id);
    await stack.stopPlatform({ crash: true });
    expect(await cut).toBe("no answer");
    await pay.resetControls();
    await stack.startPlatform();
    expect(await pay.balance(token)).toEqual({ money: 3_000_00, available: 2_000_00 });

    // Past the first threshold: the provider has never heard of it, but a create call might still be on its way.
    await clockPast(token, paymentId, AFTER_MS + 1_000);
    expect((await pay.providerByRef(String(paymentId))).body).toEqual({ data: [] });
    await pay.reconcile();
    expect((await pay.payment(token, paymentId)).body.result.status).toBe("awaiting");
    expect(await pay.balance(token)).toEqual({ money: 3_000_00, available: 2_000_00 });

    await clockPast(token, paymentId, ABANDON_MS + 1_000);
    const swept = await pay.reconcile();
    expect(swept.abandoned).toBeGreaterThanOrEqual(1);
    expect((await pay.payment(token, paymentId)).body.result).toMatchObject({ status: "failed", messageKey: "payments.messages.provider_unavailable" });
    expect(await pay.balance(token)).toEqual({ money: 3_000_00, available: 3_000_00 });
    expect((await pay.moneyOf(paymentId)).transfers.map((t) => t.flag)).toEqual(["pending", "void_pending"]);
    // The same key answers the failure; a retry takes a new key.
    expect((await pay.withdraw(token, key, body)).body.error.code).toBe("provider_unavailable");
    await pay.reconcile();
    expect((await pay.moneyOf(paymentId)).transfers.map((t) => t.flag)).toEqual(["pending", "void_pending"]);
  });

  it("answers the platform's status queries only when signed, and refuses a bad query with a 4xx", async () => {
    const { token } = await pay.createUser();
    const created = await pay.deposit(token, newKey("q"), { method: "card", amount: 100_00, returnBase: RETURN_BASE });
    const paymentId = created.body.result.paymentId as number;
    const providerId = await providerIdOf(paymentId);
    const byId = await pay.providerQuery(`/v1/payments/${providerId}`);
    expect(byId.status).toBe(200);
    expect(byId.headers.get("x-signature")).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(byId.body).toMatchObject({ id: providerId, merchantRef: String(paymentId), kind: "deposit", status: "awaiting", amount: 100_00, currency: "RUB" });
    expect((await pay.providerByRef(String(paymentId))).body.data).toEqual([byId.body]);
    // A signature for another query, none, or a query out of shape.
    const other = await pay.providerQuery(`/v1/payments/${providerId}`, signPayload("wrong-secret-wrong-secret-wrong-secret", "GET /v1/payments"));
    expect(other.status).toBe(401);
    expect((await pay.providerQuery(`/v1/payments/${providerId}`, null)).status).toBe(401);
    expect((await pay.providerQuery("/v1/payments")).status).toBe(400);
    expect((await pay.providerQuery(`/v1/payments?merchantRef=${"x".repeat(101)}`)).status).toBe(400);
    expect((await pay.providerQuery("/v1/payments/not-an-id")).status).toBe(400);
    expect((await pay.providerQuery("/v1/payments/pp_unknown")).body.error.code).toBe("payment_not_found");
    // The platform's hook refuses a bad body with a 400.
    const bad = await fetch(`${stack.platformUrl}/__test/payments/reconcile`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ force: "yes" }) });
    expect(bad.status).toBe(400);
  });
});

describe.runIf(databases.includes("postgres"))("recovery sweeps of two platforms on one PostgreSQL", () => {
  let pair: PlatformPair;
  beforeAll(async () => {
    pair = await startPlatformPair({ payments: true, env: RECOVERY_ENV });
  }, 120_000);
  afterAll(async () => {
    await pair?.stop();
  });
  const a = paymentsClient({ platform: () => pair.urls[0], provider: () => pair.providerUrl });
  const b = paymentsClient({ platform: () => pair.urls[1], provider: () => pair.providerUrl });
  afterEach(async () => {
    await expectLedgerReconciled(pair.urls[0]);
  });

  it("sweeps in one of them at a time, and credits once even when both are made to sweep at once", async () => {
    const { token } = await a.createUser();
    const deposit = async () => {
      const created = await a.deposit(token, newKey("pair"), { method: "card", amount: 500_00, returnBase: RETURN_BASE });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const paymentId = created.body.result.paymentId as number;
      const [row] = await a.sql<{ provider_id: string }>(`select provider_id from payment where id = ${paymentId}`);
      await a.complete(row!.provider_id, "success");
      return paymentId;
    };
    await a.controls({ copies: 0 });
    const first = await deposit();
    await Promise.all([a.clock(AFTER_MS + 1_000), b.clock(AFTER_MS + 1_000)]);

    const reports = await Promise.all([a.reconcile(), b.reconcile()]);
    expect(reports.map((r) => r.leader).sort()).toEqual([false, true]);
    expect(reports.find((r) => !r.leader)).toMatchObject({ checked: 0, applied: 0 });
    expect((await a.payment(token, first)).body.result.status).toBe("success");
    expect(await a.balance(token)).toEqual({ money: 500_00, available: 500_00 });

    // Both forced to sweep, three times each, at once: the payment's row lock and its status make the money move once.
    const second = await deposit();
    // Created at the moved clock: moved on past the threshold again.
    await Promise.all([a.clock(2 * AFTER_MS + 2_000), b.clock(2 * AFTER_MS + 2_000)]);
    const forced = await Promise.all([a.reconcile(true), b.reconcile(true), a.reconcile(true), b.reconcile(true), a.reconcile(true), b.reconcile(true)]);
    expect(forced.reduce((n, r) => n + r.applied, 0)).toBe(1);
    expect((await a.moneyOf(second)).transfers).toEqual([{ flag: "posted", amount: 500_00, kind: "payment_deposit" }]);
    expect(await a.balance(token)).toEqual({ money: 1_000_00, available: 1_000_00 });
    await a.resetControls();
  });
});
