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

  // Issue 37: a caller whose placement got no answer asks the platform what became of it by its key.
  const outcome = async (token: string, key: string) => (await api.expectOk("GET", `/web-api/bets/requests/${encodeURIComponent(key)}`, { token })).result;

  it("is none before, the first answer after, per bettor; a dropped answer leaves the bet standing once", async () => {
    const me = await api.createUser({});
    const other = await api.createUser({});
    const { accountId } = await api.expectOk("POST", "/__test/ledger/deposit", { body: { userId: me.userId, amount: 100_000 } }, 201);
    const game = (await api.expectOk("POST", "/__test/bets/games", { body: { status: 1 } }, 201)) as { outcomes: Record<string, number> };
    const coupon = { accountId, typeId: 0, amount: 2_500, bets: [{ outcomeId: game.outcomes["1::1"], coef: 2.1 }] };
    const key = `outcome-${Date.now()}`;
    expect(await outcome(me.token, key)).toEqual({ state: "none" });

    // Committed, then the connection closed without an answer, the process alive.
    await api.expectOk("POST", "/__test/faults", { body: { path: "/web-api/bets/coupon", mode: "drop", remaining: 1 } }, 201);
    const lost = await fetch(`${stack.platformUrl}/web-api/bets/coupon`, {
      method: "POST",
      headers: { authorization: `Bearer ${me.token}`, "content-type": "application/json", "idempotency-key": key },
      body: JSON.stringify(coupon),
    }).then(
      (res) => `answered ${res.status}`,
      () => "no answer",
    );
    expect(lost).toBe("no answer");

    const found = await outcome(me.token, key);
    expect(found.state).toBe("placed");
    expect(found.answer.successCoupon).toMatchObject({ amount: 2_500, typeId: 0, state: "open" });
    // The same key sent again answers that coupon; the money moved once.
    const again = await api.expectOk("POST", "/web-api/bets/coupon", { token: me.token, body: coupon, headers: { "idempotency-key": key } });
    expect(again.result.successCoupon.id).toBe(found.answer.successCoupon.id);
    expect((await api.expectOk("GET", "/web-api/account/balance", { token: me.token })).result.accounts[0].money).toBe(97_500);
    // Keys are the bettor's own: another bettor's same key is theirs to use.
    expect(await outcome(other.token, key)).toEqual({ state: "none" });
  });

  it("refuses a key that is not one, and a guest", async () => {
    const me = await api.createUser({});
    const bad = await api.call("GET", `/web-api/bets/requests/${encodeURIComponent("ключ")}`, { token: me.token });
    expect(bad.status).toBe(400);
    const guest = await api.call("GET", "/web-api/bets/requests/some-key-123", {});
    expect(guest.status).toBe(401);
  });

});

describe.each(databases)("a placement that waited longer than its window, on %s", (db) => {
  // A window of 0: every placement has waited too long by the time it could write.
  const stack = platformStack(db, { platformEnv: { BET_PLACE_WINDOW_MS: "0" } });
  reconcileLedgerAfterEach(() => stack.platformUrl);
  const api = authClient(() => stack.platformUrl);

  it("is refused with nothing written, so its key's outcome stays none", async () => {
    const me = await api.createUser({});
    const { accountId } = await api.expectOk("POST", "/__test/ledger/deposit", { body: { userId: me.userId, amount: 100_000 } }, 201);
    const game = (await api.expectOk("POST", "/__test/bets/games", { body: { status: 1 } }, 201)) as { outcomes: Record<string, number> };
    const key = `late-${Date.now()}`;
    const res = await api.call("POST", "/web-api/bets/coupon", { token: me.token, body: { accountId, typeId: 0, amount: 2_500, bets: [{ outcomeId: game.outcomes["1::1"], coef: 2.1 }] }, headers: { "idempotency-key": key } });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe("placement_expired");
    expect((await api.expectOk("GET", "/web-api/account/balance", { token: me.token })).result.accounts[0].money).toBe(100_000);
    expect((await api.expectOk("GET", `/web-api/bets/requests/${key}`, { token: me.token })).result).toEqual({ state: "none" });
  });
});
