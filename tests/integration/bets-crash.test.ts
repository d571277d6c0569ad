import { describe, expect, it } from "vitest";
import { databases } from "../support/stack";
import { platformStack, reconcileLedgerAfterEach } from "../support/suite";
import { authClient } from "./platform-auth-client";

// Issue 14, "Bad input and faults": the platform dies between committing a bet and answering it.
// The stake, the bet and the idempotency key were one transaction, so after a restart the
// client's retry with the same key gets the original coupon and the money moved exactly once.

describe.each(databases)("a platform crash between the debit and the answer, on %s", (db) => {
  const stack = platformStack(db);
  reconcileLedgerAfterEach(() => stack.platformUrl);
  const api = authClient(() => stack.platformUrl);

  const balance = async (token: string) => (await api.expectOk("GET", "/web-api/account/balance", { token })).result.accounts[0] as { money: number };

  it("keeps the bet and its debit together, and the retry with the same key answers the first coupon", async () => {
    const { userId, token } = await api.createUser({});
    const { accountId } = await api.expectOk("POST", "/__test/ledger/deposit", { body: { userId, amount: 100_000 } }, 201);
    const game = (await api.expectOk("POST", "/__test/bets/games", { body: { status: 1 } }, 201)) as { outcomes: Record<string, number> };
    const coupon = { accountId, typeId: 0, amount: 2_500, bets: [{ outcomeId: game.outcomes["1::1"], coef: 2.1 }] };
    const key = `crash-${Date.now()}`;

    await api.expectOk("POST", "/__test/faults", { body: { path: "/web-api/bets/coupon", mode: "crash", remaining: 1 } }, 201);
    const lost = await fetch(`${stack.platformUrl}/web-api/bets/coupon`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "idempotency-key": key },
      body: JSON.stringify(coupon),
    }).then(
      (res) => `answered ${res.status}`,
      () => "no answer",
    );
    expect(lost).toBe("no answer");

    await stack.stopPlatform();
    await stack.startPlatform();

    // The first attempt committed whole before the process died: one coupon, one debit.
    const history = async () => (await api.expectOk("GET", "/web-api/bets/coupons?pageSize=50", { token })).result as { total: number; coupons: Array<{ number: string }> };
    const before = await history();
    expect(before.total).toBe(1);
    expect(await balance(token)).toMatchObject({ money: 97_500 });

    const retry = await api.call("POST", "/web-api/bets/coupon", { token, body: coupon, headers: { "idempotency-key": key } });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.result.successCoupon).toMatchObject({ amount: 2_500, typeId: 0 });
    const again = await api.call("POST", "/web-api/bets/coupon", { token, body: coupon, headers: { "idempotency-key": key } });
    expect(again.body.result.successCoupon.number).toBe(retry.body.result.successCoupon.number);
    expect(await balance(token)).toMatchObject({ money: 97_500 });

    expect(retry.body.result.successCoupon.number).toBe(before.coupons[0]!.number);
    expect((await history()).total).toBe(1);
    const trial = await api.expectOk("GET", "/__test/ledger/trial-balance");
    expect(trial.mismatches).toEqual([]);
    for (const sum of Object.values(trial.sums as Record<string, number>)) expect(sum).toBe(0);
  });
});
