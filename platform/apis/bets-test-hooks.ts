import { Hono } from "hono";
import { sql } from "kysely";
import { z } from "zod";
import type { Db } from "../db/index.ts";
import { decideDueCoupons } from "../domain/bets.ts";
import { HOUSE, houseAccountId, mainAccount } from "../domain/ledger.ts";
import { settleGame } from "../domain/settlement.ts";
import { MARKET_TYPES } from "../domain/sports/markets.ts";
import { expireVipCoupons } from "../domain/vip-bets.ts";
import { apiError, parseJsonBody, parseParams } from "./http.ts";

// Test-only hooks for bets (/__test/bets): a small game of our own in the catalogue (ids from
// 900,000,000 up, so they never meet the sports seed's), its prices and blocks, its finish with
// settlement in the same transaction (as the simulator's game-finished hook does), promo codes.

const BASE = 900_000_000;
const id = z.coerce.number().int().min(1).max(2_147_483_647);

const gameBody = z.object({
  status: z.union([z.literal(1), z.literal(2)]).default(1),
  sportId: z.number().int().min(1).max(1_000_000).optional(),
});
const finishBody = z.object({
  status: z.union([z.literal(4), z.literal(5)]).default(4),
  home: z.number().int().min(0).max(1000).default(0),
  away: z.number().int().min(0).max(1000).default(0),
  scores: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])).optional(),
});
const outcomeBody = z.object({ coef: z.number().int().min(101).max(10_000_000).optional(), blocked: z.boolean().optional() });
const promoBody = z.object({
  code: z.string().regex(/^[A-Z0-9_-]{3,32}$/),
  boostPercent: z.number().int().min(0).max(100).default(10),
  minCoef: z.number().int().min(101).default(101),
  couponTypes: z.array(z.number().int()).default([0, 1, 2]),
  maxUses: z.number().int().min(1).nullable().default(null),
  validTo: z.string().datetime().nullable().default(null),
});

/** The markets of a test game: [type id, period, param (thousandths), [[key, coef hundredths], …]]. */
const MARKETS: Array<[number, number, number | null, Array<[string, number]>]> = [
  [1, 0, null, [["1", 210], ["X", 340], ["2", 350]]],
  [4, 0, 2500, [["over", 190], ["under", 190]]],
  [4, 0, 2250, [["over", 175], ["under", 205]]],
  [5, 0, -750, [["1", 195], ["2", 185]]],
  [6, 0, null, [["yes", 180], ["no", 200]]],
  [7, 0, null, [["1-0", 700], ["other", 150]]],
];

async function nextId(trx: Db, table: "game" | "market" | "outcome" | "team" | "championship"): Promise<number> {
  const { rows } = await sql<{ next: number }>`select coalesce(max(id), ${BASE}) + 1 as next from ${sql.table(table)} where id > ${BASE}`.execute(trx);
  return Number(rows[0]!.next);
}

export function betsTestHooksApi(db: Db) {
  const app = new Hono();

  app.post("/games", async (c) => {
    const parsed = await parseJsonBody(c, gameBody);
    if (!parsed.ok) return parsed.response;
    const created = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('test.bets.games'))`.execute(trx);
      const sportId = parsed.data.sportId ?? BASE;
      await sql`insert into sport (id, slug, name, kind, model) values (${sportId}, ${`test-${sportId}`}, 'Test football', 'real', 'goals') on conflict do nothing`.execute(trx);
      // The catalogue's market types (the sports seed writes the same rows).
      for (const t of MARKET_TYPES) {
        await sql`insert into market_type (id, key, group_key, sort) values (${t.id}, ${t.key}, ${t.group}, ${t.sort}) on conflict do nothing`.execute(trx);
      }
      await sql`insert into sport_country (id, code, name) values (${BASE}, 'TST', 'Testland') on conflict do nothing`.execute(trx);
      const champId = await nextId(trx, "championship");
      await sql`insert into championship (id, sport_id, country_id, name, slug, source) values (${champId}, ${sportId}, ${BASE}, 'Test league', ${`test-${champId}`}, 'test')`.execute(trx);
      const home = await nextId(trx, "team");
      await sql`insert into team (id, sport_id, country_id, name, slug) values (${home}, ${sportId}, ${BASE}, 'Home FC', ${`home-${home}`}), (${home + 1}, ${sportId}, ${BASE}, 'Away FC', ${`away-${home}`})`.execute(trx);
      const gameId = await nextId(trx, "game");
      await sql`
        insert into game (id, sport_id, champ_id, home_team_id, away_team_id, start_at, status, score_home, score_away, source)
        values (${gameId}, ${sportId}, ${champId}, ${home}, ${home + 1}, now() + interval '1 hour', ${parsed.data.status},
                ${parsed.data.status === 2 ? 0 : null}, ${parsed.data.status === 2 ? 0 : null}, 'test')
      `.execute(trx);
      let marketId = await nextId(trx, "market");
      let outcomeId = await nextId(trx, "outcome");
      const outcomes: Record<string, number> = {};
      for (const [typeId, period, param, list] of MARKETS) {
        await sql`insert into market (id, game_id, type_id, period, param) values (${marketId}, ${gameId}, ${typeId}, ${period}, ${param})`.execute(trx);
        for (const [key, coef] of list) {
          await sql`insert into outcome (id, market_id, game_id, type_id, key, coef) values (${outcomeId}, ${marketId}, ${gameId}, 1, ${key}, ${coef})`.execute(trx);
          outcomes[`${typeId}:${param ?? ""}:${key}`] = outcomeId;
          outcomeId++;
        }
        marketId++;
      }
      return { gameId, sportId, outcomes };
    });
    return c.json(created, 201);
  });

  // Finishes (4) or cancels (5) a test game and settles it in the same transaction.
  app.post("/games/:gameId/finish", async (c) => {
    const params = parseParams(c, z.object({ gameId: id }));
    if (!params.ok) return params.response;
    const parsed = await parseJsonBody(c, finishBody);
    if (!parsed.ok) return parsed.response;
    const { status, home, away } = parsed.data;
    const started = performance.now();
    const report = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("game")
        .set({
          status: status as 4 | 5,
          score_home: status === 4 ? home : null,
          score_away: status === 4 ? away : null,
          scores: JSON.stringify(parsed.data.scores ?? (status === 4 ? [[home, away]] : [])),
          finished_at: sql<Date>`now()`,
        })
        .where("id", "=", params.data.gameId)
        .returning("id")
        .executeTakeFirst();
      if (!updated) return null;
      await trx.updateTable("market").set({ blocked: true, settled_at: sql<Date>`now()` }).where("game_id", "=", params.data.gameId).execute();
      return settleGame(trx, params.data.gameId);
    });
    if (!report) return apiError(c, 404, "not_found", "No such game");
    return c.json({ ...report, ms: Math.round(performance.now() - started) });
  });

  // Settles a game again (it must change nothing).
  app.post("/games/:gameId/settle", async (c) => {
    const params = parseParams(c, z.object({ gameId: id }));
    if (!params.ok) return params.response;
    return c.json(await db.transaction().execute((trx) => settleGame(trx, params.data.gameId)));
  });

  app.post("/outcomes/:outcomeId", async (c) => {
    const params = parseParams(c, z.object({ outcomeId: id }));
    if (!params.ok) return params.response;
    const parsed = await parseJsonBody(c, outcomeBody);
    if (!parsed.ok) return parsed.response;
    const done = await db.transaction().execute(async (trx) => {
      const outcome = await trx
        .updateTable("outcome")
        .set({ ...(parsed.data.coef === undefined ? {} : { coef: parsed.data.coef }), ...(parsed.data.blocked === undefined ? {} : { blocked: parsed.data.blocked }) })
        .where("id", "=", params.data.outcomeId)
        .returning("market_id")
        .executeTakeFirst();
      if (outcome) await trx.updateTable("market").set((eb) => ({ version: eb("version", "+", 1) })).where("id", "=", outcome.market_id).execute();
      return outcome;
    });
    return done ? c.json({ ok: true }) : apiError(c, 404, "not_found", "No such outcome");
  });

  app.post("/games/:gameId/status", async (c) => {
    const params = parseParams(c, z.object({ gameId: id }));
    if (!params.ok) return params.response;
    const parsed = await parseJsonBody(c, z.object({ status: z.number().int().min(0).max(3) }));
    if (!parsed.ok) return parsed.response;
    await db.updateTable("game").set({ status: parsed.data.status as 0 | 1 | 2 | 3 }).where("id", "=", params.data.gameId).execute();
    return c.json({ ok: true });
  });

  app.post("/games/:gameId/score", async (c) => {
    const params = parseParams(c, z.object({ gameId: id }));
    if (!params.ok) return params.response;
    const parsed = await parseJsonBody(c, z.object({ home: z.number().int().min(0).max(1000), away: z.number().int().min(0).max(1000) }));
    if (!parsed.ok) return parsed.response;
    await db.updateTable("game").set({ score_home: parsed.data.home, score_away: parsed.data.away }).where("id", "=", params.data.gameId).execute();
    return c.json({ ok: true });
  });

  app.post("/promo-codes", async (c) => {
    const parsed = await parseJsonBody(c, promoBody);
    if (!parsed.ok) return parsed.response;
    const p = parsed.data;
    await db
      .insertInto("promo_code")
      .values({
        code: p.code,
        boost_percent: p.boostPercent,
        min_coef: p.minCoef,
        coupon_types: `{${p.couponTypes.join(",")}}`,
        max_uses: p.maxUses,
        valid_to: p.validTo,
      })
      .execute();
    return c.json({ ok: true }, 201);
  });

  // Many open singles on a game's home win at once, for the settlement benchmark: stake
  // transfers, coupons and selections written by three set-based statements.
  app.post("/games/:gameId/bulk-bets", async (c) => {
    const params = parseParams(c, z.object({ gameId: id }));
    if (!params.ok) return params.response;
    const parsed = await parseJsonBody(c, z.object({ count: z.number().int().min(1).max(100_000), userIds: z.array(id).min(1).max(1000), amount: z.number().int().min(1).max(1_000_000) }));
    if (!parsed.ok) return parsed.response;
    const { count, userIds, amount } = parsed.data;
    const gameId = params.data.gameId;
    const created = await db.transaction().execute(async (trx) => {
      const outcome = await trx.selectFrom("outcome as o").innerJoin("market as m", "m.id", "o.market_id").select(["o.id", "o.market_id", "o.coef", "o.key", "m.version"]).where("o.game_id", "=", gameId).where("m.type_id", "=", 1).where("o.key", "=", "1").executeTakeFirst();
      if (!outcome) return null;
      const accounts: number[] = [];
      const requests: number[] = [];
      for (const userId of userIds) {
        accounts.push((await mainAccount(trx, userId)).id);
        const r = await trx.insertInto("bet_request").values({ user_id: userId, idempotency_key: `bulk:${gameId}:${userId}:${Date.now()}`, request_hash: "bulk", response: "{}" }).returning("id").executeTakeFirstOrThrow();
        requests.push(Number(r.id));
      }
      const house = await houseAccountId(trx, HOUSE.stakesHeld, "RUB");
      const possibleWin = Math.floor((amount * outcome.coef) / 100);
      const { rows } = await sql<{ n: number }>`
        with src as (
          select g, (${sql.raw(`array[${accounts.join(",")}]::bigint[]`)})[(g % ${accounts.length}) + 1] as account_id,
                    (${sql.raw(`array[${requests.join(",")}]::bigint[]`)})[(g % ${accounts.length}) + 1] as request_id,
                    (${sql.raw(`array[${userIds.join(",")}]::int[]`)})[(g % ${accounts.length}) + 1] as user_id
            from generate_series(0, ${count - 1}) g
        ), t as (
          insert into ledger_transfer (debit_account_id, credit_account_id, amount, currency, flag, kind, reference)
          select account_id, ${house}, ${amount}, 'RUB', 'posted', 'bet_stake', 'bulk:' || ${gameId} || ':' || g from src
          returning id, reference
        ), cp as (
          insert into bet_coupon (request_id, user_id, account_id, type_id, group_type_id, amount, currency, coef, possible_win, state, change_coef_action, stake_transfer_id)
          select src.request_id, src.user_id, src.account_id, 0, 0, ${amount}, 'RUB', ${(outcome.coef / 100).toFixed(4)}, ${possibleWin}, 'open', 2, t.id
            from t join src on t.reference = 'bulk:' || ${gameId} || ':' || src.g
          returning id, user_id
        )
        insert into bet_selection (coupon_id, user_id, outcome_id, game_id, market_id, market_type_id, market_version, period, param, outcome_key, seen_coef, coef)
        select cp.id, cp.user_id, ${outcome.id}, ${gameId}, ${outcome.market_id}, 1, ${outcome.version}, 0, null, ${outcome.key}, ${outcome.coef}, ${outcome.coef} from cp
        returning 1 as n
      `.execute(trx);
      return rows.length;
    });
    if (created === null) return apiError(c, 404, "not_found", "No such game");
    return c.json({ created }, 201);
  });

  app.post("/decide", async (c) => c.json({ decided: await decideDueCoupons(db) }));
  // Ends a waiting live coupon's delay now: with a long BET_LIVE_DELAY_MS a test holds the delay
  // open while it changes the game, then ends it when it chooses, never racing the wall clock.
  app.post("/coupons/:couponId/end-delay", async (c) => {
    const params = parseParams(c, z.object({ couponId: id }));
    if (!params.ok) return params.response;
    const row = await db
      .updateTable("bet_coupon")
      .set({ decide_at: sql<Date>`now()` })
      .where("id", "=", String(params.data.couponId))
      .where("state", "=", "waiting")
      .returning("id")
      .executeTakeFirst();
    return row ? c.json({ ok: true }) : apiError(c, 409, "not_waiting", "No such coupon waiting for its delay");
  });
  app.post("/expire-vip", async (c) => c.json({ expired: await expireVipCoupons(db) }));
  return app;
}
