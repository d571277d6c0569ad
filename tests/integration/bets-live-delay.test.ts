import { describe, expect, it } from "vitest";
import { databases, startPlatformPair } from "../support/stack";
import { expectLedgerReconciled } from "../support/ledger-reconciliation";
import { platformStack, reconcileLedgerAfterEach } from "../support/suite";
import { authClient } from "./platform-auth-client";

// A live bet's delay (decision 018) held open by the test, not raced against the wall clock: the
// delay is ten minutes, and the test ends it with /__test/bets/coupons/{id}/end-delay once it has
// changed the game. While the coupon waits its stake is pending: the balance's money is unchanged,
// its available money is less by the stake. Then, on the decision, the stake is posted (accepted)
// or released (refused), exactly once, and the ledger reconciles from the outside.

type Game = { gameId: number; outcomes: Record<string, number> };
const HOLD = { BET_LIVE_DELAY_MS: "600000" };

describe.each(databases)("the live delay on %s", (db) => {
  const stack = platformStack(db, { platformEnv: HOLD });
  reconcileLedgerAfterEach(() => stack.platformUrl);
  const api = authClient(() => stack.platformUrl);

  let counter = 0;
  const bettor = async () => {
    const { userId, token } = await api.createUser({});
    const { accountId } = await api.expectOk("POST", "/__test/ledger/deposit", { body: { userId, amount: 100_000 } }, 201);
    return { token, accountId: accountId as number };
  };
  const liveGame = async (): Promise<Game> => api.expectOk("POST", "/__test/bets/games", { body: { status: 2 } }, 201);
  /** A live single of 10,000 on the home win (2.10), waiting in its delay. */
  const waitingBet = async (me: { token: string; accountId: number }, game: Game) => {
    const res = await api.call("POST", "/web-api/bets/coupon", {
      token: me.token,
      body: { accountId: me.accountId, typeId: 0, amount: 10_000, bets: [{ outcomeId: game.outcomes["1::1"], coef: 2.1, isLive: true }] },
      headers: { "idempotency-key": `live-${Date.now()}-${++counter}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.result.successCoupon).toMatchObject({ state: "waiting" });
    return res.body.result.successCoupon.id as number;
  };
  const balance = async (token: string) => (await api.expectOk("GET", "/web-api/account/balance", { token })).result.accounts[0] as { money: number; available: number };
  const couponNow = async (token: string, id: number) => (await api.expectOk("GET", `/web-api/bets/coupons/${id}`, { token })).result as { state: string; refusal: { code: string } | null };
  const endDelay = (id: number, url = stack.platformUrl) => api.expectOk("POST", `/__test/bets/coupons/${id}/end-delay`, { body: {} }).then(() => fetch(`${url}/__test/bets/decide`, { method: "POST" }));
  const stakeMoves = async (id: number) =>
    ((await api.expectOk("POST", "/__test/sql", { body: { sql: `select r.flag from bet_coupon c join ledger_transfer r on r.pending_id = c.stake_transfer_id where c.id = ${id}` } })).rows as { flag: string }[]).map((r) => r.flag);

  it("holds the stake while the delay is open, and nothing decides it before it ends", async () => {
    const me = await bettor();
    const id = await waitingBet(me, await liveGame());
    expect(await balance(me.token)).toEqual(expect.objectContaining({ money: 100_000, available: 90_000 }));
    await api.expectOk("POST", "/__test/bets/decide", { body: {} });
    expect(await couponNow(me.token, id)).toMatchObject({ state: "waiting" });
    await endDelay(id);
    expect(await couponNow(me.token, id)).toMatchObject({ state: "open" });
    expect(await balance(me.token)).toEqual(expect.objectContaining({ money: 90_000, available: 90_000 }));
    expect(await stakeMoves(id)).toEqual(["post_pending"]);
  });

  it("the price drops inside the delay: refused with the new price, the stake released", async () => {
    const me = await bettor();
    const game = await liveGame();
    const id = await waitingBet(me, game);
    await api.expectOk("POST", `/__test/bets/outcomes/${game.outcomes["1::1"]}`, { body: { coef: 190 } });
    await endDelay(id);
    expect(await couponNow(me.token, id)).toMatchObject({ state: "refused", refusal: { code: "coef_changed", coef: "1.90" } });
    expect(await balance(me.token)).toEqual(expect.objectContaining({ money: 100_000, available: 100_000 }));
    expect(await stakeMoves(id)).toEqual(["void_pending"]);
  });

  it("the market is suspended inside the delay: refused as blocked", async () => {
    const me = await bettor();
    const game = await liveGame();
    const id = await waitingBet(me, game);
    await api.expectOk("POST", `/__test/bets/outcomes/${game.outcomes["1::1"]}`, { body: { blocked: true } });
    await endDelay(id);
    expect(await couponNow(me.token, id)).toMatchObject({ state: "refused", refusal: { code: "blocked" } });
    expect(await stakeMoves(id)).toEqual(["void_pending"]);
  });

  it("the game finishes inside the delay: the waiting coupon is not settled, and is refused when its delay ends", async () => {
    const me = await bettor();
    const game = await liveGame();
    const id = await waitingBet(me, game);
    // The home side wins: settling the coupon would pay 21,000. It was never accepted.
    await api.expectOk("POST", `/__test/bets/games/${game.gameId}/finish`, { body: { home: 2, away: 0 } });
    expect(await couponNow(me.token, id)).toMatchObject({ state: "waiting" });
    await endDelay(id);
    expect(await couponNow(me.token, id)).toMatchObject({ state: "refused", refusal: { code: "game_finished" } });
    expect(await balance(me.token)).toEqual(expect.objectContaining({ money: 100_000, available: 100_000 }));
  });

  it("the platform restarts inside the delay: the pending stake is neither lost nor accepted twice", async () => {
    const me = await bettor();
    const game = await liveGame();
    const id = await waitingBet(me, game);
    await stack.stopPlatform();
    await stack.startPlatform();
    expect(await couponNow(me.token, id)).toMatchObject({ state: "waiting" });
    expect(await balance(me.token)).toEqual(expect.objectContaining({ money: 100_000, available: 90_000 }));
    await endDelay(id);
    await api.expectOk("POST", "/__test/bets/decide", { body: {} });
    expect(await couponNow(me.token, id)).toMatchObject({ state: "open" });
    expect(await balance(me.token)).toEqual(expect.objectContaining({ money: 90_000, available: 90_000 }));
    expect(await stakeMoves(id)).toEqual(["post_pending"]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("the live delay with two platform processes on one PostgreSQL", () => {
  it("both decide the same pending coupons at once: each is decided once", async () => {
    const pair = await startPlatformPair({ env: HOLD });
    let current = pair.urls[0]!;
    const api = authClient(() => current);
    try {
      const { userId, token } = await api.createUser({});
      const { accountId } = await api.expectOk("POST", "/__test/ledger/deposit", { body: { userId, amount: 100_000 } }, 201);
      const game = (await api.expectOk("POST", "/__test/bets/games", { body: { status: 2 } }, 201)) as Game;
      const ids: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await api.call("POST", "/web-api/bets/coupon", {
          token,
          body: { accountId, typeId: 0, amount: 5_000, bets: [{ outcomeId: game.outcomes["1::1"], coef: 2.1, isLive: true }] },
          headers: { "idempotency-key": `pair-${i}` },
        });
        expect(res.status).toBe(202);
        ids.push(res.body.result.successCoupon.id as number);
      }
      for (const id of ids) await api.expectOk("POST", `/__test/bets/coupons/${id}/end-delay`, { body: {} });
      // Both processes decide at once, several times over, and read the coupons (a read decides too).
      await Promise.all(
        pair.urls.flatMap((url) => [
          ...Array.from({ length: 3 }, () => fetch(`${url}/__test/bets/decide`, { method: "POST" })),
          ...ids.map((id) => fetch(`${url}/web-api/bets/coupons/${id}`, { headers: { authorization: `Bearer ${token}` } })),
        ]),
      );
      const flags = (await api.expectOk("POST", "/__test/sql", {
        body: { sql: `select c.id, count(r.id) as n, min(r.flag) as flag from bet_coupon c left join ledger_transfer r on r.pending_id = c.stake_transfer_id group by c.id` },
      })).rows as { n: string; flag: string }[];
      expect(flags).toHaveLength(8);
      expect(flags.every((f) => Number(f.n) === 1 && f.flag === "post_pending")).toBe(true);
      current = pair.urls[1]!;
      expect((await api.expectOk("GET", "/web-api/account/balance", { token })).result.accounts[0]).toMatchObject({ money: 60_000, available: 60_000 });
      await expectLedgerReconciled(pair.urls[1]!);
    } finally {
      await pair.stop();
    }
  });
});
