// Bet placement (issue 14): the coupon to submit of SPEC §3 checked against the catalogue,
// the coefficient-change rule (decision 018), the limits, the promo code, and the stake debited
// in the same transaction as the coupon and its selections, exactly once per idempotency key.
// Live coupons wait for a per-sport delay with their stake as a pending transfer.

import { type Expression, type OperationNodeSource, sql } from "kysely";
import { bonusBetCoefHundredths, bonusBetShapeRefusal } from "../../betting-math/bonus-bet.ts";
import { CHANGE_COEF_ACTION, type ChangeCoefAction, acceptsCoefChange } from "../../betting-math/change-coef.ts";
import { type Ratio, maxStakeForWin, ratioToString, winForStake, winRatio } from "../../betting-math/coupon-math.ts";
import { COUPON_TYPE, type CombinedCouponTypeId, type NamedCouponTypeId, isSystemType } from "../../betting-math/coupon-types.ts";
import { ABOVE_MAX_REFUSALS, vipBetShapeRefusal } from "../../betting-math/vip-bet.ts";
import type { Db } from "../db/index.ts";
import { loadSiteConfigValue } from "./site-config.ts";
import { ACCOUNT_TYPE, HOUSE, houseAccountId, isInsufficientFunds, knownHouseAccountId, rememberHouseAccountId, resolvePending, transferInsert } from "./ledger.ts";


/** The most selections one coupon may hold. */
export const MAX_SELECTIONS = 20;
/**
 * Market types that may not be combined (SPEC §3 isBannedExpress): correct score (7), and a
 * championship's outright (17), which depends on every match of its league.
 */
export const BANNED_FROM_EXPRESS_MARKET_TYPES = new Set([7, 17]);
/** Live delay per sport id in ms; sports not listed wait DEFAULT_LIVE_DELAY_MS. */
export const LIVE_DELAY_MS_BY_SPORT: Readonly<Record<number, number>> = { 1: 3000, 2: 2000, 3: 2000 };
export const DEFAULT_LIVE_DELAY_MS = 3000;

export interface BetToPlace {
  outcomeId: number;
  /** The coefficient the bettor saw, in hundredths. */
  coef: number;
  /** The market version the bettor saw, if the client knows it. */
  marketVersion?: number;
  /** The bettor saw it as a live bet (false: a line bet, refused once the game started). */
  isLive?: boolean;
  isBanker: boolean;
  /** Multiple singles: this single's stake. */
  amount?: number;
}

export interface CouponInput {
  accountId: number;
  typeId: NamedCouponTypeId;
  amount: number;
  systemValue?: number;
  bets: BetToPlace[];
  changeCoefAction: ChangeCoefAction;
  /** The least combined coefficient the bettor accepts (hundredths), or null. */
  exactCoef: number | null;
  isDropOnScoreChange: boolean;
  promoCode: string | null;
  /** Placed as the bonus bet of SPEC §4 (an express the site offered it for). */
  isBonusBet: boolean;
  /**
   * Sent as a VIP bet (SPEC §5): above the maximum it waits for approval instead of being
   * refused; at or below the maximum it is an ordinary bet (decision 035).
   */
  isVipBet: boolean;
  /** SPEC §3 prepaidAmount: the part of the stake the bettor claims from prepaid money (minor units). */
  prepaidAmount: number;
}

export interface Refusal {
  status: 400 | 403 | 404 | 409 | 422 | 503;
  code: string;
  message: string;
  extra?: Record<string, unknown>;
}

export type PlaceResult = { ok: true; status: 200 | 202; response: Record<string, unknown>; replayed: boolean } | { ok: false; refusal: Refusal };

class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.code);
  }
}

function refuse(status: Refusal["status"], code: string, message: string, extra?: Record<string, unknown>): never {
  throw new Refused({ status, code, message, extra });
}

const coefText = (hundredths: number) => (hundredths / 100).toFixed(2);
const toCoef = (hundredths: number) => hundredths / 100;

export interface OutcomeState {
  outcomeId: number;
  coef: number;
  blocked: boolean;
  marketId: number;
  marketTypeId: number;
  marketVersion: number;
  marketBlocked: boolean;
  marketSettled: boolean;
  period: number;
  param: number | null;
  key: string;
  gameId: number;
  gameStatus: number;
  sportId: number;
  scoreHome: number | null;
  scoreAway: number | null;
}

// Raw SQL on the placement's path, where the query builder cost more than the queries.
function outcomeStatesQuery(ids: readonly number[]) {
  return sql<OutcomeStateRow>`
    select o.id as "outcomeId", o.coef, o.blocked, o.key,
           m.id as "marketId", m.type_id as "marketTypeId", m.version as "marketVersion", m.blocked as "marketBlocked",
           m.settled_at as "marketSettledAt", m.period, m.param,
           g.id as "gameId", g.status as "gameStatus", g.sport_id as "sportId", g.score_home as "scoreHome", g.score_away as "scoreAway"
      from outcome o join market m on m.id = o.market_id join game g on g.id = o.game_id
     where o.id = any(${[...ids]}::int[])
  `;
}

type OutcomeStateRow = Omit<OutcomeState, "marketSettled" | "gameStatus"> & { marketSettledAt: unknown; gameStatus: number | string };

function outcomeStateMap(rows: readonly OutcomeStateRow[]): Map<number, OutcomeState> {
  return new Map(
    rows.map(({ marketSettledAt, ...r }) => [r.outcomeId, { ...r, marketSettled: marketSettledAt !== null, gameStatus: Number(r.gameStatus) }]),
  );
}

export async function outcomeStates(db: Db, ids: readonly number[]): Promise<Map<number, OutcomeState>> {
  if (!ids.length) return new Map();
  return outcomeStateMap((await outcomeStatesQuery(ids).execute(db)).rows);
}

const isLiveStatus = (status: number) => status === 2 || status === 3;
const scoreText = (s: Pick<OutcomeState, "scoreHome" | "scoreAway">) => `${s.scoreHome ?? 0}:${s.scoreAway ?? 0}`;

/** The checks of one coupon's selections against the catalogue; throws Refused. */
function checkSelections(input: CouponInput, states: Map<number, OutcomeState>): OutcomeState[] {
  const seen = new Set<number>();
  const games = new Map<number, number>();
  const combined = input.typeId === COUPON_TYPE.EXPRESS || isSystemType(input.typeId);
  return input.bets.map((bet) => {
    if (seen.has(bet.outcomeId)) refuse(400, "duplicate_selection", "The same outcome is in the coupon twice", { outcomeId: bet.outcomeId });
    seen.add(bet.outcomeId);
    const state = states.get(bet.outcomeId);
    if (!state) refuse(404, "outcome_not_found", "No such outcome", { outcomeId: bet.outcomeId });
    if (state.gameStatus === 4 || state.gameStatus === 5 || state.marketSettled) {
      refuse(422, "game_finished", "The game is over", { outcomeId: bet.outcomeId });
    }
    if (bet.isLive === false && isLiveStatus(state.gameStatus)) refuse(422, "game_started", "The game has started", { outcomeId: bet.outcomeId });
    if (state.gameStatus === 0 || state.blocked || state.marketBlocked) refuse(422, "blocked", "The bet is suspended", { outcomeId: bet.outcomeId });
    if (combined) {
      const other = games.get(state.gameId);
      if (other !== undefined) refuse(422, "dependent", "Two selections of one game cannot be combined", { outcomeId: bet.outcomeId, otherOutcomeId: other });
      games.set(state.gameId, bet.outcomeId);
      if (BANNED_FROM_EXPRESS_MARKET_TYPES.has(state.marketTypeId)) {
        refuse(422, "banned_from_express", "This bet cannot be combined", { outcomeId: bet.outcomeId });
      }
    }
    return state;
  });
}

export interface DisallowedSports {
  line: number[];
  live: number[];
}

/**
 * The sports a bettor may not bet on (SPEC §3 disallow_line_sport / disallow_live_sport, decision
 * 032), from the user row the request's sign-in already read.
 */
export function disallowedSportsOf(user: { disallow_line_sport: number[] | null; disallow_live_sport: number[] | null }): DisallowedSports {
  return { line: user.disallow_line_sport ?? [], live: user.disallow_live_sport ?? [] };
}

/**
 * SPEC §4 "sport disallowed for the bettor": a selection whose sport is on the bettor's list of
 * the game's own section (live while the game is played, line before) is refused, as the pages
 * hide it; throws Refused.
 */
function checkSportsAllowed(selections: readonly OutcomeState[], disallowed: { line: number[]; live: number[] }): void {
  for (const s of selections) {
    const live = isLiveStatus(s.gameStatus);
    if ((live ? disallowed.live : disallowed.line).includes(s.sportId)) {
      refuse(422, "sport_disallowed", "This sport is not available to the bettor", { outcomeId: s.outcomeId, sportId: s.sportId, section: live ? "live" : "line" });
    }
  }
}

function checkShape(input: CouponInput): void {
  const n = input.bets.length;
  if (n > MAX_SELECTIONS) refuse(400, "too_many_selections", `A coupon holds at most ${MAX_SELECTIONS} selections`, { max: MAX_SELECTIONS });
  const bankers = input.bets.filter((b) => b.isBanker).length;
  if (bankers && input.typeId !== COUPON_TYPE.SYSTEM) refuse(400, "bad_coupon", "Only a system has bankers");
  if (input.typeId === COUPON_TYPE.SINGLE && n !== 1) refuse(400, "bad_coupon", "A single has one selection");
  if (input.typeId === COUPON_TYPE.EXPRESS && n < 2) refuse(400, "bad_coupon", "An express has at least two selections");
  if (isSystemType(input.typeId)) {
    const combined = n - bankers;
    const value = input.systemValue ?? 0;
    if (combined < 3 || value < 2 || value >= combined) {
      refuse(400, "system_value_invalid", `The system value must be from 2 to ${Math.max(2, combined - 1)}`, { max: Math.max(0, combined - 1) });
    }
  }
  if (input.typeId === COUPON_TYPE.MULTIPLE_SINGLES) {
    if (input.bets.some((b) => b.amount === undefined)) refuse(400, "bad_coupon", "Each single of multiple singles has its own amount");
    if (input.promoCode) refuse(422, "promo_invalid", "Promo codes do not apply to multiple singles");
  }
}

/** What the coupon's price must do when the price moved (decision 018); throws Refused. */
function acceptedCoefs(input: CouponInput, states: OutcomeState[]): number[] {
  const moved: Array<{ outcomeId: number; coef: string; seenCoef: string; marketVersion: number }> = [];
  const accepted = input.bets.map((bet, i) => {
    const now = states[i]!.coef;
    if (!acceptsCoefChange(input.changeCoefAction, bet.coef, now)) moved.push({ outcomeId: bet.outcomeId, coef: coefText(now), seenCoef: coefText(bet.coef), marketVersion: states[i]!.marketVersion });
    return now;
  });
  if (moved.length) {
    refuse(409, "coef_changed", "The price has changed", {
      bets: input.bets.map((bet, i) => ({ outcomeId: bet.outcomeId, coef: coefText(states[i]!.coef), marketVersion: states[i]!.marketVersion })),
      changed: moved,
    });
  }
  return accepted;
}

interface Limits {
  minAmount: number;
  maxAmount: number;
  maxPayout: number;
  maxOutcomePayout: number;
}

type LimitRow = { kind: "coupon" | "outcome"; currency: string; min_amount: string | number; max_amount: string | number; max_payout: string | number };

function limitRowsQuery(currency: string, typeId: number) {
  return sql<LimitRow>`
    select 'coupon' as kind, currency, min_amount, max_amount, max_payout from bet_limit where currency in (${currency}, '*') and type_id = ${typeId}
    union all
    select 'outcome', currency, 0, 0, max_payout from bet_outcome_limit where currency in (${currency}, '*')
  `;
}

function limitsOf(rows: readonly LimitRow[], currency: string): Limits {
  // A currency's own row wins over '*'.
  const pick = (kind: "coupon" | "outcome") => rows.find((r) => r.kind === kind && r.currency === currency) ?? rows.find((r) => r.kind === kind && r.currency === "*");
  const row = pick("coupon");
  return {
    minAmount: Number(row?.min_amount ?? 1),
    maxAmount: Number(row?.max_amount ?? Number.MAX_SAFE_INTEGER),
    maxPayout: Number(row?.max_payout ?? Number.MAX_SAFE_INTEGER),
    maxOutcomePayout: Number(pick("outcome")?.max_payout ?? Number.MAX_SAFE_INTEGER),
  };
}

/** The bettor's possible win already riding on each outcome (waiting, VIP awaiting approval, open). */
function exposureQuery(userId: number, outcomeIds: readonly number[]) {
  return sql`
    select s.outcome_id, sum(c.possible_win) as exposure
      from bet_selection s join bet_coupon c on c.id = s.coupon_id
     where s.user_id = ${userId} and s.outcome_id = any(${[...outcomeIds]}::int[]) and c.state in ('waiting', 'approval', 'open')
     group by s.outcome_id
  `;
}

interface PlacementReads {
  states: Map<number, OutcomeState>;
  limits: Limits;
  exposure: Map<number, number>;
  /** Ids drawn for the rows a placement writes (empty when none are asked for). */
  ids: { request: number; coupons: number[]; transfers: number[] } | null;
  /** The transaction's clock: the created_at the coupons will get. */
  now: Date;
  /** The answer already given for the placement's key, when one was asked for and exists. */
  earlier: { hash: string; response: unknown } | null;
}

/**
 * Everything a placement reads after its account lock, in one round trip: the outcomes' states,
 * the limits, the bettor's exposure on the outcomes, and the ids of the rows it may write (drawn
 * here so the answer can be built, and stored, in the same statement as the rows). On a busy
 * database each round trip costs the platform more than the checks themselves.
 */
async function placementReads(db: Db, p: { userId: number; currency: string; typeId: number; outcomeIds: readonly number[]; couponCount: number; key?: string }): Promise<PlacementReads> {
  const json = (query: Expression<unknown>) => sql`(select coalesce(json_agg(q), '[]') from (${query}) q)`;
  const { rows } = await sql<{ states: OutcomeStateRow[]; limits: LimitRow[]; exposure: { outcome_id: number; exposure: number | string }[]; request_id: string | number | null; coupon_ids: (string | number)[]; transfer_ids: (string | number)[]; now: Date; earlier: { hash: string; response: unknown } | null }>`
    select ${json(outcomeStatesQuery(p.outcomeIds))} as states,
           ${json(limitRowsQuery(p.currency, p.typeId))} as limits,
           ${json(exposureQuery(p.userId, p.outcomeIds))} as exposure,
           case when ${p.couponCount} > 0 then nextval('bet_request_id_seq') end as request_id,
           array(select nextval('bet_coupon_id_seq') from generate_series(1, ${p.couponCount})) as coupon_ids,
           array(select nextval('ledger_transfer_id_seq') from generate_series(1, ${p.couponCount})) as transfer_ids,
           now() as now,
           ${p.key === undefined ? sql`null` : sql`(select json_build_object('hash', request_hash, 'response', response) from bet_request where user_id = ${p.userId} and idempotency_key = ${p.key})`} as earlier
  `.execute(db);
  const row = rows[0]!;
  return {
    states: outcomeStateMap(row.states),
    limits: limitsOf(row.limits, p.currency),
    exposure: new Map(row.exposure.map((r) => [r.outcome_id, Number(r.exposure)])),
    ids: row.request_id === null ? null : { request: Number(row.request_id), coupons: row.coupon_ids.map(Number), transfers: row.transfer_ids.map(Number) },
    now: row.now,
    earlier: row.earlier,
  };
}

interface PlannedCoupon {
  typeId: CombinedCouponTypeId;
  amount: number;
  betIndexes: number[];
  ratio: Ratio;
  possibleWin: number;
}

function planCoupons(input: CouponInput, coefs: number[]): PlannedCoupon[] {
  if (input.typeId === COUPON_TYPE.MULTIPLE_SINGLES) {
    return input.bets.map((bet, i) => {
      const ratio = winRatio({ typeId: COUPON_TYPE.SINGLE, coefs: [toCoef(coefs[i]!)] });
      const amount = bet.amount ?? 0;
      return { typeId: COUPON_TYPE.SINGLE, amount, betIndexes: [i], ratio, possibleWin: winForStake(amount, ratio) };
    });
  }
  const indexes = input.bets.map((_, i) => i);
  const plain = indexes.filter((i) => !input.bets[i]!.isBanker);
  const bankers = indexes.filter((i) => input.bets[i]!.isBanker);
  const ratio = winRatio({
    typeId: input.typeId,
    coefs: plain.map((i) => toCoef(coefs[i]!)),
    bankers: bankers.map((i) => toCoef(coefs[i]!)),
    systemValue: input.systemValue,
  });
  return [{ typeId: input.typeId, amount: input.amount, betIndexes: indexes, ratio, possibleWin: winForStake(input.amount, ratio) }];
}

/**
 * The bonus coefficient (hundredths) of a coupon placed as the bonus bet, after the same checks
 * the site made to offer it (betting-math/bonus-bet.ts) and the config's switch; throws Refused.
 */
async function bonusBetCoefFor(db: Db, input: CouponInput, selections: OutcomeState[], coefs: number[]): Promise<number> {
  const features = await loadSiteConfigValue(db, "features", null);
  if (!features?.bonusBet) refuse(422, "bonus_bet_unavailable", "The bonus bet is switched off", { reason: "bonus-bet-disabled" });
  const reason = bonusBetShapeRefusal({ isExpress: input.typeId === COUPON_TYPE.EXPRESS, coefs, marketKinds: selections.map((s) => s.marketTypeId) });
  if (reason) refuse(422, "bonus_bet_unavailable", "This coupon does not qualify for the bonus bet", { reason });
  return bonusBetCoefHundredths(input.bets.length);
}

/**
 * Whether a coupon over the maximum may wait for approval as a VIP bet: the config switch and
 * the shape of SPEC §5 (betting-math/vip-bet.ts); throws Refused with the reason.
 */
async function checkVipBet(db: Db, input: CouponInput, selections: OutcomeState[]): Promise<void> {
  const features = await loadSiteConfigValue(db, "features", null);
  if (!features?.vipBet) refuse(422, "vip_bet_unavailable", "VIP bets are switched off", { reason: "vip-bet-disabled" });
  const reason = vipBetShapeRefusal({ typeId: input.typeId, betCount: input.bets.length, anyLive: selections.some((s) => isLiveStatus(s.gameStatus)) });
  if (reason) refuse(422, "vip_bet_unavailable", "This coupon cannot be sent as a VIP bet", { reason });
}

/** The plan with its coefficient and possible win multiplied by the bonus coefficient. */
function withBonus(plan: PlannedCoupon, bonusCoef: number): PlannedCoupon {
  const ratio = { numerator: plan.ratio.numerator * BigInt(bonusCoef), denominator: plan.ratio.denominator * 100n };
  return { ...plan, ratio, possibleWin: winForStake(plan.amount, ratio) };
}

/** The largest stake for each planned coupon now: the type's maximum, the payout limits, the balance. */
function maxStakeOf(plan: PlannedCoupon, limits: Limits, exposure: Map<number, number>, outcomeIds: number[], available: number, isBonus: boolean): number {
  let max = Math.min(isBonus ? Number.MAX_SAFE_INTEGER : limits.maxAmount, maxStakeForWin(limits.maxPayout, plan.ratio), available);
  for (const i of plan.betIndexes) {
    const left = limits.maxOutcomePayout - (exposure.get(outcomeIds[i]!) ?? 0);
    max = Math.min(max, left <= 0 ? 0 : maxStakeForWin(left, plan.ratio));
  }
  return Math.max(0, max);
}

function checkLimits(plans: PlannedCoupon[], limits: Limits, exposure: Map<number, number>, outcomeIds: number[], isBonus: boolean): void {
  const added = new Map<number, number>();
  for (const plan of plans) {
    if (plan.amount < limits.minAmount) refuse(422, "amount_below_min", "The stake is below the minimum", { minBetAmount: limits.minAmount });
    if (!isBonus && plan.amount > limits.maxAmount) refuse(422, "amount_above_max", "The stake is above the maximum", { maxBetAmount: limits.maxAmount });
    if (plan.possibleWin > limits.maxPayout) {
      refuse(422, "max_payout_exceeded", "The possible win is above the maximum payout", { maxBetAmount: maxStakeForWin(limits.maxPayout, plan.ratio) });
    }
    for (const i of plan.betIndexes) {
      const id = outcomeIds[i]!;
      const total = (exposure.get(id) ?? 0) + (added.get(id) ?? 0) + plan.possibleWin;
      if (total > limits.maxOutcomePayout) {
        const left = limits.maxOutcomePayout - (exposure.get(id) ?? 0) - (added.get(id) ?? 0);
        refuse(422, "limit_reached", "The limit on this outcome is reached", { outcomeId: id, maxBetAmount: left <= 0 ? 0 : maxStakeForWin(left, plan.ratio) });
      }
    }
    for (const i of plan.betIndexes) added.set(outcomeIds[i]!, (added.get(outcomeIds[i]!) ?? 0) + plan.possibleWin);
  }
}

async function checkPromo(trx: Db, userId: number, code: string, typeId: number, ratio: Ratio): Promise<{ boostPercent: number }> {
  const promo = await trx.selectFrom("promo_code").selectAll().where("code", "=", code.toUpperCase()).forUpdate().executeTakeFirst();
  const now = Date.now();
  const invalid = (why: string) => refuse(422, "promo_invalid", `The promo code ${why}`, { promoCode: code });
  if (!promo || !promo.active) return invalid("does not exist");
  if (promo.valid_from.getTime() > now || (promo.valid_to && promo.valid_to.getTime() <= now)) return invalid("is not valid now");
  if (promo.max_uses !== null && promo.uses >= promo.max_uses) return invalid("is used up");
  if (!promo.coupon_types.includes(typeId)) return invalid("does not apply to this coupon type");
  if (ratio.numerator * 100n < BigInt(promo.min_coef) * ratio.denominator) return invalid(`needs a coefficient of at least ${coefText(promo.min_coef)}`);
  const used = await trx.selectFrom("promo_code_use").select("code").where("code", "=", promo.code).where("user_id", "=", userId).executeTakeFirst();
  if (used) return invalid("was already used");
  return { boostPercent: promo.boost_percent };
}

export interface PlaceOptions {
  /** Live delay in ms for a sport (default: LIVE_DELAY_MS_BY_SPORT). */
  liveDelayMs?: (sportId: number) => number;
  /** The bettor's disallowed sports (disallowedSportsOf the signed-in user). */
  disallowed: DisallowedSports;
  /**
   * Epoch ms after which the placement writes nothing (issue 37): a request that waited that
   * long may have been given up by its caller, who then asks for its outcome by key and must
   * not see it placed later than the answer "not placed".
   */
  writeBy?: number;
}

export function liveDelayFor(sportId: number, override?: number): number {
  return override ?? LIVE_DELAY_MS_BY_SPORT[sportId] ?? DEFAULT_LIVE_DELAY_MS;
}

/**
 * Places a coupon once per (user, key) in five round trips: begin, the account lock (with the
 * key's earlier answer), the reads, one statement writing everything, commit. The bettor's account
 * row is locked first, so a user's placements (and their duplicates) queue, and the reads after
 * the lock see every earlier coupon for the per-outcome limit sums. A duplicate that queued behind
 * its original read the key before the original committed, so the reads look the key up again and
 * it answers the original's response; one placed on another account at once hits the key's unique
 * index, and the catch below answers as its replay.
 */
export async function placeCoupon(db: Db, userId: number, key: string, hash: string, input: CouponInput, options: PlaceOptions): Promise<PlaceResult> {
  // The house account's id is remembered once committed, and the user's lists come with the sign-in.
  const seen: { stakesHeld?: { currency: string; id: number } } = {};
  try {
    const placed = await db.transaction().execute(async (trx) => {
      const account = (
        await sql<{ id: string; user_id: number | null; type: number; currency: string; is_frozen: boolean; credits_posted: string; debits_posted: string; debits_pending: string; earlierHash: string | null; earlierResponse: unknown }>`
          select a.id, a.user_id, a.type, a.currency, a.is_frozen, a.credits_posted, a.debits_posted, a.debits_pending,
                 r.request_hash as "earlierHash", r.response as "earlierResponse"
            from ledger_account a left join bet_request r on r.user_id = ${userId} and r.idempotency_key = ${key}
           where a.id = ${input.accountId} and a.kind = 'bettor'
             for no key update of a
        `.execute(trx)
      ).rows[0];
      // Another user's account is answered as unknown: its existence is not the caller's business.
      if (!account || account.user_id !== userId) refuse(404, "account_not_found", "No such account");
      const replay = (earlier: { hash: string; response: unknown }) => {
        if (earlier.hash !== hash) refuse(409, "idempotency_conflict", "This Idempotency-Key was used with another coupon");
        const response = earlier.response as Record<string, unknown>;
        return { ok: true as const, status: responseStatus(response), response, replayed: true };
      };
      if (account.earlierHash !== null) return replay({ hash: account.earlierHash, response: account.earlierResponse });
      // The platform holds no prepaid money for anyone (decision 035): every bettor's available
      // prepaid amount is 0, so a coupon that claims some is refused before anything moves.
      if (input.prepaidAmount > 0) refuse(422, "prepaid_unavailable", "No prepaid amount is available", { availablePrepaidAmount: 0 });

      checkShape(input);
      const outcomeIds = input.bets.map((b) => b.outcomeId);
      const couponCount = input.typeId === COUPON_TYPE.MULTIPLE_SINGLES ? input.bets.length : 1;
      const reads = await placementReads(trx, { userId, currency: account.currency, typeId: input.typeId, outcomeIds, couponCount, key });
      // A duplicate that waited for the lock read the key before its original committed; the
      // reads, a statement started after the lock, see the original's answer.
      if (reads.earlier) return replay(reads.earlier);
      if (account.is_frozen) refuse(403, "account_frozen", "The account is frozen");
      const selections = checkSelections(input, reads.states);
      checkSportsAllowed(selections, options.disallowed);
      const coefs = acceptedCoefs(input, selections);
      const plans = planCoupons(input, coefs);
      if (input.exactCoef !== null && input.typeId !== COUPON_TYPE.MULTIPLE_SINGLES) {
        const ratio = plans[0]!.ratio;
        if (ratio.numerator * 100n < BigInt(input.exactCoef) * ratio.denominator) {
          refuse(409, "coef_changed", "The coefficient is below the exact coefficient asked for", {
            bets: input.bets.map((bet, i) => ({ outcomeId: bet.outcomeId, coef: coefText(selections[i]!.coef), marketVersion: selections[i]!.marketVersion })),
            coef: ratioToString(ratio, 2),
          });
        }
      }

      const bonusCoef = input.isBonusBet ? await bonusBetCoefFor(trx, input, selections, coefs) : null;
      if (bonusCoef !== null) plans[0] = withBonus(plans[0]!, bonusCoef);

      const isBonus = account.type === ACCOUNT_TYPE.bonus;
      // A VIP bet is a coupon the limits refuse as above the maximum, sent for approval instead:
      // the minimum still applies (checked before the maximum), the maximum is for staff to judge.
      let vip = false;
      try {
        checkLimits(plans, reads.limits, reads.exposure, outcomeIds, isBonus);
      } catch (error) {
        if (!(error instanceof Refused) || !input.isVipBet || !ABOVE_MAX_REFUSALS.includes(error.refusal.code)) throw error;
        await checkVipBet(trx, input, selections);
        vip = true;
      }
      const promoCode = input.promoCode ? input.promoCode.toUpperCase() : null;
      if (input.promoCode) await checkPromo(trx, userId, input.promoCode, input.typeId, plans[0]!.ratio);

      // The account row is locked above: its available balance cannot change under us.
      const available = Number(account.credits_posted) - Number(account.debits_posted) - Number(account.debits_pending);
      const total = plans.reduce((sum, p) => sum + p.amount, 0);
      if (total > available) refuse(422, "insufficient_balance", "The balance is too low", { available, maxBetAmount: Math.max(0, available) });

      const live = selections.some((s) => isLiveStatus(s.gameStatus));
      // Held, not taken: a VIP stake and a live stake in its delay are pending transfers.
      const state = vip ? ("approval" as const) : live ? ("waiting" as const) : ("open" as const);
      const delayMs = live ? Math.max(...selections.filter((s) => isLiveStatus(s.gameStatus)).map((s) => options.liveDelayMs?.(s.sportId) ?? liveDelayFor(s.sportId))) : 0;
      const decideAt = live ? new Date(Date.now() + delayMs) : null;
      const stakesHeld = knownHouseAccountId(db, HOUSE.stakesHeld, account.currency) ?? (await houseAccountId(trx, HOUSE.stakesHeld, account.currency));
      seen.stakesHeld = { currency: account.currency, id: stakesHeld };
      const ids = reads.ids!;

      const coupons = plans.map((plan, n) =>
        couponJson({
          id: ids.coupons[n]!,
          typeId: plan.typeId,
          groupTypeId: input.typeId,
          state,
          statusId: -1,
          amount: plan.amount,
          currency: account.currency,
          coef: ratioToString(plan.ratio, 4),
          possibleWin: plan.possibleWin,
          payout: null,
          systemValue: isSystemType(plan.typeId) ? (input.systemValue ?? null) : null,
          isLive: live,
          isVip: vip,
          decideAt,
          createdAt: reads.now,
          refusal: null,
          promoCode,
          bets: plan.betIndexes.map((i) => ({
            outcomeId: selections[i]!.outcomeId,
            gameId: selections[i]!.gameId,
            marketId: selections[i]!.marketId,
            marketTypeId: selections[i]!.marketTypeId,
            marketVersion: selections[i]!.marketVersion,
            key: selections[i]!.key,
            param: selections[i]!.param,
            period: selections[i]!.period,
            coef: coefs[i]!,
            seenCoef: input.bets[i]!.coef,
            isBanker: input.bets[i]!.isBanker,
            isLive: isLiveStatus(selections[i]!.gameStatus),
            statusId: -1,
          })),
        }),
      );
      const response = input.typeId === COUPON_TYPE.MULTIPLE_SINGLES ? { singlesResultCoupons: coupons } : { successCoupon: coupons[0] };

      const writes: OperationNodeSource[] = [
        trx.insertInto("bet_request").values({ id: String(ids.request), user_id: userId, idempotency_key: key, request_hash: hash, response: JSON.stringify(response) }),
        transferInsert(
          trx,
          plans.map((plan, n) => ({
            id: ids.transfers[n]!,
            debitAccountId: Number(account.id),
            creditAccountId: stakesHeld,
            amount: plan.amount,
            currency: account.currency,
            kind: "bet_stake",
            flag: state === "open" ? "posted" : "pending",
            reference: `bet_request:${ids.request}`,
            idempotencyKey: `bet:${userId}:${key}:${n}`,
            requestHash: hash,
          })),
        ),
        trx.insertInto("bet_coupon").values(
          plans.map((plan, n) => ({
            id: String(ids.coupons[n]!),
            request_id: String(ids.request),
            user_id: userId,
            account_id: String(account.id),
            type_id: plan.typeId,
            group_type_id: input.typeId,
            system_value: isSystemType(plan.typeId) ? (input.systemValue ?? null) : null,
            amount: plan.amount,
            currency: account.currency,
            coef: ratioToString(plan.ratio, 4),
            possible_win: plan.possibleWin,
            state,
            is_live: live,
            is_vip: vip,
            decide_at: decideAt,
            change_coef_action: input.changeCoefAction,
            is_drop_on_score_change: input.isDropOnScoreChange,
            promo_code: promoCode,
            bonus_coef: bonusCoef,
            stake_transfer_id: String(ids.transfers[n]!),
          })),
        ),
        trx.insertInto("bet_selection").values(
          plans.flatMap((plan, n) =>
            plan.betIndexes.map((i) => {
              const s = selections[i]!;
              const bet = input.bets[i]!;
              return {
                coupon_id: String(ids.coupons[n]!),
                user_id: userId,
                outcome_id: s.outcomeId,
                game_id: s.gameId,
                market_id: s.marketId,
                market_type_id: s.marketTypeId,
                market_version: s.marketVersion,
                period: s.period,
                param: s.param,
                outcome_key: s.key,
                seen_coef: bet.coef,
                coef: coefs[i]!,
                is_banker: bet.isBanker,
                is_live: isLiveStatus(s.gameStatus),
                score_seen: scoreText(s),
              };
            }),
          ),
        ),
      ];
      if (promoCode) {
        // A promo code is for one coupon: checkShape refuses it on multiple singles.
        writes.push(
          trx.insertInto("promo_code_use").values({ code: promoCode, user_id: userId, coupon_id: String(ids.coupons[0]!) }),
          trx.updateTable("promo_code").set((eb) => ({ uses: eb("uses", "+", 1) })).where("code", "=", promoCode),
        );
      }
      if (options.writeBy !== undefined && Date.now() > options.writeBy) refuse(503, "placement_expired", "The placement waited too long and was not made");
      // One statement: its rows reference each other only by the ids drawn above, and the
      // ledger's statement trigger moves the balance (and its CHECK guards it) at its end.
      await sql`with ${sql.join(writes.map((w, n) => sql`${sql.raw(`w${n}`)} as (${w})`))} select 1`.execute(trx);
      return { ok: true as const, status: responseStatus(response), response, replayed: false };
    });
    if (seen.stakesHeld) rememberHouseAccountId(db, HOUSE.stakesHeld, seen.stakesHeld.currency, seen.stakesHeld.id);
    return placed;
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refusal: error.refusal };
    // The database's own no-negative CHECK: only reachable if the checks above were wrong.
    if (isInsufficientFunds(error)) return { ok: false, refusal: { status: 422, code: "insufficient_balance", message: "The balance is too low" } };
    // The key's unique index: a duplicate that queued behind its original (or ran beside it on
    // another account) answers as the original's replay, once that one has committed.
    if ((error as { code?: string } | null)?.code === "23505") {
      const earlier = await db.selectFrom("bet_request").selectAll().where("user_id", "=", userId).where("idempotency_key", "=", key).executeTakeFirst();
      if (earlier && earlier.request_hash === hash) {
        const response = earlier.response as Record<string, unknown>;
        return { ok: true, status: responseStatus(response), response, replayed: true };
      }
      return { ok: false, refusal: { status: 409, code: "idempotency_conflict", message: "This Idempotency-Key was used with another coupon" } };
    }
    throw error;
  }
}

/** The first answer of a placement made with this key, or null when none was made (issue 37). */
export async function placementAnswer(db: Db, userId: number, key: string): Promise<{ status: 200 | 202; response: Record<string, unknown> } | null> {
  const row = await db.selectFrom("bet_request").select("response").where("user_id", "=", userId).where("idempotency_key", "=", key).executeTakeFirst();
  if (!row) return null;
  const response = row.response as Record<string, unknown>;
  return { status: responseStatus(response), response };
}

function responseStatus(response: Record<string, unknown>): 200 | 202 {
  const first = (response.successCoupon ?? (response.singlesResultCoupons as unknown[] | undefined)?.[0]) as { state?: string } | undefined;
  return first?.state === "waiting" || first?.state === "approval" ? 202 : 200;
}

export interface CouponView {
  id: number;
  typeId: number;
  groupTypeId: number;
  state: string;
  statusId: number;
  amount: number;
  currency: string;
  coef: string;
  possibleWin: number;
  payout: number | null;
  systemValue: number | null;
  isLive: boolean;
  isVip: boolean;
  decideAt: Date | null;
  createdAt: Date;
  refusal: unknown;
  promoCode: string | null;
  bets: Array<{
    outcomeId: number;
    gameId: number;
    marketId: number;
    marketTypeId: number;
    marketVersion: number;
    key: string;
    param: number | null;
    period: number;
    coef: number;
    seenCoef: number;
    isBanker: boolean;
    isLive: boolean;
    statusId: number;
  }>;
}

/** A coupon as the API answers it: coefficients as decimals, money in minor units. */
export function couponJson(c: CouponView): Record<string, unknown> {
  const waitMs = c.state === "waiting" && c.decideAt ? Math.max(0, c.decideAt.getTime() - Date.now()) : 0;
  return {
    id: c.id,
    number: String(c.id),
    typeId: c.typeId,
    groupTypeId: c.groupTypeId,
    state: c.state,
    statusId: c.statusId,
    amount: c.amount,
    currency: c.currency,
    coef: Number(c.coef),
    possibleWin: c.possibleWin,
    payout: c.payout,
    systemValue: c.systemValue,
    isLive: c.isLive,
    isVip: c.isVip,
    decideAt: c.decideAt ? c.decideAt.toISOString() : null,
    waitMs,
    createdAt: c.createdAt.toISOString(),
    refusal: c.refusal ?? null,
    promoCode: c.promoCode,
    bets: c.bets.map((b) => ({ ...b, coef: toCoef(b.coef), seenCoef: toCoef(b.seenCoef) })),
  };
}

/** One coupon of one bettor, or null when it does not exist or is someone else's. */
export async function bettorCoupon(db: Db, userId: number, couponId: number): Promise<CouponView | null> {
  const owner = await db.selectFrom("bet_coupon").select("user_id").where("id", "=", String(couponId)).executeTakeFirst();
  if (!owner || owner.user_id !== userId) return null;
  const [coupon] = await couponViews(db, [couponId]);
  return coupon ?? null;
}

export interface CouponHistoryQuery {
  state?: "waiting" | "approval" | "open" | "refused" | "settled";
  /** A coupon type; a multiple-singles group matches its own coupons too. */
  typeId?: number;
  statusId?: number;
  /** Creation time from (inclusive) and to (exclusive), ISO date-times. */
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

/** A bettor's coupons, newest first, filtered and paged (office history). */
export async function couponHistory(db: Db, userId: number, q: CouponHistoryQuery): Promise<{ total: number; coupons: CouponView[] }> {
  let query = db.selectFrom("bet_coupon").where("user_id", "=", userId);
  if (q.state) query = query.where("state", "=", q.state);
  const typeId = q.typeId;
  if (typeId !== undefined) query = query.where((eb) => eb.or([eb("type_id", "=", typeId), eb("group_type_id", "=", typeId)]));
  if (q.statusId !== undefined) query = query.where("status_id", "=", q.statusId);
  if (q.from) query = query.where("created_at", ">=", new Date(q.from));
  if (q.to) query = query.where("created_at", "<", new Date(q.to));
  const total = await query.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
  const ids = await query
    .select("id")
    .orderBy("id", "desc")
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { total: Number(total.n), coupons: await couponViews(db, ids.map((r) => Number(r.id))) };
}

/** Coupons by id with their selections (in id order). */
export async function couponViews(db: Db, ids: readonly number[]): Promise<CouponView[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom("bet_coupon").selectAll().where("id", "in", ids.map(String)).orderBy("id", "desc").execute();
  const selections = await db.selectFrom("bet_selection").selectAll().where("coupon_id", "in", ids.map(String)).orderBy("id").execute();
  return rows.map((r) => ({
    id: Number(r.id),
    typeId: r.type_id,
    groupTypeId: r.group_type_id,
    state: r.state,
    statusId: r.status_id,
    amount: Number(r.amount),
    currency: r.currency,
    coef: r.coef,
    possibleWin: Number(r.possible_win),
    payout: r.payout === null ? null : Number(r.payout),
    systemValue: r.system_value,
    isLive: r.is_live,
    isVip: r.is_vip,
    decideAt: r.decide_at,
    createdAt: r.created_at,
    refusal: r.refusal,
    promoCode: r.promo_code,
    bets: selections
      .filter((s) => Number(s.coupon_id) === Number(r.id))
      .map((s) => ({
        outcomeId: s.outcome_id,
        gameId: s.game_id,
        marketId: s.market_id,
        marketTypeId: s.market_type_id,
        marketVersion: s.market_version,
        key: s.outcome_key,
        param: s.param,
        period: s.period,
        coef: s.coef,
        seenCoef: s.seen_coef,
        isBanker: s.is_banker,
        isLive: s.is_live,
        statusId: s.status_id,
      })),
  }));
}

/**
 * Decides a live coupon whose delay is over: accepted (the pending stake posted) only if every
 * market is still open and no price moved against the bettor, else refused (the stake voided).
 * Safe to call from any process at any time: the coupon row is locked and decided once.
 */
export async function decideCoupon(db: Db, couponId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const coupon = await trx.selectFrom("bet_coupon").selectAll().where("id", "=", String(couponId)).forUpdate().executeTakeFirst();
    if (!coupon || coupon.state !== "waiting" || !coupon.decide_at || coupon.decide_at.getTime() > Date.now()) return;
    const selections = await trx.selectFrom("bet_selection").selectAll().where("coupon_id", "=", String(couponId)).execute();
    const states = await outcomeStates(trx, selections.map((s) => s.outcome_id));
    let refusal: Record<string, unknown> | null = null;
    for (const s of selections) {
      const now = states.get(s.outcome_id);
      if (!now || now.gameStatus === 4 || now.gameStatus === 5 || now.marketSettled) refusal = { code: "game_finished", outcomeId: s.outcome_id };
      else if (now.blocked || now.marketBlocked) refusal = { code: "blocked", outcomeId: s.outcome_id };
      else if (coupon.is_drop_on_score_change && s.score_seen !== null && s.score_seen !== scoreText(now)) {
        refusal = { code: "score_changed", outcomeId: s.outcome_id, score: scoreText(now) };
      }
      else if (now.coef < s.coef && coupon.change_coef_action !== CHANGE_COEF_ACTION.ACCEPT_ANY) {
        refusal = { code: "coef_changed", outcomeId: s.outcome_id, coef: coefText(now.coef) };
      }
      if (refusal) break;
    }
    const resolved = await resolvePending(trx, Number(coupon.stake_transfer_id), refusal ? "void_pending" : "post_pending");
    if (!resolved.ok) throw new Error(`live coupon ${couponId}: stake transfer ${resolved.reason}`);
    await trx
      .updateTable("bet_coupon")
      .set({ state: refusal ? "refused" : "open", refusal: refusal ? JSON.stringify(refusal) : null })
      .where("id", "=", String(couponId))
      .execute();
  });
}

/** Decides every live coupon whose delay is over (the platform runs it every half second). */
export async function decideDueCoupons(db: Db, limit = 200): Promise<number> {
  const due = await db
    .selectFrom("bet_coupon")
    .select("id")
    .where("state", "=", "waiting")
    .where("decide_at", "<=", sql<Date>`now()`)
    .orderBy("decide_at")
    .limit(limit)
    .execute();
  for (const row of due) await decideCoupon(db, Number(row.id));
  return due.length;
}

/** The current maximum (and minimum) stake of a coupon for auto-max (SPEC §3 maxBetAmount). */
export async function maxBetAmount(db: Db, userId: number, input: CouponInput, disallowed: DisallowedSports): Promise<{ ok: true; maxBetAmount: number; minBetAmount: number; available: number } | { ok: false; refusal: Refusal }> {
  try {
    const account = await db
      .selectFrom("ledger_account")
      .select(["id", "user_id", "type", "currency", "credits_posted", "debits_posted", "debits_pending"])
      .where("id", "=", String(input.accountId))
      .where("kind", "=", "bettor")
      .executeTakeFirst();
    if (!account || account.user_id !== userId) refuse(404, "account_not_found", "No such account");
    const singles = input.typeId === COUPON_TYPE.MULTIPLE_SINGLES;
    checkShape({ ...input, typeId: singles ? COUPON_TYPE.SINGLE : input.typeId, bets: singles ? input.bets.slice(0, 1) : input.bets });
    const outcomeIds = input.bets.map((b) => b.outcomeId);
    const { states, limits, exposure } = await placementReads(db, { userId, currency: account.currency, typeId: input.typeId, outcomeIds, couponCount: 0 });
    const selections = checkSelections(input, states);
    checkSportsAllowed(selections, disallowed);
    const coefs = selections.map((s) => s.coef);
    const plans = planCoupons({ ...input, bets: input.bets.map((b) => ({ ...b, amount: b.amount ?? 0 })) }, coefs);
    if (input.isBonusBet) plans[0] = withBonus(plans[0]!, await bonusBetCoefFor(db, input, selections, coefs));
    const available = Number(account.credits_posted) - Number(account.debits_posted) - Number(account.debits_pending);
    const isBonus = account.type === ACCOUNT_TYPE.bonus;
    const max = Math.min(...plans.map((p) => maxStakeOf(p, limits, exposure, outcomeIds, available, isBonus)));
    return { ok: true, maxBetAmount: max, minBetAmount: limits.minAmount, available };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refusal: error.refusal };
    throw error;
  }
}
