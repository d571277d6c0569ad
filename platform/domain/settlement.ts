// Settlement (issue 14, decision 019): when a game finishes, every open selection on it gets its
// SPEC §4 status from the final score, then every coupon whose selections are all settled is
// paid by one ledger transfer, in the transaction that finishes the game. Settling twice changes
// nothing: settled selections and coupons are skipped and every transfer has a key.

import { sql } from "kysely";
import {
  type SelectionStatusId,
  SELECTION_STATUS,
  bothScoreStatus,
  doubleChanceStatus,
  handicapStatus,
  matchResultStatus,
  totalStatus,
} from "../../betting-math/status.ts";
import { settleCoupon } from "../../betting-math/settlement.ts";
import type { Db } from "../db/index.ts";
import { HOUSE, houseAccountId } from "./ledger.ts";

interface FinalGame {
  status: number;
  model: string;
  scoreHome: number | null;
  scoreAway: number | null;
  scores: [number, number][];
}

interface OpenSelection {
  marketTypeId: number;
  period: number;
  param: number | null;
  key: string;
  /** The catalogue's own result of the outcome (1 win, 0 lose, 2 return), if it has one. */
  result: number | null;
}

/** Lines in thousandths → hundredths, when they are whole quarters. */
function quarterLine(param: number | null): number | null {
  if (param === null || param % 250 !== 0) return null;
  return param / 10;
}

/**
 * The SPEC §4 status of one selection from the final score. Goal and points sports: the
 * standard markets from the period's score with the Asian rule for quarter lines (half
 * outcomes); other markets (correct score, odd/even, sets, next goal) take the catalogue's
 * settled result. A cancelled game returns every stake (3).
 */
export function selectionStatus(game: FinalGame, s: OpenSelection): SelectionStatusId {
  if (game.status === 5) return SELECTION_STATUS.forcedReturn;
  const fromCatalogue = (): SelectionStatusId =>
    s.result === 1 ? SELECTION_STATUS.win : s.result === 0 ? SELECTION_STATUS.lose : s.result === 2 ? SELECTION_STATUS.return : SELECTION_STATUS.notCalculated;
  if (game.model === "sets") return fromCatalogue();
  const score = s.period === 0 ? (game.scoreHome !== null && game.scoreAway !== null ? [game.scoreHome, game.scoreAway] : null) : game.scores[s.period - 1];
  if (!score) return fromCatalogue();
  const [home, away] = score as [number, number];
  const line = quarterLine(s.param);
  switch (s.marketTypeId) {
    case 1:
      if (s.key === "1" || s.key === "X" || s.key === "2") return matchResultStatus(home, away, s.key === "1" ? "home" : s.key === "2" ? "away" : "draw");
      break;
    case 2:
      if (s.key === "1X" || s.key === "12" || s.key === "X2") return doubleChanceStatus(home, away, s.key);
      break;
    case 4:
      if (line !== null && (s.key === "over" || s.key === "under")) return totalStatus(home + away, line, s.key);
      break;
    case 5:
      if (line !== null && s.key === "1") return handicapStatus(home, away, line, "home");
      if (line !== null && s.key === "2") return handicapStatus(home, away, -line, "away");
      break;
    case 6:
      if (s.key === "yes" || s.key === "no") return bothScoreStatus(home, away, s.key);
      break;
    case 8:
      if (line !== null && (s.key === "over" || s.key === "under")) return totalStatus(home, line, s.key);
      break;
    case 9:
      if (line !== null && (s.key === "over" || s.key === "under")) return totalStatus(away, line, s.key);
      break;
    case 11:
      if (s.key === "1") return handicapStatus(home, away, 0, "home");
      if (s.key === "2") return handicapStatus(home, away, 0, "away");
      break;
  }
  return fromCatalogue();
}

export interface SettlementReport {
  selections: number;
  coupons: number;
  paid: number;
}

/** VALUES rows for a bulk update: (id, value) pairs as SQL. */
function valuesList(rows: Array<[number, number]>) {
  return sql.join(rows.map(([id, v]) => sql`(${id}::bigint, ${v}::int)`));
}

/**
 * Settles a finished (4) or cancelled (5) game inside the caller's transaction: its open
 * selections, then the coupons they complete. Coupons are paid in account order (so two
 * settlements never lock bettors in opposite orders); stakes move from stakes_held to payouts in
 * one transfer per currency, each winning coupon gets one payout transfer.
 */
export async function settleGame(trx: Db, gameId: number): Promise<SettlementReport> {
  const game = await trx
    .selectFrom("game as g")
    .innerJoin("sport as s", "s.id", "g.sport_id")
    .select(["g.status", "s.model", "g.score_home", "g.score_away", "g.scores"])
    .where("g.id", "=", gameId)
    .executeTakeFirst();
  if (!game || (Number(game.status) !== 4 && Number(game.status) !== 5)) return { selections: 0, coupons: 0, paid: 0 };
  const final: FinalGame = {
    status: Number(game.status),
    model: game.model,
    scoreHome: game.score_home,
    scoreAway: game.score_away,
    scores: Array.isArray(game.scores) ? game.scores : [],
  };

  const open = await trx
    .selectFrom("bet_selection as b")
    .innerJoin("outcome as o", "o.id", "b.outcome_id")
    .select(["b.id", "b.coupon_id", "b.market_type_id", "b.period", "b.param", "b.outcome_key", "o.result"])
    .where("b.game_id", "=", gameId)
    .where("b.status_id", "<", 0)
    .execute();
  if (!open.length) return { selections: 0, coupons: 0, paid: 0 };
  const statuses: Array<[number, number]> = open.map((s) => [
    Number(s.id),
    selectionStatus(final, { marketTypeId: s.market_type_id, period: s.period, param: s.param, key: s.outcome_key, result: s.result }),
  ]);
  await sql`
    update bet_selection set status_id = v.status, settled_at = now()
      from (values ${valuesList(statuses)}) as v(id, status)
     where bet_selection.id = v.id
  `.execute(trx);

  const couponIds = [...new Set(open.map((s) => Number(s.coupon_id)))];
  const report = await settleCoupons(trx, couponIds);
  return { selections: statuses.length, ...report };
}

/** Settles the given open coupons whose selections are all settled; the rest stay open. */
export async function settleCoupons(trx: Db, couponIds: number[]): Promise<{ coupons: number; paid: number }> {
  if (!couponIds.length) return { coupons: 0, paid: 0 };
  const coupons = await trx
    .selectFrom("bet_coupon")
    .select(["id", "account_id", "type_id", "system_value", "amount", "currency", "promo_code", "settlement_version"])
    .where("id", "in", couponIds.map(String))
    .where("state", "=", "open")
    .orderBy("account_id")
    .orderBy("id")
    .forUpdate()
    .execute();
  if (!coupons.length) return { coupons: 0, paid: 0 };
  const selections = await trx
    .selectFrom("bet_selection")
    .select(["coupon_id", "coef", "status_id", "is_banker"])
    .where("coupon_id", "in", coupons.map((c) => String(c.id)))
    .execute();
  const byCoupon = new Map<number, typeof selections>();
  for (const s of selections) {
    const list = byCoupon.get(Number(s.coupon_id)) ?? [];
    list.push(s);
    byCoupon.set(Number(s.coupon_id), list);
  }
  const boosts = new Map<string, number>();
  const promoCodes = [...new Set(coupons.map((c) => c.promo_code).filter((c): c is string => c !== null))];
  if (promoCodes.length) {
    for (const p of await trx.selectFrom("promo_code").select(["code", "boost_percent"]).where("code", "in", promoCodes).execute()) boosts.set(p.code, p.boost_percent);
  }

  const settled: Array<{ id: number; accountId: number; currency: string; amount: number; payout: number; statusId: number; version: number }> = [];
  for (const c of coupons) {
    const list = byCoupon.get(Number(c.id)) ?? [];
    const toSettle = (s: (typeof list)[number]) => ({ coef: s.coef / 100, statusId: s.status_id as SelectionStatusId });
    const result = settleCoupon({
      typeId: c.type_id as 0 | 1 | 2 | 4,
      stake: Number(c.amount),
      selections: list.filter((s) => !s.is_banker).map(toSettle),
      bankers: list.filter((s) => s.is_banker).map(toSettle),
      systemValue: c.system_value ?? undefined,
    });
    if (result.state !== "settled") continue;
    let payout = result.payout;
    // A promo boost adds its percent of the winnings (the payout above the stake), floored.
    const boost = c.promo_code ? (boosts.get(c.promo_code) ?? 0) : 0;
    if (boost && payout > Number(c.amount)) payout += Math.floor(((payout - Number(c.amount)) * boost) / 100);
    settled.push({ id: Number(c.id), accountId: Number(c.account_id), currency: c.currency, amount: Number(c.amount), payout, statusId: result.statusId, version: c.settlement_version + 1 });
  }
  if (!settled.length) return { coupons: 0, paid: 0 };

  const currencies = [...new Set(settled.map((s) => s.currency))];
  const house = new Map<string, { stakes: number; payouts: number }>();
  for (const currency of currencies) {
    house.set(currency, { stakes: await houseAccountId(trx, HOUSE.stakesHeld, currency), payouts: await houseAccountId(trx, HOUSE.payouts, currency) });
  }
  // The stakes of the settled coupons leave stakes_held for payouts: one transfer per currency
  // (no key: it commits with the coupons' new state, so a second run finds nothing to release).
  for (const currency of currencies) {
    const mine = settled.filter((s) => s.currency === currency);
    const total = mine.reduce((sum, s) => sum + s.amount, 0);
    const h = house.get(currency)!;
    await sql`
      insert into ledger_transfer (debit_account_id, credit_account_id, amount, currency, flag, kind, reference, idempotency_key)
      values (${h.stakes}, ${h.payouts}, ${total}, ${currency}, 'posted', 'bet_stake_release', ${`coupons ${mine[0]!.id}..${mine[mine.length - 1]!.id}`},
              null)
    `.execute(trx);
  }
  // One payout transfer per winning (or returned) coupon, bulk-inserted in account order.
  const payouts = settled.filter((s) => s.payout > 0);
  if (payouts.length) {
    const rows = payouts.map(
      (s) =>
        sql`(${house.get(s.currency)!.payouts}::bigint, ${s.accountId}::bigint, ${s.payout}::bigint, ${s.currency}, 'posted', 'bet_payout', ${`coupon:${s.id}`}, ${`settle:${s.id}:${s.version}:payout`})`,
    );
    for (let i = 0; i < rows.length; i += 2000) {
      await sql`
        insert into ledger_transfer (debit_account_id, credit_account_id, amount, currency, flag, kind, reference, idempotency_key)
        values ${sql.join(rows.slice(i, i + 2000))}
        on conflict (idempotency_key) do nothing
      `.execute(trx);
    }
  }
  const values = sql.join(settled.map((s) => sql`(${s.id}::bigint, ${s.statusId}::int, ${s.payout}::bigint, ${s.version}::int)`));
  await sql`
    update bet_coupon set state = 'settled', status_id = v.status, payout = v.payout, settlement_version = v.version, settled_at = now()
      from (values ${values}) as v(id, status, payout, version)
     where bet_coupon.id = v.id
  `.execute(trx);
  return { coupons: settled.length, paid: payouts.reduce((sum, s) => sum + s.payout, 0) };
}
