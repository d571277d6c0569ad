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
import type { CombinedCouponTypeId } from "../../betting-math/coupon-types.ts";
import { settleBonusBet } from "../../betting-math/bonus-bet.ts";
import { settleCoupon } from "../../betting-math/settlement.ts";
import type { Db } from "../db/index.ts";
import { type Actor, recordChange } from "./audit.ts";
import { HOUSE, createTransfer, houseAccountId } from "./ledger.ts";
import { accountBalances, reversalSplit } from "./ledger-rules.ts";

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
  // Arrays as single parameters (unnest): one short statement however many rows.
  await sql`
    update bet_selection set status_id = v.status, settled_at = now()
      from unnest(${statuses.map(([id]) => id)}::bigint[], ${statuses.map(([, st]) => st)}::int[]) as v(id, status)
     where bet_selection.id = v.id
  `.execute(trx);

  const couponIds = [...new Set(open.map((s) => Number(s.coupon_id)))];
  const report = await settleCoupons(trx, couponIds);
  return { selections: statuses.length, ...report };
}

/** Settles the given open coupons whose selections are all settled; the rest stay open. */
export async function settleCoupons(trx: Db, couponIds: number[], options: { releaseStakes?: boolean } = {}): Promise<{ coupons: number; paid: number }> {
  if (!couponIds.length) return { coupons: 0, paid: 0 };
  const coupons = await trx
    .selectFrom("bet_coupon")
    .select(["id", "account_id", "type_id", "system_value", "amount", "currency", "promo_code", "bonus_coef", "settlement_version"])
    .where(sql<boolean>`id = any(${couponIds}::bigint[])`)
    .where("state", "=", "open")
    .orderBy("account_id")
    .orderBy("id")
    .forUpdate()
    .execute();
  if (!coupons.length) return { coupons: 0, paid: 0 };
  const selections = await trx
    .selectFrom("bet_selection")
    .select(["coupon_id", "coef", "status_id", "is_banker"])
    .where(sql<boolean>`coupon_id = any(${coupons.map((c) => Number(c.id))}::bigint[])`)
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
    const coupon = {
      typeId: c.type_id as CombinedCouponTypeId,
      stake: Number(c.amount),
      selections: list.filter((s) => !s.is_banker).map(toSettle),
      bankers: list.filter((s) => s.is_banker).map(toSettle),
      systemValue: c.system_value ?? undefined,
    };
    // The bonus bet (decision 034): every selection won pays stake × coef × bonus, floored once
    // (the possible win shown); a return or a half outcome takes the bonus away.
    const result = c.bonus_coef ? settleBonusBet(coupon, c.bonus_coef) : settleCoupon(coupon);
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
  for (const currency of options.releaseStakes === false ? [] : currencies) {
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
    await sql`
      insert into ledger_transfer (debit_account_id, credit_account_id, amount, currency, flag, kind, reference, idempotency_key)
      select v.debit, v.credit, v.amount, v.currency, 'posted', 'bet_payout', v.reference, v.key
        from unnest(${payouts.map((p) => house.get(p.currency)!.payouts)}::bigint[], ${payouts.map((p) => p.accountId)}::bigint[],
                    ${payouts.map((p) => p.payout)}::bigint[], ${payouts.map((p) => p.currency)}::text[],
                    ${payouts.map((p) => `coupon:${p.id}`)}::text[], ${payouts.map((p) => `settle:${p.id}:${p.version}:payout`)}::text[])
             as v(debit, credit, amount, currency, reference, key)
       order by v.credit
      on conflict (idempotency_key) do nothing
    `.execute(trx);
  }
  await sql`
    update bet_coupon set state = 'settled', status_id = v.status, payout = v.payout, settlement_version = v.version, settled_at = now()
      from unnest(${settled.map((x) => x.id)}::bigint[], ${settled.map((x) => x.statusId)}::int[], ${settled.map((x) => x.payout)}::bigint[],
                  ${settled.map((x) => x.version)}::int[]) as v(id, status, payout, version)
     where bet_coupon.id = v.id
  `.execute(trx);
  return { coupons: settled.length, paid: payouts.reduce((sum, s) => sum + s.payout, 0) };
}

export interface ResettlementReport {
  /** Coupons paid anew under a new settlement version. */
  resettled: number;
  /** Open coupons whose selection on this game changed (they settle later). */
  reopenedSelections: number;
  /**
   * Reversals the bettor's balance could not cover in full: the rest is a debt (bettor_debt) the
   * house's receivables advanced, to be collected from the money that comes in later.
   */
  owed: Array<{ couponId: number; userId: number; amount: number }>;
}

/** An ops correction of a finished game's score in its own transaction (see resettleGame). */
/** Whether a game is settled by the places of its field (a race, an outright), not by a score. */
export async function settledByPlaces(db: Db, gameId: number): Promise<boolean> {
  const row = await db.selectFrom("game").select("runners").where("id", "=", gameId).executeTakeFirst();
  return !!row?.runners;
}

export function correctGameResult(
  db: Db,
  gameId: number,
  score: { home: number; away: number; scores?: [number, number][] },
  actor: Actor,
): Promise<ResettlementReport | null> {
  return db.transaction().execute((trx) => resettleGame(trx, gameId, score, actor));
}

/**
 * Corrects a finished game's score (ops): every selection on it is settled again from the new
 * score; each settled coupon whose selection changed gets its earlier payout reversed by a new
 * transfer (bettor → payouts) and is paid anew under the next settlement version. A bettor who has
 * spent the winnings pays back what the balance holds, never below zero; the rest is recorded as
 * owed (bettor_debt) and advanced by the house's receivables (receivables → payouts), so the
 * coupon still settles on the corrected result. Recorded in the audit log with the scores, every
 * coupon's payout before and after, and what is owed.
 */
export async function resettleGame(
  trx: Db,
  gameId: number,
  score: { home: number; away: number; scores?: [number, number][] },
  actor: Actor,
): Promise<ResettlementReport | null> {
  const game = await trx.selectFrom("game").select(["status", "score_home", "score_away", "scores"]).where("id", "=", gameId).forUpdate().executeTakeFirst();
  if (!game || Number(game.status) !== 4) return null;
  const scores = score.scores ?? [[score.home, score.away]];
  await trx.updateTable("game").set({ score_home: score.home, score_away: score.away, scores: JSON.stringify(scores) }).where("id", "=", gameId).execute();
  const sport = await trx.selectFrom("game as g").innerJoin("sport as s", "s.id", "g.sport_id").select("s.model").where("g.id", "=", gameId).executeTakeFirstOrThrow();
  const final: FinalGame = { status: 4, model: sport.model, scoreHome: score.home, scoreAway: score.away, scores };

  const selections = await trx
    .selectFrom("bet_selection as b")
    .innerJoin("outcome as o", "o.id", "b.outcome_id")
    .innerJoin("bet_coupon as c", "c.id", "b.coupon_id")
    .select(["b.id", "b.coupon_id", "b.status_id", "b.market_type_id", "b.period", "b.param", "b.outcome_key", "o.result", "c.state"])
    .where("b.game_id", "=", gameId)
    .execute();
  const changed = selections
    .map((s) => ({ ...s, next: selectionStatus(final, { marketTypeId: s.market_type_id, period: s.period, param: s.param, key: s.outcome_key, result: s.result }) }))
    .filter((s) => s.next !== s.status_id);

  const report: ResettlementReport = { resettled: 0, reopenedSelections: 0, owed: [] };
  const before: Array<{ couponId: number; payout: number | null }> = [];
  const toSettle: number[] = [];
  for (const couponId of [...new Set(changed.map((s) => Number(s.coupon_id)))].sort((a, b) => a - b)) {
    const mine = changed.filter((s) => Number(s.coupon_id) === couponId);
    const coupon = await trx
      .selectFrom("bet_coupon")
      .select(["id", "state", "account_id", "currency", "payout", "settlement_version"])
      .where("id", "=", String(couponId))
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (coupon.state === "settled") {
      const paid = Number(coupon.payout ?? 0);
      if (paid > 0) {
        const owed = await reversePayout(trx, { couponId, accountId: Number(coupon.account_id), currency: coupon.currency, paid, version: coupon.settlement_version });
        if (owed) report.owed.push(owed);
      }
      before.push({ couponId, payout: paid });
      await trx.updateTable("bet_coupon").set({ state: "open", status_id: -1, payout: null }).where("id", "=", String(couponId)).execute();
      toSettle.push(couponId);
    } else if (coupon.state === "open") {
      report.reopenedSelections += mine.length;
    }
    if (coupon.state === "settled" || coupon.state === "open") {
      for (const s of mine) await trx.updateTable("bet_selection").set({ status_id: s.next, settled_at: sql<Date>`now()` }).where("id", "=", s.id).execute();
    }
  }
  const settled = await settleCoupons(trx, toSettle, { releaseStakes: false });
  report.resettled = settled.coupons;
  const after = toSettle.length
    ? await trx.selectFrom("bet_coupon").select(["id", "payout"]).where(sql<boolean>`id = any(${toSettle}::bigint[])`).execute()
    : [];
  await recordChange(trx, actor, {
    action: "resettle",
    entity: "game_result",
    entityId: gameId,
    before: { score: { home: game.score_home, away: game.score_away }, scores: game.scores, payouts: before },
    after: { score, scores, payouts: after.map((a) => ({ couponId: Number(a.id), payout: a.payout === null ? null : Number(a.payout) })), owed: report.owed },
  });
  return report;
}

/**
 * Takes a settled coupon's payout back: from the bettor's balance as far as it goes (never below
 * zero: pending stakes stay covered), the rest advanced by the house's receivables and recorded as
 * the bettor's debt. Keys carry the settlement version, so each version is reversed once. Returns
 * what is owed, or null when the balance covered it all.
 */
async function reversePayout(
  trx: Db,
  c: { couponId: number; accountId: number; currency: string; paid: number; version: number },
): Promise<{ couponId: number; userId: number; amount: number } | null> {
  // The account's row lock first, so no bet placed meanwhile spends what is counted here.
  const account = await trx
    .selectFrom("ledger_account")
    .select(["user_id", "credits_posted", "debits_posted", "debits_pending"])
    .where("id", "=", String(c.accountId))
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();
  const { available } = accountBalances({
    debitsPosted: Number(account.debits_posted),
    creditsPosted: Number(account.credits_posted),
    debitsPending: Number(account.debits_pending),
    creditsPending: 0,
  });
  const { taken, owed } = reversalSplit(available, c.paid);
  const payouts = await houseAccountId(trx, HOUSE.payouts, c.currency);
  const reference = `coupon:${c.couponId}`;
  if (taken > 0) {
    const reversal = await createTransfer(trx, {
      debitAccountId: c.accountId,
      creditAccountId: payouts,
      amount: taken,
      currency: c.currency,
      kind: "bet_payout_reversal",
      reference,
      idempotencyKey: `settle:${c.couponId}:${c.version}:reversal`,
      allowFrozen: true,
    });
    if (!reversal.ok) throw new Error(`reversing coupon ${c.couponId}: ${reversal.reason}`);
  }
  if (owed === 0) return null;
  const advance = await createTransfer(trx, {
    debitAccountId: await houseAccountId(trx, HOUSE.receivables, c.currency),
    creditAccountId: payouts,
    amount: owed,
    currency: c.currency,
    kind: "bet_payout_owed",
    reference,
    idempotencyKey: `settle:${c.couponId}:${c.version}:owed`,
  });
  if (!advance.ok) throw new Error(`recording what coupon ${c.couponId}'s bettor owes: ${advance.reason}`);
  const userId = Number(account.user_id);
  await trx
    .insertInto("bettor_debt")
    .values({ user_id: userId, account_id: String(c.accountId), currency: c.currency, coupon_id: String(c.couponId), transfer_id: String(advance.transfer.id), amount: owed })
    .execute();
  return { couponId: c.couponId, userId, amount: owed };
}
