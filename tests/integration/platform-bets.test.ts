import { describe, expect, it } from "vitest";
import { databases } from "../support/stack";
import { platformStack, reconcileLedgerAfterEach } from "../support/suite";
import { authClient } from "./platform-auth-client";

type Game = { gameId: number; outcomes: Record<string, number> };

describe.each(databases)("bet API on %s", (db) => {
  const stack = platformStack(db, { sports: true, platformEnv: { BET_LIVE_DELAY_MS: "1500" } });
  reconcileLedgerAfterEach(() => stack.platformUrl);
  const api = authClient(() => stack.platformUrl);

  let keyCounter = 0;
  const newKey = () => `key-${Date.now()}-${++keyCounter}`;
  const bettor = async (amount = 1_000_000) => {
    const { userId, token } = await api.createUser({});
    const { accountId } = await api.expectOk("POST", "/__test/ledger/deposit", { body: { userId, amount } }, 201);
    return { userId, token, accountId: accountId as number };
  };
  const newGame = async (status: 1 | 2 = 1): Promise<Game> => api.expectOk("POST", "/__test/bets/games", { body: { status } }, 201);
  const balance = async (token: string) => (await api.expectOk("GET", "/web-api/account/balance", { token })).result.accounts[0] as { money: number; available: number };
  const place = (token: string, body: unknown, key: string | null = newKey()) =>
    api.call("POST", "/web-api/bets/coupon", { token, body, headers: key === null ? {} : { "idempotency-key": key } });
  const audit = api.expectLedgerBalanced;

  it("places a single: the stake leaves the balance and the answer is the success coupon", async () => {
    const me = await bettor();
    const game = await newGame();
    const res = await place(me.token, { accountId: me.accountId, typeId: 0, amount: 10_000, bets: [{ outcomeId: game.outcomes["1::1"], coef: 2.1 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.successCoupon).toMatchObject({ typeId: 0, state: "open", amount: 10_000, possibleWin: 21_000, coef: 2.1, statusId: -1 });
    expect(res.body.result.successCoupon.number).toMatch(/^\d+$/);
    expect(await balance(me.token)).toMatchObject({ money: 990_000 });
    await audit();
  });

  it("settles express and system coupons from the final score, once", async () => {
    const me = await bettor();
    const [g1, g2, g3] = [await newGame(), await newGame(), await newGame()];
    const express = await place(me.token, {
      accountId: me.accountId,
      typeId: 1,
      amount: 10_000,
      bets: [
        { outcomeId: g1.outcomes["1::1"], coef: 2.1 },
        { outcomeId: g2.outcomes["4:2250:over"], coef: 1.75 },
      ],
    });
    expect(express.status, JSON.stringify(express.body)).toBe(200);
    const system = await place(me.token, {
      accountId: me.accountId,
      typeId: 2,
      systemValue: 2,
      amount: 30_000,
      bets: [
        { outcomeId: g1.outcomes["1::1"], coef: 2.1 },
        { outcomeId: g2.outcomes["1::2"], coef: 3.5 },
        { outcomeId: g3.outcomes["6::yes"], coef: 1.8 },
      ],
    });
    expect(system.status, JSON.stringify(system.body)).toBe(200);
    expect(await balance(me.token)).toMatchObject({ money: 960_000 });
    // g1 home wins 2-1; g2 ends 2-0 (over 2.25: half win on 2, half lose on 2.5 → status 5; away loses)
    await api.expectOk("POST", `/__test/bets/games/${g1.gameId}/finish`, { body: { home: 2, away: 1 } });
    await api.expectOk("POST", `/__test/bets/games/${g2.gameId}/finish`, { body: { home: 2, away: 0 } });
    const expressCoupon = (await api.expectOk("GET", `/web-api/bets/coupons/${express.body.result.successCoupon.id}`, { token: me.token })).result;
    // 2.10 × (half lose half return = 0.5) → 10,000 × 1.05 = 10,500
    expect(expressCoupon).toMatchObject({ state: "settled", payout: 10_500, statusId: 1 });
    expect(expressCoupon.bets.map((b: { statusId: number }) => b.statusId)).toEqual([1, 5]);
    // the system waits for g3
    expect((await api.expectOk("GET", `/web-api/bets/coupons/${system.body.result.successCoupon.id}`, { token: me.token })).result.state).toBe("open");
    await api.expectOk("POST", `/__test/bets/games/${g3.gameId}/finish`, { body: { home: 1, away: 1 } });
    // lines: 2.1×3.5 lose, 2.1×1.8 = 3.78 wins, 3.5×1.8 lose → 10,000 × 3.78 = 37,800
    const systemCoupon = (await api.expectOk("GET", `/web-api/bets/coupons/${system.body.result.successCoupon.id}`, { token: me.token })).result;
    expect(systemCoupon).toMatchObject({ state: "settled", payout: 37_800, statusId: 1 });
    expect(await balance(me.token)).toMatchObject({ money: 960_000 + 10_500 + 37_800 });
    // settling again changes nothing
    expect(await api.expectOk("POST", `/__test/bets/games/${g1.gameId}/settle`)).toEqual({ selections: 0, coupons: 0, paid: 0 });
    expect(await balance(me.token)).toMatchObject({ money: 960_000 + 10_500 + 37_800 });
    await audit();
  });

  it("a cancelled game returns the stakes with status 3", async () => {
    const me = await bettor();
    const game = await newGame();
    const res = await place(me.token, { accountId: me.accountId, typeId: 0, amount: 5_000, bets: [{ outcomeId: game.outcomes["1::X"], coef: 3.4 }] });
    expect(res.status).toBe(200);
    await api.expectOk("POST", `/__test/bets/games/${game.gameId}/finish`, { body: { status: 5 } });
    const coupon = (await api.expectOk("GET", `/web-api/bets/coupons/${res.body.result.successCoupon.id}`, { token: me.token })).result;
    expect(coupon).toMatchObject({ state: "settled", statusId: 3, payout: 5_000 });
    expect(await balance(me.token)).toMatchObject({ money: 1_000_000 });
  });

  it("refuses bad input with a typed 4xx and moves no money", async () => {
    const me = await bettor(100_000);
    const other = await bettor();
    const game = await newGame();
    const g2 = await newGame();
    const outcome = game.outcomes["1::1"]!;
    const single = (extra: Record<string, unknown>) => ({ accountId: me.accountId, typeId: 0, amount: 10_000, bets: [{ outcomeId: outcome, coef: 2.1 }], ...extra });
    const cases: Array<[unknown, number, string]> = [
      [single({ amount: -100 }), 400, "invalid_amount"],
      [single({ amount: 0 }), 400, "invalid_amount"],
      [single({ amount: 10.5 }), 400, "invalid_amount"],
      [single({ amount: 1e30 }), 400, "invalid_amount"],
      [single({ amount: "100" }), 400, "invalid_amount"],
      [single({ amount: 500 }), 422, "amount_below_min"],
      [single({ amount: 200_000 }), 422, "insufficient_balance"],
      [single({ bets: [{ outcomeId: 2_000_000_000, coef: 2.1 }] }), 404, "outcome_not_found"],
      [single({ accountId: other.accountId }), 404, "account_not_found"],
      [single({ bets: [{ outcomeId: outcome, coef: 2.123 }] }), 400, "bad_request"],
      [single({ typeId: 1, bets: [{ outcomeId: outcome, coef: 2.1 }, { outcomeId: outcome, coef: 2.1 }] }), 400, "duplicate_selection"],
      [single({ typeId: 1, bets: [{ outcomeId: outcome, coef: 2.1 }, { outcomeId: game.outcomes["4:2500:over"], coef: 1.9 }] }), 422, "dependent"],
      [single({ typeId: 1, bets: [{ outcomeId: outcome, coef: 2.1 }, { outcomeId: g2.outcomes["7::1-0"], coef: 7 }] }), 422, "banned_from_express"],
      [
        single({
          typeId: 2,
          systemValue: 3,
          bets: [
            { outcomeId: outcome, coef: 2.1 },
            { outcomeId: g2.outcomes["1::1"], coef: 2.1 },
            { outcomeId: (await newGame()).outcomes["1::1"], coef: 2.1 },
          ],
        }),
        400,
        "system_value_invalid",
      ],
      [single({ bets: Array.from({ length: 21 }, (_, i) => ({ outcomeId: outcome + i, coef: 2 })), typeId: 1 }), 400, "too_many_selections"],
      [single({ promoCode: "NOPE" }), 422, "promo_invalid"],
      [single({ bets: [{ outcomeId: outcome, coef: 2.5 }], changeCoefAction: 2 }), 409, "coef_changed"],
      ["not json", 400, "bad_request"],
    ];
    for (const [body, status, code] of cases) {
      const res = await place(me.token, body);
      expect(res.status, `${code}: ${JSON.stringify(res.body)}`).toBe(status);
      expect(res.body.error.code).toBe(code);
    }
    const missingKey = await place(me.token, single({}), null);
    expect(missingKey.body.error.code).toBe("idempotency_key_required");
    await api.expectOk("POST", `/__test/bets/games/${g2.gameId}/finish`, { body: { home: 0, away: 0 } });
    const finished = await place(me.token, single({ bets: [{ outcomeId: g2.outcomes["1::1"], coef: 2.1 }] }));
    expect(finished.body.error.code).toBe("game_finished");
    expect(await balance(me.token)).toMatchObject({ money: 100_000 });
    expect((await api.expectOk("GET", "/web-api/bets/coupons", { token: me.token })).result.total).toBe(0);
    await audit();
  });

  it("a price change: refused with the new coefficients, or accepted by the action the bettor chose", async () => {
    const me = await bettor();
    const game = await newGame();
    const outcome = game.outcomes["1::2"];
    await api.expectOk("POST", `/__test/bets/outcomes/${outcome}`, { body: { coef: 330 } });
    const body = (changeCoefAction: number) => ({ accountId: me.accountId, typeId: 0, amount: 1_000, changeCoefAction, bets: [{ outcomeId: outcome, coef: 3.5 }] });
    const refusedDrop = await place(me.token, body(2));
    expect(refusedDrop.status).toBe(409);
    expect(refusedDrop.body.error).toMatchObject({ code: "coef_changed", bets: [{ outcomeId: outcome, coef: "3.30" }] });
    expect((await place(me.token, body(0))).status).toBe(409);
    const accepted = await place(me.token, body(1));
    expect(accepted.status).toBe(200);
    expect(accepted.body.result.successCoupon.bets[0]).toMatchObject({ coef: 3.3, seenCoef: 3.5 });
    await api.expectOk("POST", `/__test/bets/outcomes/${outcome}`, { body: { coef: 400 } });
    const higher = await place(me.token, body(2));
    expect(higher.status).toBe(200);
    expect(higher.body.result.successCoupon.bets[0].coef).toBe(4);
  });

  it("the same key and body answer the first answer; another body with the key is refused; duplicates at once debit once", async () => {
    const me = await bettor();
    const game = await newGame();
    const body = { accountId: me.accountId, typeId: 0, amount: 2_000, bets: [{ outcomeId: game.outcomes["1::1"], coef: 2.1 }] };
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 8 }, () => place(me.token, body, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.body.result.successCoupon.id)).size).toBe(1);
    expect(await balance(me.token)).toMatchObject({ money: 998_000 });
    const conflict = await place(me.token, { ...body, amount: 3_000 }, key);
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe("idempotency_conflict");
    expect(await balance(me.token)).toMatchObject({ money: 998_000 });
  });

  it("20 tabs draining one balance: nothing lost, doubled or negative", async () => {
    const me = await bettor(50_000);
    const game = await newGame();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => place(me.token, { accountId: me.accountId, typeId: 0, amount: 7_000, bets: [{ outcomeId: game.outcomes["1::1"], coef: 2.1 }] })),
    );
    const ok = answers.filter((a) => a.status === 200).length;
    expect(ok).toBe(7);
    expect(answers.filter((a) => a.status === 422 && a.body.error.code === "insufficient_balance").length).toBe(13);
    expect(await balance(me.token)).toMatchObject({ money: 50_000 - 7 * 7_000 });
    expect((await api.expectOk("GET", "/web-api/bets/coupons", { token: me.token })).result.total).toBe(7);
    await audit();
  });

  it("a live bet waits for its delay as a pending stake, then is accepted or refused", async () => {
    const me = await bettor();
    const game = await newGame(2);
    const accept = await place(me.token, { accountId: me.accountId, typeId: 0, amount: 1_000, bets: [{ outcomeId: game.outcomes["1::1"], coef: 2.1, isLive: true }] });
    expect(accept.status).toBe(202);
    expect(accept.body.result.successCoupon).toMatchObject({ state: "waiting", isLive: true });
    expect(accept.body.result.successCoupon.waitMs).toBeGreaterThan(0);
    expect(await balance(me.token)).toMatchObject({ money: 1_000_000, available: 999_000 });
    const refuse = await place(me.token, { accountId: me.accountId, typeId: 0, amount: 1_000, bets: [{ outcomeId: game.outcomes["1::2"], coef: 3.5, isLive: true }] });
    const drop = await place(me.token, {
      accountId: me.accountId,
      typeId: 0,
      amount: 1_000,
      isDropOnScoreChange: true,
      bets: [{ outcomeId: game.outcomes["4:2500:over"], coef: 1.9, isLive: true }],
    });
    // The score moves and the market blocks inside the delay (1.5 s here), so both happen at once.
    await Promise.all([
      api.expectOk("POST", `/__test/bets/games/${game.gameId}/score`, { body: { home: 1, away: 0 } }),
      api.expectOk("POST", `/__test/bets/outcomes/${game.outcomes["1::2"]}`, { body: { blocked: true } }),
    ]);
    expect(drop.status).toBe(202);
    // Each waits out its live delay and is then decided: poll until none is waiting.
    const coupon = async (id: number) => (await api.expectOk("GET", `/web-api/bets/coupons/${id}`, { token: me.token })).result;
    for (const placed of [drop, accept, refuse]) {
      await expect.poll(async () => (await coupon(placed.body.result.successCoupon.id)).state, { timeout: 10_000 }).not.toBe("waiting");
    }
    expect((await api.expectOk("GET", `/web-api/bets/coupons/${drop.body.result.successCoupon.id}`, { token: me.token })).result).toMatchObject({
      state: "refused",
      refusal: { code: "score_changed", score: "1:0" },
    });
    const a = (await api.expectOk("GET", `/web-api/bets/coupons/${accept.body.result.successCoupon.id}`, { token: me.token })).result;
    const r = (await api.expectOk("GET", `/web-api/bets/coupons/${refuse.body.result.successCoupon.id}`, { token: me.token })).result;
    expect(a.state).toBe("open");
    expect(r).toMatchObject({ state: "refused", refusal: { code: "blocked" } });
    expect(await balance(me.token)).toMatchObject({ money: 999_000, available: 999_000 });
    // a line bet on a game that has started is refused
    const started = await place(me.token, { accountId: me.accountId, typeId: 0, amount: 1_000, bets: [{ outcomeId: game.outcomes["1::1"], coef: 2.1, isLive: false }] });
    expect(started.body.error.code).toBe("game_started");
    await audit();
  });

  it("limits: max payout per outcome across open bets, and maxBetAmount", async () => {
    const me = await bettor(10_000_000_00);
    const game = await newGame();
    const outcome = game.outcomes["1::1"];
    const max = await api.expectOk("POST", "/web-api/bets/max-bet-amount", { token: me.token, body: { accountId: me.accountId, typeId: 0, bets: [{ outcomeId: outcome, coef: 2.1 }] } });
    // per coupon: max stake 10,000,000, payout 100,000,000 → 47,619,047; the per-type maximum wins
    expect(max.result).toMatchObject({ maxBetAmount: 10_000_000, minBetAmount: 1_000 });
    // 200,000,000 per outcome: 9 coupons of 10,000,000 at 2.10 = 189,000,000; the 10th may add 11,000,000 → 5,238,095
    for (let i = 0; i < 9; i++) {
      const res = await place(me.token, { accountId: me.accountId, typeId: 0, amount: 10_000_000, bets: [{ outcomeId: outcome, coef: 2.1 }] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const over = await place(me.token, { accountId: me.accountId, typeId: 0, amount: 10_000_000, bets: [{ outcomeId: outcome, coef: 2.1 }] });
    expect(over.status).toBe(422);
    expect(over.body.error).toMatchObject({ code: "limit_reached", maxBetAmount: 5_238_095 });
    const now = await api.expectOk("POST", "/web-api/bets/max-bet-amount", { token: me.token, body: { accountId: me.accountId, typeId: 0, bets: [{ outcomeId: outcome, coef: 2.1 }] } });
    expect(now.result.maxBetAmount).toBe(5_238_095);
    expect((await place(me.token, { accountId: me.accountId, typeId: 0, amount: 5_238_095, bets: [{ outcomeId: outcome, coef: 2.1 }] })).status).toBe(200);
  });

  it("multiple singles become one coupon each; history pages and filters; another user's coupon is 404", async () => {
    const me = await bettor();
    const stranger = await bettor();
    const g1 = await newGame();
    const g2 = await newGame();
    const res = await place(me.token, {
      accountId: me.accountId,
      typeId: 9,
      bets: [
        { outcomeId: g1.outcomes["1::1"], coef: 2.1, amount: 1_000 },
        { outcomeId: g2.outcomes["1::2"], coef: 3.5, amount: 2_000 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.singlesResultCoupons).toHaveLength(2);
    expect(await balance(me.token)).toMatchObject({ money: 997_000 });
    const history = await api.expectOk("GET", "/web-api/bets/coupons?pageSize=1&page=2", { token: me.token });
    expect(history.result).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(history.result.coupons).toHaveLength(1);
    expect((await api.expectOk("GET", "/web-api/bets/coupons?state=settled", { token: me.token })).result.total).toBe(0);
    await api.expectError("GET", `/web-api/bets/coupons/${res.body.result.singlesResultCoupons[0].id}`, { token: stranger.token }, 404, "not_found");
    await api.expectError("GET", "/web-api/bets/coupons/abc", { token: me.token }, 400, "bad_request");
  });

  it("a bonus bet: an express of three paid times 1.03 when every selection wins; a coupon that does not qualify is refused", async () => {
    const me = await bettor();
    const games = [await newGame(), await newGame(), await newGame()];
    const bets = games.map((g) => ({ outcomeId: g.outcomes["1::1"], coef: 2.1 }));
    const res = await place(me.token, { accountId: me.accountId, typeId: 1, amount: 10_000, isBonusBet: true, bets });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 2.1³ × 1.03 = 9.53883: the possible win the coupon showed is the one paid
    expect(res.body.result.successCoupon).toMatchObject({ possibleWin: 95_388 });
    for (const g of games) await api.expectOk("POST", `/__test/bets/games/${g.gameId}/finish`, { body: { home: 1, away: 0 } });
    expect((await api.expectOk("GET", `/web-api/bets/coupons/${res.body.result.successCoupon.id}`, { token: me.token })).result.payout).toBe(95_388);

    const two = [await newGame(), await newGame()].map((g) => ({ outcomeId: g.outcomes["1::1"], coef: 2.1 }));
    const before = await balance(me.token);
    const refused = await place(me.token, { accountId: me.accountId, typeId: 1, amount: 10_000, isBonusBet: true, bets: two });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: "bonus_bet_unavailable" });
    expect(await balance(me.token)).toEqual(before);
    await audit();
  });

  it("a promo code boosts a winning coupon's winnings once per bettor", async () => {
    const me = await bettor();
    const game = await newGame();
    await api.expectOk("POST", "/__test/bets/promo-codes", { body: { code: `BOOST${keyCounter}`, boostPercent: 10 } }, 201);
    const body = { accountId: me.accountId, typeId: 0, amount: 10_000, promoCode: `boost${keyCounter}`, bets: [{ outcomeId: game.outcomes["1::1"], coef: 2.1 }] };
    const res = await place(me.token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await place(me.token, body)).body.error.code).toBe("promo_invalid");
    await api.expectOk("POST", `/__test/bets/games/${game.gameId}/finish`, { body: { home: 1, away: 0 } });
    // 21,000 + 10% of the 11,000 won
    expect((await api.expectOk("GET", `/web-api/bets/coupons/${res.body.result.successCoupon.id}`, { token: me.token })).result.payout).toBe(22_100);
  });

  it("ops correct a finished game's score: payouts reversed and paid anew, audited; a second correction to the same score changes nothing", async () => {
    const me = await bettor(100_000);
    const ops = await api.createUser({ roles: ["player", "ops"], login: `ops-${Date.now()}` });
    const game = await newGame();
    const home = await place(me.token, { accountId: me.accountId, typeId: 0, amount: 10_000, bets: [{ outcomeId: game.outcomes["1::1"], coef: 2.1 }] });
    const away = await place(me.token, { accountId: me.accountId, typeId: 0, amount: 10_000, bets: [{ outcomeId: game.outcomes["1::2"], coef: 3.5 }] });
    await api.expectOk("POST", `/__test/bets/games/${game.gameId}/finish`, { body: { home: 2, away: 1 } });
    expect(await balance(me.token)).toMatchObject({ money: 80_000 + 21_000 });
    await api.expectError("POST", `/admin-api/v1/bets/games/${game.gameId}/result`, { token: me.token, body: { home: 0, away: 1 } }, 403, "forbidden");
    const corrected = await api.expectOk("POST", `/admin-api/v1/bets/games/${game.gameId}/result`, { token: ops.token, body: { home: 0, away: 1 } });
    expect(corrected.result).toMatchObject({ resettled: 2, owed: [] });
    expect(await balance(me.token)).toMatchObject({ money: 80_000 + 35_000 });
    const h = (await api.expectOk("GET", `/web-api/bets/coupons/${home.body.result.successCoupon.id}`, { token: me.token })).result;
    const a = (await api.expectOk("GET", `/web-api/bets/coupons/${away.body.result.successCoupon.id}`, { token: me.token })).result;
    expect(h).toMatchObject({ state: "settled", statusId: 0, payout: 0 });
    expect(a).toMatchObject({ state: "settled", statusId: 1, payout: 35_000 });
    const again = await api.expectOk("POST", `/admin-api/v1/bets/games/${game.gameId}/result`, { token: ops.token, body: { home: 0, away: 1 } });
    expect(again.result).toMatchObject({ resettled: 0 });
    expect(await balance(me.token)).toMatchObject({ money: 115_000 });
    const audit = await api.expectOk("GET", "/admin-api/v1/audit?entity=game_result", { token: ops.token });
    expect(JSON.stringify(audit)).toContain(String(game.gameId));
    await api.expectError("POST", `/admin-api/v1/bets/games/${(await newGame()).gameId}/result`, { token: ops.token, body: { home: 1, away: 0 } }, 404, "not_found");
    const trial = await api.expectOk("GET", "/__test/ledger/trial-balance");
    expect(trial.mismatches).toEqual([]);
    expect(trial.sums.RUB).toBe(0);
  });
});
