import { describe, expect, it } from "vitest";
import { databases } from "../support/stack";
import { platformStack, reconcileLedgerAfterEach } from "../support/suite";
import { authClient } from "./platform-auth-client";

// Ops correcting a finished game's result (decision 019), at the money's edges: winnings already
// spent, a result corrected twice, a correction racing the game's own settlement, expresses and
// systems where one leg changes. Every payout is worked out by hand from the test game's prices
// (platform/apis/bets-test-hooks.ts: 1X2 home 2.10, total over 2.5 1.90, home −0.75 1.95, both to
// score yes 1.80), and the ledger is reconciled from the outside after each test.

type Game = { gameId: number; outcomes: Record<string, number> };

describe.each(databases)("corrections of a result on %s", (db) => {
  const stack = platformStack(db);
  reconcileLedgerAfterEach(() => stack.platformUrl);
  const api = authClient(() => stack.platformUrl);

  let counter = 0;
  const key = () => `resettle-${Date.now()}-${++counter}`;
  const bettor = async (amount: number) => {
    const { userId, token } = await api.createUser({});
    const { accountId } = await api.expectOk("POST", "/__test/ledger/deposit", { body: { userId, amount } }, 201);
    return { userId, token, accountId: accountId as number };
  };
  const ops = async () => (await api.createUser({ roles: ["player", "ops"], login: `ops-${Date.now()}-${++counter}` })).token;
  const newGame = async (): Promise<Game> => api.expectOk("POST", "/__test/bets/games", { body: { status: 1 } }, 201);
  const place = async (me: { token: string; accountId: number }, typeId: number, amount: number, bets: Array<[number, number]>, systemValue?: number) => {
    const res = await api.call("POST", "/web-api/bets/coupon", {
      token: me.token,
      body: { accountId: me.accountId, typeId, amount, ...(systemValue ? { systemValue } : {}), bets: bets.map(([outcomeId, coef]) => ({ outcomeId, coef })) },
      headers: { "idempotency-key": key() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.result.successCoupon.id as number;
  };
  const finish = (game: Game, home: number, away: number) => api.expectOk("POST", `/__test/bets/games/${game.gameId}/finish`, { body: { home, away } });
  const correct = (token: string, game: Game, home: number, away: number) => api.expectOk("POST", `/admin-api/v1/bets/games/${game.gameId}/result`, { token, body: { home, away } });
  const money = async (token: string) => (await api.expectOk("GET", "/web-api/account/balance", { token })).result.accounts[0] as { money: number; available: number };
  const coupon = async (token: string, id: number) =>
    (await api.expectOk("GET", `/web-api/bets/coupons/${id}`, { token })).result as { state: string; statusId: number; payout: number; bets: { statusId: number }[] };
  const sqlRows = async (text: string) => (await api.expectOk("POST", "/__test/sql", { body: { sql: text } })).rows as Record<string, string>[];
  /** The coupon's money transfers in order: kind and amount. */
  const moves = async (couponId: number) =>
    (await sqlRows(`select kind, amount from ledger_transfer where reference = 'coupon:${couponId}' and kind like 'bet_payout%' order by id`)).map((r) => `${r.kind} ${r.amount}`);

  it("takes back what the bettor still has when the winnings were spent, and records the rest as owed, never below zero", async () => {
    const me = await bettor(10_000);
    const g1 = await newGame();
    const g2 = await newGame();
    const won = await place(me, 0, 10_000, [[g1.outcomes["1::1"]!, 2.1]]);
    await finish(g1, 2, 1);
    // 10,000 × 2.10 = 21,000 paid; 20,000 of it staked at once on a game still to play.
    expect(await money(me.token)).toMatchObject({ money: 21_000 });
    await place(me, 0, 20_000, [[g2.outcomes["1::2"]!, 3.5]]);
    expect(await money(me.token)).toMatchObject({ money: 1_000, available: 1_000 });

    const answer = await correct(await ops(), g1, 0, 1);
    // 1,000 taken back, 20,000 owed; the coupon is lost as the corrected score says.
    expect(answer.result).toMatchObject({ resettled: 1, owed: [{ couponId: won, userId: me.userId, amount: 20_000 }] });
    expect(await money(me.token)).toMatchObject({ money: 0, available: 0 });
    expect(await coupon(me.token, won)).toMatchObject({ state: "settled", statusId: 0, payout: 0 });
    expect(await moves(won)).toEqual(["bet_payout 21000", "bet_payout_reversal 1000", "bet_payout_owed 20000"]);
    const debts = await sqlRows(`select amount, collected from bettor_debt where coupon_id = ${won}`);
    expect(debts.map((d) => [Number(d.amount), Number(d.collected)])).toEqual([[20_000, 0]]);
    // The audit log names the debt.
    const audit = (await api.expectOk("GET", "/admin-api/v1/audit?entity=game_result", { token: await ops() })) as { items: { entity_id: string; after: { owed: unknown[] } }[] };
    expect(audit.items.find((i) => i.entity_id === String(g1.gameId))?.after.owed).toEqual([{ couponId: won, userId: me.userId, amount: 20_000 }]);
  });

  it("a result corrected twice (A → B → C) pays and reverses each version exactly once", async () => {
    const me = await bettor(100_000);
    const game = await newGame();
    const id = await place(me, 0, 10_000, [[game.outcomes["5:-750:1"]!, 1.95]]);
    const token = await ops();
    // A 2:0: home −0.75 wins, 10,000 × 1.95 = 19,500.
    await finish(game, 2, 0);
    expect(await money(me.token)).toMatchObject({ money: 90_000 + 19_500 });
    // B 1:0: half of the stake wins on −0.5, half is returned on −1: 10,000 × (1.95 + 1) / 2 = 14,750.
    expect((await correct(token, game, 1, 0)).result).toMatchObject({ resettled: 1, owed: [] });
    // The selection half won (4); the coupon, paid more than its stake, won (1).
    expect(await coupon(me.token, id)).toMatchObject({ statusId: 1, payout: 14_750, bets: [{ statusId: 4 }] });
    expect(await money(me.token)).toMatchObject({ money: 90_000 + 14_750 });
    // C 0:0: lost.
    expect((await correct(token, game, 0, 0)).result).toMatchObject({ resettled: 1, owed: [] });
    expect(await coupon(me.token, id)).toMatchObject({ statusId: 0, payout: 0 });
    expect(await money(me.token)).toMatchObject({ money: 90_000 });
    expect(await moves(id)).toEqual(["bet_payout 19500", "bet_payout_reversal 19500", "bet_payout 14750", "bet_payout_reversal 14750"]);
    // C again changes nothing.
    expect((await correct(token, game, 0, 0)).result).toMatchObject({ resettled: 0 });
    expect(await moves(id)).toHaveLength(4);
  });

  it("resettles an express and a system when one leg changes, and leaves coupons without that leg alone", async () => {
    const me = await bettor(100_000);
    const [g1, g2, g3] = [await newGame(), await newGame(), await newGame()];
    const express = await place(me, 1, 10_000, [[g1.outcomes["1::1"]!, 2.1], [g2.outcomes["4:2500:over"]!, 1.9]]);
    const system = await place(me, 2, 30_000, [[g1.outcomes["1::1"]!, 2.1], [g2.outcomes["4:2500:over"]!, 1.9], [g3.outcomes["6::yes"]!, 1.8]], 2);
    await finish(g1, 2, 1);
    await finish(g2, 2, 1);
    await finish(g3, 1, 1);
    // Express: 10,000 × 2.10 × 1.90 = 39,900. System 2 of 3, 10,000 a line: 2.10 × 1.90 = 3.99,
    // 2.10 × 1.80 = 3.78, 1.90 × 1.80 = 3.42 → 39,900 + 37,800 + 34,200 = 111,900.
    expect(await coupon(me.token, express)).toMatchObject({ statusId: 1, payout: 39_900 });
    expect(await coupon(me.token, system)).toMatchObject({ statusId: 1, payout: 111_900 });
    const token = await ops();
    // Game 3 corrected to 1:0: both to score loses; only the system has it: 39,900 (the line without it).
    expect((await correct(token, g3, 1, 0)).result).toMatchObject({ resettled: 1 });
    expect(await coupon(me.token, system)).toMatchObject({ statusId: 1, payout: 39_900 });
    expect(await moves(express)).toEqual(["bet_payout 39900"]);
    // Game 2 corrected to 1:0: over 2.5 loses: the express and every line of the system.
    expect((await correct(token, g2, 1, 0)).result).toMatchObject({ resettled: 2 });
    expect(await coupon(me.token, express)).toMatchObject({ statusId: 0, payout: 0 });
    expect(await coupon(me.token, system)).toMatchObject({ statusId: 0, payout: 0 });
    expect(await money(me.token)).toMatchObject({ money: 100_000 - 10_000 - 30_000 });
    expect(await moves(system)).toEqual(["bet_payout 111900", "bet_payout_reversal 111900", "bet_payout 39900", "bet_payout_reversal 39900"]);
  });

  it("a correction racing the game's own settlement: one of them first, the money moved once for the result that stands", async () => {
    const token = await ops();
    for (let round = 0; round < 6; round++) {
      const me = await bettor(10_000);
      const game = await newGame();
      const id = await place(me, 0, 10_000, [[game.outcomes["1::1"]!, 2.1]]);
      // The finish says 2:1 (home wins), the correction 0:1; a correction before the finish finds no finished game.
      const [, corrected] = await Promise.all([
        finish(game, 2, 1),
        api.call("POST", `/admin-api/v1/bets/games/${game.gameId}/result`, { token, body: { home: 0, away: 1 } }),
      ]);
      expect([200, 404]).toContain(corrected.status);
      const homeWon = corrected.status === 404;
      expect(await coupon(me.token, id)).toMatchObject({ state: "settled", statusId: homeWon ? 1 : 0, payout: homeWon ? 21_000 : 0 });
      expect(await money(me.token)).toMatchObject({ money: homeWon ? 21_000 : 0 });
      expect(await moves(id)).toEqual(homeWon ? ["bet_payout 21000"] : ["bet_payout 21000", "bet_payout_reversal 21000"]);
    }
  });
});
