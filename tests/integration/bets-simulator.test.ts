import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hooks } from "../support/hooks";
import type { FeedGame } from "../support/sports-feed";
import { currentSeason, homeWin, marketOf, sportsGames } from "../support/sports-games";
import { expectLedgerReconciled } from "../support/ledger-reconciliation";
import { type Stack, databases, startPlatformPair, startStack } from "../support/stack";
import { reconcileLedgerAfterEach } from "../support/suite";
import { authClient } from "./platform-auth-client";

// Bets on the sports simulator's own games: the game-finished hook settles them in the
// transaction that finishes the game; two platform processes on one PostgreSQL share one ledger.

describe.each(databases)("bets on simulator games on %s", (db) => {
  let stack: Stack;
  reconcileLedgerAfterEach(() => stack?.platformUrl);
  const api = authClient(() => stack.platformUrl);
  const games = sportsGames(() => stack.platformUrl);
  beforeAll(async () => {
    stack = await startStack({ db, site: false, sports: true });
    await api.expectOk("POST", "/__test/sports/pause", { body: {} });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it("settles a single and an express when the simulator finishes their games, with the catalogue's results", async () => {
    const { userId, token } = await api.createUser({});
    const { accountId } = await api.expectOk("POST", "/__test/ledger/deposit", { body: { userId, amount: 1_000_000 } }, 201);
    // Two football games of their own on the line; g1's home win at 2.50.
    const g1 = await games.homeWinAt(await games.lineGame(), 250);
    const g2 = await games.lineGame();
    const home = homeWin(g1);
    expect(home).toMatchObject({ key: "1", coef: 250 });
    const over = marketOf(g2, "total").outcomes.find((o) => o.key === "over")!;
    const place = (body: unknown) => api.call("POST", "/web-api/bets/coupon", { token, body, headers: { "idempotency-key": `sim-${Math.random()}` } });
    const single = await place({ accountId, typeId: 0, amount: 10_000, bets: [{ outcomeId: home.id, coef: home.coef / 100 }] });
    expect(single.status, JSON.stringify(single.body)).toBe(200);
    const express = await place({ accountId, typeId: 1, amount: 10_000, bets: [{ outcomeId: home.id, coef: home.coef / 100 }, { outcomeId: over.id, coef: over.coef / 100 }] });
    expect(express.status, JSON.stringify(express.body)).toBe(200);

    // g1: kick off and finish 2-1 (two halves); g2: cancelled
    await games.setState(g1.id, { status: 2 });
    await games.setState(g1.id, { status: 4, scores: [[1, 0], [1, 1]] });
    await games.setState(g2.id, { status: 5 });

    const finished = (await api.expectOk("GET", `/sports-api/games/${g1.id}`)).game as FeedGame;
    expect(finished.status).toBe(4);
    const result = finished.markets.flatMap((m) => m.outcomes).find((o) => o.id === home.id)!.result;
    expect(result).toBe(1);
    const s = (await api.expectOk("GET", `/web-api/bets/coupons/${single.body.result.successCoupon.id}`, { token })).result;
    // 10,000 at 2.50.
    expect(s).toMatchObject({ state: "settled", statusId: 1, payout: 25_000 });
    expect(s.bets[0].statusId).toBe(result);
    // the express: home won, the cancelled game's total returned (coefficient 1)
    const e = (await api.expectOk("GET", `/web-api/bets/coupons/${express.body.result.successCoupon.id}`, { token })).result;
    expect(e).toMatchObject({ state: "settled", payout: 25_000 });
    expect(e.bets.map((b: { statusId: number }) => b.statusId)).toEqual([1, 3]);
    const balance = (await api.expectOk("GET", "/web-api/account/balance", { token })).result.accounts[0].money;
    expect(balance).toBe(1_000_000 - 20_000 + 2 * 25_000);
    const trial = await api.expectOk("GET", "/__test/ledger/trial-balance");
    expect(trial.mismatches).toEqual([]);
    expect(trial.sums.RUB).toBe(0);
  });

  it("runs marble races on their timetable and settles the winner and top-3 bets from the places", async () => {
    const { userId, token } = await api.createUser({});
    const { accountId } = await api.expectOk("POST", "/__test/ledger/deposit", { body: { userId, amount: 1_000_000 } }, 201);
    // A step schedules the next hour of races on every track.
    await api.expectOk("POST", "/__test/sports/advance", { body: { seconds: 1 } });
    const line = (await api.expectOk("GET", "/sports-api/feed/line?sport=50&markets=all")).games as (FeedGame & { runners: { lane: number; place: number | null }[] })[];
    expect(line.length).toBeGreaterThanOrEqual(3 * 9);
    expect(new Set(line.map((g) => g.champId)).size).toBe(3);
    // Races are not matches: the general line and the menu leave them to their own page.
    const general = (await api.expectOk("GET", "/sports-api/feed/line")).games as FeedGame[];
    expect(general.some((g) => g.sportId === 50)).toBe(false);
    const race = line.sort((a, b) => a.startAtMs - b.startAtMs)[0]!;
    expect(race.runners).toHaveLength(8);
    const winnerMarket = race.markets.find((m) => m.type === "race_winner")!;
    const top3Market = race.markets.find((m) => m.type === "race_top3")!;
    expect(winnerMarket.outcomes.map((o) => o.key)).toEqual(["1", "2", "3", "4", "5", "6", "7", "8"]);
    const place = (outcome: { id: number; coef: number }) =>
      api.call("POST", "/web-api/bets/coupon", { token, body: { accountId, typeId: 0, amount: 10_000, bets: [{ outcomeId: outcome.id, coef: outcome.coef / 100 }] }, headers: { "idempotency-key": `race-${outcome.id}` } });
    const onWinner = winnerMarket.outcomes.map((o) => o);
    const singles = await Promise.all([...onWinner.map(place), place(top3Market.outcomes[0]!)]);
    for (const r of singles) expect(r.status, JSON.stringify(r.body)).toBe(200);

    // The race goes off at its time, on the platform's clock, and is over in about a minute.
    const clockMs = (await games.clockMs())!;
    await games.advance(Math.ceil((race.startAtMs - clockMs) / 1000) + 400);
    const finished = (await api.expectOk("GET", `/sports-api/games/${race.id}`)).game as FeedGame & { runners: { lane: number; place: number }[] };
    expect(finished.status).toBe(4);
    expect(finished.runners.map((r) => r.place).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const winnerLane = finished.runners.find((r) => r.place === 1)!.lane;
    const coupons = await Promise.all(singles.map((r) => api.expectOk("GET", `/web-api/bets/coupons/${r.body.result.successCoupon.id}`, { token })));
    const states = coupons.map((c) => c.result as { state: string; statusId: number; payout: number });
    states.slice(0, 8).forEach((c, i) => {
      expect(c.state).toBe("settled");
      expect(c.statusId).toBe(i + 1 === winnerLane ? 1 : 0);
    });
    const lane1 = finished.runners.find((r) => r.lane === 1)!;
    expect(states[8]!.statusId).toBe(lane1.place <= 3 ? 1 : 0);
    const trial = await api.expectOk("GET", "/__test/ledger/trial-balance");
    expect(trial.mismatches).toEqual([]);
    // A race has no score for ops to correct: its result is the finishing order.
    const ops = await api.createUser({ roles: ["player", "ops"], login: `ops-race-${Date.now()}` });
    await api.expectError("POST", `/admin-api/v1/bets/games/${race.id}/result`, { token: ops.token, body: { home: 1, away: 0 } }, 409, "settled_by_places");
    // The race's page is the marble page; its game page sends bettors there.
    const results = (await api.expectOk("GET", "/sports-api/results?sport=50")).games as FeedGame[];
    expect(results.map((g) => g.id)).toContain(race.id);
    const allResults = (await api.expectOk("GET", "/sports-api/results")).games as FeedGame[];
    expect(allResults.some((g) => g.sportId === 50)).toBe(false);
  });

  it("prices a top league's outright from its table and settles it from the final table when the season is played out", async () => {
    const { userId, token } = await api.createUser({});
    const { accountId } = await api.expectOk("POST", "/__test/ledger/deposit", { body: { userId, amount: 1_000_000 } }, 201);
    await hooks(stack.platformUrl).openOutrights();
    const champs = (await api.expectOk("GET", "/sports-api/championships?sport=1")).championships as { id: number; slug: string; isTop: boolean; source?: string }[];
    // The season being played: after the moved real season, the league's next one (decision 014).
    const epl = currentSeason(champs, "premier-league");
    const { game } = (await api.expectOk("GET", `/sports-api/championships/${epl.id}/outright`)) as { game: FeedGame & { runners: { lane: number; id: number; name: string; place: number | null }[] } };
    expect(game.runners.length).toBe(20);
    const market = game.markets[0]!;
    expect(market.type).toBe("outright_winner");
    expect(market.outcomes).toHaveLength(20);
    // Not a list's game: the league's line does not show it.
    const line = (await api.expectOk("GET", `/sports-api/feed/line?sport=1&champ=${epl.id}`)).games as FeedGame[];
    expect(line.some((g) => g.id === game.id)).toBe(false);
    const bets = await Promise.all(
      market.outcomes.map((o) =>
        api.call("POST", "/web-api/bets/coupon", { token, body: { accountId, typeId: 0, amount: 1_000, bets: [{ outcomeId: o.id, coef: o.coef / 100 }] }, headers: { "idempotency-key": `outright-${o.id}` } }),
      ),
    );
    for (const b of bets) expect(b.status, JSON.stringify(b.body)).toBe(200);
    // It depends on every match of the league: it is never combined. A match of the league of its
    // own, on the line, between two of its teams.
    const match = await games.lineGame({ champId: epl.id });
    const matchOdd = homeWin(match);
    const express = await api.call("POST", "/web-api/bets/coupon", {
      token,
      body: { accountId, typeId: 1, amount: 1_000, bets: [{ outcomeId: matchOdd.id, coef: matchOdd.coef / 100 }, { outcomeId: market.outcomes[0]!.id, coef: market.outcomes[0]!.coef / 100 }] },
      headers: { "idempotency-key": `outright-express-${game.id}` },
    });
    expect(express.status).toBe(422);
    expect(express.body.error.code).toBe("banned_from_express");

    // A match of the league on: the outright is suspended; over, it is repriced and reopens.
    const outrightNow = async () => (await api.expectOk("GET", `/sports-api/games/${game.id}`)).game as FeedGame & { version: number };
    const before = await outrightNow();
    await games.setState(match.id, { status: 2 });
    await games.advance(1);
    const during = await outrightNow();
    expect(during.markets[0]!.blocked).toBe(true);
    expect(during.version).toBeGreaterThan(before.version);
    await games.setState(match.id, { status: 4, scores: [[3, 0], [2, 0]] });
    await games.advance(1);
    const after = await outrightNow();
    expect(after.markets[0]!.blocked).toBe(false);
    expect(after.version).toBeGreaterThan(during.version);

    // Every fixture left is played (0-0); the next pricing round finds none left and settles.
    const { finished } = await api.expectOk("POST", `/__test/sports/championships/${epl.id}/finish`, { body: {} });
    expect(finished).toBeGreaterThan(0);
    await api.expectOk("POST", "/__test/sports/advance", { body: { seconds: 1 } });
    const done = (await api.expectOk("GET", `/sports-api/games/${game.id}`)).game as typeof game;
    expect(done.status).toBe(4);
    const table = (await api.expectOk("GET", `/sports-api/championships/${epl.id}/standings`)).rows as { team: { id: number } }[];
    const champion = done.runners.find((r) => r.place === 1)!;
    expect(champion.id).toBe(table[0]!.team.id);
    const states = await Promise.all(bets.map((b) => api.expectOk("GET", `/web-api/bets/coupons/${b.body.result.successCoupon.id}`, { token })));
    const won = states.filter((s) => s.result.statusId === 1);
    expect(won).toHaveLength(1);
    expect(won[0]!.result.bets[0].outcomeId ?? won[0]!.result.bets[0].outcome?.id).toBe(market.outcomes[champion.lane - 1]!.id);
    expect(states.every((s) => s.result.state === "settled")).toBe(true);
    expect((await api.expectOk("GET", `/sports-api/championships/${epl.id}/outright`)).game).toBeNull();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("bets through two platform processes on one PostgreSQL", () => {
  it("20 tabs on two processes drain one balance, and one key sent to both places once", async () => {
    // Test games only: the sports catalogue is not seeded.
    const pair = await startPlatformPair();
    try {
      const urls = pair.urls;
      let current = urls[0]!;
      const api = authClient(() => current);
      const { userId, token } = await api.createUser({});
      const { accountId } = await api.expectOk("POST", "/__test/ledger/deposit", { body: { userId, amount: 50_000 } }, 201);
      const game = await api.expectOk("POST", "/__test/bets/games", { body: { status: 1 } }, 201);
      const body = (amount: number) => JSON.stringify({ accountId, typeId: 0, amount, bets: [{ outcomeId: game.outcomes["1::1"], coef: 2.1 }] });
      const post = (url: string, amount: number, key: string) =>
        fetch(`${url}/web-api/bets/coupon`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "idempotency-key": key }, body: body(amount) }).then(
          async (r) => ({ status: r.status, body: await r.json() }),
        );
      const drains = await Promise.all(Array.from({ length: 20 }, (_, i) => post(urls[i % 2]!, 7_000, `drain-${i}`)));
      expect(drains.filter((r) => r.status === 200).length).toBe(7);
      expect(drains.filter((r) => r.status === 422 && r.body.error.code === "insufficient_balance").length).toBe(13);
      const dupes = await Promise.all(Array.from({ length: 10 }, (_, i) => post(urls[i % 2]!, 1_000, "same-key")));
      expect(dupes.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(new Set(dupes.map((r) => r.body.result.successCoupon.id)).size).toBe(1);
      current = urls[1]!;
      const money = (await api.expectOk("GET", "/web-api/account/balance", { token })).result.accounts[0].money;
      expect(money).toBe(50_000 - 7 * 7_000 - 1_000);
      // The books of both processes' work, checked from the outside.
      await expectLedgerReconciled(urls[0]!);
    } finally {
      await pair.stop();
    }
  });
});
