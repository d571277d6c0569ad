import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Stack, databases, startStack } from "../support/stack";
import { reconcileLedgerAfterEach } from "../support/suite";
import { authClient } from "./platform-auth-client";

// The bet API's refusal of a sport the bettor may not bet on (SPEC §4, decision 032) and the VIP
// bet (SPEC §5, decision 035): a stake above the maximum held for approval by ops staff.

type Game = { gameId: number; outcomes: Record<string, number> };
/** The sport of the test games (platform/apis/bets-test-hooks.ts). */
const TEST_SPORT = 900_000_000;
/** The single's maximum stake in RUB (migration 011). */
const MAX_SINGLE = 10_000_000;

describe.each(databases)("VIP bets and disallowed sports on %s", (db) => {
  let stack: Stack;
  reconcileLedgerAfterEach(() => stack?.platformUrl);
  const api = authClient(() => stack.platformUrl);
  beforeAll(async () => {
    // The expiry sweep runs when a test asks, so a game started on purpose stays decidable by hand.
    stack = await startStack({ db, site: false, sports: true, platformEnv: { VIP_EXPIRY_SWEEP_MS: "0" } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  let keyCounter = 0;
  const newKey = () => `vip-${Date.now()}-${++keyCounter}`;
  const bettor = async (amount = 100_000_000, user: Record<string, unknown> = {}) => {
    const { userId, token } = await api.createUser(user);
    const { accountId } = await api.expectOk("POST", "/__test/ledger/deposit", { body: { userId, amount } }, 201);
    return { userId, token, accountId: accountId as number };
  };
  const opsUser = () => api.createUser({ roles: ["player", "ops"], login: `ops-vip-${Date.now()}-${++keyCounter}` });
  const newGame = async (status: 1 | 2 = 1): Promise<Game> => api.expectOk("POST", "/__test/bets/games", { body: { status } }, 201);
  const balance = async (token: string) => (await api.expectOk("GET", "/web-api/account/balance", { token })).result.accounts[0] as { money: number; available: number };
  const place = (token: string, body: unknown, key = newKey()) => api.call("POST", "/web-api/bets/coupon", { token, body, headers: { "idempotency-key": key } });
  const coupon = async (token: string, id: number) => (await api.expectOk("GET", `/web-api/bets/coupons/${id}`, { token })).result;
  const trialIsBalanced = async () => {
    const trial = await api.expectOk("GET", "/__test/ledger/trial-balance");
    expect(trial.mismatches).toEqual([]);
    expect(trial.negatives).toEqual([]);
    for (const sum of Object.values(trial.sums)) expect(sum).toBe(0);
  };

  it("refuses a bet on a sport on the bettor's line or live list with sport_disallowed; nothing is charged", async () => {
    const line = await bettor(1_000_000, { disallow_line_sport: [TEST_SPORT] });
    const live = await bettor(1_000_000, { disallow_live_sport: [TEST_SPORT] });
    const [lineGame, liveGame] = [await newGame(1), await newGame(2)];
    const single = (me: { accountId: number }, game: Game, isLive: boolean) => ({ accountId: me.accountId, typeId: 0, amount: 10_000, bets: [{ outcomeId: game.outcomes["1::1"], coef: 2.1, isLive }] });

    const refused = await place(line.token, single(line, lineGame, false));
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: "sport_disallowed", outcomeId: lineGame.outcomes["1::1"], sportId: TEST_SPORT, section: "line" });
    const liveRefused = await place(live.token, single(live, liveGame, true));
    expect(liveRefused.body.error).toMatchObject({ code: "sport_disallowed", section: "live" });
    // auto-max says the same, and an express with one such selection is refused as a whole
    await api.expectError("POST", "/web-api/bets/max-bet-amount", { token: line.token, body: single(line, lineGame, false) }, 422, "sport_disallowed");
    const express = await place(line.token, { accountId: line.accountId, typeId: 1, amount: 10_000, bets: [{ outcomeId: lineGame.outcomes["1::1"], coef: 2.1 }, { outcomeId: liveGame.outcomes["1::1"], coef: 2.1 }] });
    expect(express.body.error).toMatchObject({ code: "sport_disallowed", outcomeId: lineGame.outcomes["1::1"] });
    expect(await balance(line.token)).toMatchObject({ money: 1_000_000, available: 1_000_000 });
    expect(await balance(live.token)).toMatchObject({ money: 1_000_000, available: 1_000_000 });
    expect((await api.expectOk("GET", "/web-api/bets/coupons", { token: line.token })).result.total).toBe(0);

    // the other section stays open to each of them
    expect((await place(line.token, single(line, liveGame, true))).status).toBe(202);
    expect((await place(live.token, single(live, lineGame, false))).status).toBe(200);
    await trialIsBalanced();
  });

  it("a VIP bet above the maximum waits for approval with its stake held; ops approve it, it opens and settles", async () => {
    const me = await bettor();
    const ops = await opsUser();
    const game = await newGame();
    const body = { accountId: me.accountId, typeId: 0, amount: 25_000_000, isVipBet: true, bets: [{ outcomeId: game.outcomes["1::1"], coef: 2.1, isLive: false }] };
    const key = newKey();
    const res = await place(me.token, body, key);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const sent = res.body.result.successCoupon;
    expect(sent).toMatchObject({ state: "approval", isVip: true, amount: 25_000_000, possibleWin: 52_500_000 });
    expect(await balance(me.token)).toMatchObject({ money: 100_000_000, available: 75_000_000 });

    // the same key and body: the first answer, one hold
    const again = await place(me.token, body, key);
    expect(again.status).toBe(202);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.result.successCoupon.id).toBe(sent.id);
    expect(await balance(me.token)).toMatchObject({ available: 75_000_000 });
    await api.expectError("POST", "/web-api/bets/coupon", { token: me.token, body: { ...body, amount: 30_000_000 }, headers: { "idempotency-key": key } }, 409, "idempotency_conflict");

    // the bettor's history lists it as waiting for approval; ops see it in their queue
    expect((await api.expectOk("GET", "/web-api/bets/coupons?state=approval", { token: me.token })).result.coupons.map((c: { id: number }) => c.id)).toEqual([sent.id]);
    const queue = await api.expectOk("GET", "/admin-api/v1/bets/vip-coupons?pageSize=100", { token: ops.token });
    expect(queue.items.find((c: { id: number }) => c.id === sent.id)).toMatchObject({ userId: me.userId, amount: 25_000_000, state: "approval" });

    // a bettor is not staff
    await api.expectError("POST", `/admin-api/v1/bets/vip-coupons/${sent.id}/approve`, { token: me.token }, 403, "forbidden");
    const approved = await api.expectOk("POST", `/admin-api/v1/bets/vip-coupons/${sent.id}/approve`, { token: ops.token });
    expect(approved.result).toMatchObject({ id: sent.id, state: "open", isVip: true });
    expect(await balance(me.token)).toMatchObject({ money: 75_000_000, available: 75_000_000 });
    // decided once: neither a second approval nor a rejection changes anything
    await api.expectError("POST", `/admin-api/v1/bets/vip-coupons/${sent.id}/approve`, { token: ops.token }, 409, "vip_already_decided");
    await api.expectError("POST", `/admin-api/v1/bets/vip-coupons/${sent.id}/reject`, { token: ops.token }, 409, "vip_already_decided");
    expect(await balance(me.token)).toMatchObject({ money: 75_000_000 });
    const audit = await api.expectOk("GET", "/admin-api/v1/audit?entity=vip_bet", { token: ops.token });
    expect(audit.items.filter((e: { entity_id: string }) => e.entity_id === String(sent.id)).map((e: { action: string }) => e.action)).toEqual(["vip_bet.approve"]);

    await api.expectOk("POST", `/__test/bets/games/${game.gameId}/finish`, { body: { home: 1, away: 0 } });
    expect(await coupon(me.token, sent.id)).toMatchObject({ state: "settled", statusId: 1, payout: 52_500_000 });
    expect(await balance(me.token)).toMatchObject({ money: 127_500_000 });
    await trialIsBalanced();
  });

  it("ops reject a VIP bet: the hold is voided and the bettor's history shows it refused", async () => {
    const me = await bettor();
    const ops = await opsUser();
    const game = await newGame();
    const res = await place(me.token, { accountId: me.accountId, typeId: 1, amount: 12_000_000, isVipBet: true, bets: [{ outcomeId: game.outcomes["1::1"], coef: 2.1 }, { outcomeId: (await newGame()).outcomes["1::2"], coef: 3.5 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const id = res.body.result.successCoupon.id;
    expect(await balance(me.token)).toMatchObject({ available: 88_000_000 });
    const rejected = await api.expectOk("POST", `/admin-api/v1/bets/vip-coupons/${id}/reject`, { token: ops.token });
    expect(rejected.result).toMatchObject({ state: "refused", refusal: { code: "vip_rejected" } });
    expect(await balance(me.token)).toMatchObject({ money: 100_000_000, available: 100_000_000 });
    expect((await api.expectOk("GET", "/web-api/bets/coupons?state=refused", { token: me.token })).result.coupons[0]).toMatchObject({ id, isVip: true, refusal: { code: "vip_rejected" } });
    await api.expectError("POST", `/admin-api/v1/bets/vip-coupons/${id}/approve`, { token: ops.token }, 409, "vip_already_decided");
    await api.expectError("POST", "/admin-api/v1/bets/vip-coupons/999999999/approve", { token: ops.token }, 404, "not_found");
    await api.expectError("POST", "/admin-api/v1/bets/vip-coupons/abc/approve", { token: ops.token }, 400, "bad_request");
    await trialIsBalanced();
  });

  it("a VIP bet at or below the maximum is an ordinary bet; a game under way cannot be approved; live coupons cannot be VIP", async () => {
    const me = await bettor();
    const ops = await opsUser();
    const game = await newGame();
    const atMax = await place(me.token, { accountId: me.accountId, typeId: 0, amount: MAX_SINGLE, isVipBet: true, bets: [{ outcomeId: game.outcomes["1::1"], coef: 2.1 }] });
    expect(atMax.status).toBe(200);
    expect(atMax.body.result.successCoupon).toMatchObject({ state: "open", isVip: false });
    expect(await balance(me.token)).toMatchObject({ money: 90_000_000 });

    // without the flag, above the maximum is still refused
    const plain = await place(me.token, { accountId: me.accountId, typeId: 0, amount: MAX_SINGLE + 1, bets: [{ outcomeId: game.outcomes["1::2"], coef: 3.5 }] });
    expect(plain.body.error).toMatchObject({ code: "amount_above_max", maxBetAmount: MAX_SINGLE });
    // the minimum and the balance still apply to a VIP bet
    const poor = await bettor(5_000);
    expect((await place(poor.token, { accountId: poor.accountId, typeId: 0, amount: MAX_SINGLE + 1, isVipBet: true, bets: [{ outcomeId: game.outcomes["1::2"], coef: 3.5 }] })).body.error.code).toBe("insufficient_balance");

    const liveGame = await newGame(2);
    const live = await place(me.token, { accountId: me.accountId, typeId: 0, amount: MAX_SINGLE + 1, isVipBet: true, bets: [{ outcomeId: liveGame.outcomes["1::1"], coef: 2.1, isLive: true }] });
    expect(live.status).toBe(422);
    expect(live.body.error).toMatchObject({ code: "vip_bet_unavailable", reason: "live-bet-in-coupon" });

    const later = await newGame();
    const sent = await place(me.token, { accountId: me.accountId, typeId: 0, amount: MAX_SINGLE + 1, isVipBet: true, bets: [{ outcomeId: later.outcomes["1::1"], coef: 2.1 }] });
    expect(sent.status).toBe(202);
    await api.expectOk("POST", `/__test/bets/games/${later.gameId}/status`, { body: { status: 2 } });
    const refused = await api.call("POST", `/admin-api/v1/bets/vip-coupons/${sent.body.result.successCoupon.id}/approve`, { token: ops.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "vip_cannot_approve", reason: "game_started" });
    expect((await coupon(me.token, sent.body.result.successCoupon.id)).state).toBe("approval");
    expect((await api.expectOk("POST", `/admin-api/v1/bets/vip-coupons/${sent.body.result.successCoupon.id}/reject`, { token: ops.token })).result.state).toBe("refused");
    expect(await balance(me.token)).toMatchObject({ money: 90_000_000, available: 90_000_000 });
    await trialIsBalanced();
  });

  it("a VIP coupon expires once a game of it starts or ends, releasing its hold; one whose games are all to come waits (decision 043)", async () => {
    const me = await bettor();
    const ops = await opsUser();
    const [g1, g2, g3, g4] = [await newGame(), await newGame(), await newGame(), await newGame()];
    const vip = async (bets: { outcomeId: number; coef: number }[], amount: number) => {
      const res = await place(me.token, { accountId: me.accountId, typeId: bets.length > 1 ? 1 : 0, amount, isVipBet: true, bets });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      return res.body.result.successCoupon.id as number;
    };
    const single = await vip([{ outcomeId: g1.outcomes["1::1"]!, coef: 2.1 }], 11_000_000);
    const express = await vip([{ outcomeId: g2.outcomes["1::1"]!, coef: 2.1 }, { outcomeId: g3.outcomes["1::2"]!, coef: 3.5 }], 12_000_000);
    const waiting = await vip([{ outcomeId: g4.outcomes["1::1"]!, coef: 2.1 }], 13_000_000);
    expect(await balance(me.token)).toMatchObject({ money: 100_000_000, available: 64_000_000 });
    const sweep = async () => (await api.expectOk("POST", "/__test/bets/expire-vip")).expired as number;
    expect(await sweep()).toBe(0);

    // a game under way: the single expires, its hold is voided
    await api.expectOk("POST", `/__test/bets/games/${g1.gameId}/status`, { body: { status: 2 } });
    expect(await sweep()).toBe(1);
    expect(await coupon(me.token, single)).toMatchObject({ state: "refused", refusal: { code: "vip_expired", reason: "game_started", outcomeId: g1.outcomes["1::1"] } });
    expect(await balance(me.token)).toMatchObject({ money: 100_000_000, available: 75_000_000 });

    // a game over (settlement leaves a coupon in approval alone): the express expires
    await api.expectOk("POST", `/__test/bets/games/${g3.gameId}/finish`, { body: { home: 0, away: 1 } });
    expect((await coupon(me.token, express)).state).toBe("approval");
    expect(await sweep()).toBe(1);
    expect(await coupon(me.token, express)).toMatchObject({ state: "refused", refusal: { code: "vip_expired", reason: "game_finished" } });
    expect(await balance(me.token)).toMatchObject({ money: 100_000_000, available: 87_000_000 });

    // the coupon whose game is still to come waits for staff, and nothing expires twice
    expect(await sweep()).toBe(0);
    expect((await coupon(me.token, waiting)).state).toBe("approval");
    await api.expectError("POST", `/admin-api/v1/bets/vip-coupons/${single}/reject`, { token: ops.token }, 409, "vip_already_decided");
    expect((await api.expectOk("POST", `/admin-api/v1/bets/vip-coupons/${waiting}/approve`, { token: ops.token })).result.state).toBe("open");
    expect(await balance(me.token)).toMatchObject({ money: 87_000_000, available: 87_000_000 });

    const audit = await api.expectOk("GET", "/admin-api/v1/audit?entity=vip_bet&pageSize=100", { token: ops.token });
    const mine = audit.items.filter((e: { entity_id: string }) => [single, express, waiting].map(String).includes(e.entity_id));
    expect(mine.map((e: { entity_id: string; action: string; actor: string }) => [Number(e.entity_id), e.action, e.actor]).sort()).toEqual(
      [
        [express, "vip_bet.expire", "system: VIP bet expiry"],
        [single, "vip_bet.expire", "system: VIP bet expiry"],
        [waiting, "vip_bet.approve", expect.any(String)],
      ].sort(),
    );
    await trialIsBalanced();
  });

  it("a prepaid amount: none is held for anyone, so a coupon claiming one is refused and nothing moves (decision 035)", async () => {
    const me = await bettor(1_000_000);
    const game = await newGame();
    const body = { accountId: me.accountId, typeId: 0, amount: 10_000, bets: [{ outcomeId: game.outcomes["1::1"], coef: 2.1 }] };
    const claimed = await place(me.token, { ...body, prepaidAmount: 3_000 });
    expect(claimed.status).toBe(422);
    expect(claimed.body.error).toMatchObject({ code: "prepaid_unavailable", availablePrepaidAmount: 0 });
    await api.expectError("POST", "/web-api/bets/coupon", { token: me.token, body: { ...body, prepaidAmount: 10_001 }, headers: { "idempotency-key": newKey() } }, 400, "invalid_amount");
    await api.expectError("POST", "/web-api/bets/coupon", { token: me.token, body: { ...body, prepaidAmount: -1 }, headers: { "idempotency-key": newKey() } }, 400, "invalid_amount");
    expect(await balance(me.token)).toMatchObject({ money: 1_000_000, available: 1_000_000 });
    // none claimed: an ordinary bet
    expect((await place(me.token, { ...body, prepaidAmount: 0 })).status).toBe(200);
    expect(await balance(me.token)).toMatchObject({ money: 990_000 });
    await trialIsBalanced();
  });
});
