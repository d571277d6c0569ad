import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type OpenDb, migrate, openDb } from "../../platform/db/index.ts";
import { sql } from "kysely";
import { placeCoupon } from "../../platform/domain/bets.ts";
import { deposit, mainAccount } from "../../platform/domain/ledger.ts";
import { settleGame } from "../../platform/domain/settlement.ts";
import { createSportsService } from "../../platform/domain/sports/service.ts";
import { seedSports } from "../../platform/seed/sports.ts";
import { describeDifferences, reconcileLedger } from "../support/ledger-reconciliation";

// The simulator in-process on two fresh PGlite databases seeded alike: the same steps give the
// same games (determinism under a seed and a test clock), and the generated championships get
// new rounds as the clock moves, so the line does not run dry.

const NOW = Date.parse("2026-11-25T10:00:00Z");
const opened: { db: OpenDb; dir: string }[] = [];

async function freshSports() {
  const dir = mkdtempSync(join(tmpdir(), "sports-sim-"));
  const db = await openDb({ dataDir: dir });
  opened.push({ db, dir });
  await migrate(db.db);
  await db.db.transaction().execute((trx) => seedSports(trx, { seed: 7, now: NOW }));
  // Paused before it starts: a running clock would catch up with the wall clock at start, and the
  // two databases, started seconds apart, would not share one test clock.
  await db.db.updateTable("sports_sim").set({ paused: true }).execute();
  const sports = createSportsService(db.db, { dbKind: "pglite", simulator: true, tickMs: 3_600_000, speed: 1, minLive: 40 });
  await sports.start();
  const sim = sports.simulator()!;
  await sim.setPaused(true);
  return { sports, sim, db: db.db };
}

afterAll(async () => {
  for (const { db, dir } of opened) {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

describe("the live simulator", () => {
  it("is deterministic under a seed and a test clock, and keeps the line stocked", async () => {
    const a = await freshSports();
    const b = await freshSports();
    const firstNewId = Math.max(...[...a.sports.store.games.keys()]) + 1;
    // Settlement's hook runs inside the finishing transaction, which already holds the results.
    const finishedEvents: { gameId: number; unsettled: number }[] = [];
    a.sports.onGameFinished(async (trx, event) => {
      const row = await trx.selectFrom("outcome").where("game_id", "=", event.gameId).where("result", "is", null).select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst();
      const game = await trx.selectFrom("game").where("id", "=", event.gameId).select("status").executeTakeFirstOrThrow();
      expect(game.status).toBe(4);
      finishedEvents.push({ gameId: event.gameId, unsettled: Number(row?.n) });
    });
    for (const s of [a, b]) {
      await s.sim.advance(20 * 60);
      await s.sim.advance(95 * 60);
    }
    const snapshot = async (db: typeof a.db) =>
      (await db.selectFrom("game").select(["id", "status", "scores", "game_time_sec"]).where("status", "in", [2, 3, 4]).where("feed_version", ">", 1).orderBy("id").execute()).map((r) => JSON.stringify(r));
    const [ga, gb] = await Promise.all([snapshot(a.db), snapshot(b.db)]);
    expect(ga.length).toBeGreaterThan(40);
    expect(ga).toEqual(gb);
    // Finished games were settled in the database, their outcomes all carry a result.
    const unsettled = await a.db
      .selectFrom("outcome")
      .innerJoin("game", "game.id", "outcome.game_id")
      .where("game.status", "=", 4)
      .where("outcome.result", "is", null)
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirst();
    expect(Number(unsettled?.n)).toBe(0);
    const finishedIds = (await a.db.selectFrom("game").select("id").where("status", "=", 4).where("feed_version", ">", 1).execute()).map((r) => r.id);
    expect(finishedIds.length).toBeGreaterThan(20);
    expect(finishedEvents.map((e) => e.gameId).sort((x, y) => x - y)).toEqual(finishedIds.sort((x, y) => x - y));
    expect(finishedEvents.every((e) => e.unsettled === 0)).toBe(true);

    // A hook that throws rolls its finish back; the game is finished again on the next step.
    const calls: number[] = [];
    b.sports.onGameFinished(async (trx, event) => {
      calls.push(event.gameId);
      if (calls.length === 1) throw new Error("settlement down");
    });
    await b.sim.advance(3 * 3600);
    const failed = calls[0]!;
    expect(calls.filter((id) => id === failed)).toHaveLength(2);
    const row = await b.db.selectFrom("game").select("status").where("id", "=", failed).executeTakeFirstOrThrow();
    expect(row.status).toBe(4);

    // Bettors back the next games of the line before the day is played (the settlement hook runs
    // in each finishing transaction, as in the platform): singles on each game's first outcome,
    // and expresses of two.
    a.sports.onGameFinished(async (trx, event) => void (await settleGame(trx, event.gameId)));
    const upcoming = [...a.sports.store.games.values()]
      .filter((g) => g.status === 1 && g.source !== "outright" && g.markets.some((m) => !m.blocked))
      .sort((x, y) => x.startAtMs - y.startAtMs || x.id - y.id)
      .slice(0, 60);
    const picks = upcoming.map((g) => g.markets.find((m) => !m.blocked)!.outcomes.find((o) => !o.blocked)!).filter(Boolean);
    let placed = 0;
    for (let u = 0; u < 6; u++) {
      const { id: userId } = await a.db.insertInto("app_user").values({ login: `sim-bettor-${u}`, currency: "RUB" }).returning("id").executeTakeFirstOrThrow();
      const account = await mainAccount(a.db, userId);
      await deposit(a.db, account.id, 1_000_000, "test");
      for (let i = u; i < picks.length; i += 6) {
        const pair = [picks[i]!, picks[(i + 1) % picks.length]!];
        for (const bets of [[pair[0]!], pair]) {
          const result = await placeCoupon(
            a.db,
            userId,
            `sim-${u}-${i}-${bets.length}`,
            "h",
            { accountId: account.id, typeId: bets.length === 1 ? 0 : 1, amount: 1_000 + i, bets: bets.map((o) => ({ outcomeId: o.id, coef: o.coef, isBanker: false })), changeCoefAction: 1, exactCoef: null, isDropOnScoreChange: false, promoCode: null, isBonusBet: false, isVipBet: false, prepaidAmount: 0 },
            { disallowed: { line: [], live: [] } },
          );
          if (result.ok) placed++;
        }
      }
    }
    expect(placed).toBeGreaterThan(60);

    // A day later the generated championships have played on: new rounds were scheduled.
    await a.sim.advance(24 * 3600);
    // The day's bets were settled, and the books reconcile from the outside.
    const settled = await sql<{ n: string }>`select count(*) as n from bet_coupon where state = 'settled'`.execute(a.db);
    expect(Number(settled.rows[0]!.n)).toBeGreaterThan(60);
    const differences = await reconcileLedger(async (q) => (await sql.raw(q).execute(a.db)).rows as Record<string, unknown>[]);
    expect(differences, describeDifferences(differences)).toEqual([]);
    const line = [...a.sports.store.games.values()].filter((g) => g.status === 1);
    expect(line.some((g) => g.id >= firstNewId && g.source === "generated")).toBe(true);
    expect(line.length).toBeGreaterThanOrEqual(1500);
    const liveNow = [...a.sports.store.games.values()].filter((g) => g.status === 2 || g.status === 3);
    expect(liveNow.length).toBeGreaterThanOrEqual(40);
    for (const s of [a, b]) await s.sports.stop();
  }, 240_000);
});
