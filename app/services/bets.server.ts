import { z } from "zod";
import { withAccessToken } from "./auth.server";
import { UpstreamError, callUpstream, isOutage, isRetryable, jitteredDelay } from "./http.server";

/**
 * The platform's bet API (docs/BETS-API.md): balance, placement, auto-max, one coupon and the
 * history. Every answer is parsed here; a refusal of the platform becomes a typed `BetRefusal`
 * (its code and what the bettor can do now), never a bare error.
 */

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const accountSchema = z.object({
  id: z.number().int().positive(),
  iso: z.string().min(3).max(8),
  type: z.number().int(),
  money: z.number().int(),
  available: z.number().int(),
  pending: z.number().int(),
  isActive: z.boolean(),
  isFrozen: z.boolean(),
  label: z.string(),
});
export type BalanceAccount = z.infer<typeof accountSchema>;
const balanceSchema = z.object({ result: z.object({ activeAccountId: z.number().int(), accounts: z.array(accountSchema) }) });
export type Balance = z.infer<typeof balanceSchema>["result"];

const refusalOfCoupon = z.object({ code: z.string(), outcomeId: z.number().int().optional(), coef: z.union([z.number(), z.string()]).optional() }).passthrough();

const betSchema = z.object({
  outcomeId: z.number().int(),
  gameId: z.number().int(),
  marketId: z.number().int(),
  marketTypeId: z.number().int(),
  marketVersion: z.number().int(),
  key: z.string(),
  param: z.number().nullable(),
  period: z.number().int(),
  coef: z.number(),
  seenCoef: z.number(),
  isBanker: z.boolean(),
  isLive: z.boolean(),
  statusId: z.number().int(),
});
export type PlacedBet = z.infer<typeof betSchema>;

export const placedCouponSchema = z.object({
  id: z.number().int().positive(),
  number: z.string().regex(/^\d+$/),
  typeId: z.number().int(),
  groupTypeId: z.number().int(),
  // approval: a VIP bet waiting for operations staff (SPEC §5, decision 035)
  state: z.enum(["waiting", "approval", "open", "refused", "settled"]),
  statusId: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  coef: z.number(),
  possibleWin: z.number().int(),
  payout: z.number().int().nullable(),
  systemValue: z.number().int().nullable(),
  isLive: z.boolean(),
  isVip: z.boolean().default(false),
  decideAt: z.string().nullable(),
  waitMs: z.number().int(),
  createdAt: z.string(),
  refusal: refusalOfCoupon.nullable(),
  promoCode: z.string().nullable(),
  bets: z.array(betSchema),
});
export type PlacedCoupon = z.infer<typeof placedCouponSchema>;

const placeAnswerSchema = z.object({
  result: z.union([z.object({ successCoupon: placedCouponSchema }), z.object({ singlesResultCoupons: z.array(placedCouponSchema).min(1) })]),
});

/** The platform's refusal codes (docs/BETS-API.md); anything else reads as `unknown`. */
export const BET_REFUSAL_CODES = [
  "bad_request",
  "invalid_amount",
  "idempotency_key_required",
  "duplicate_selection",
  "too_many_selections",
  "system_value_invalid",
  "bad_coupon",
  "unauthorized",
  "account_frozen",
  "account_not_found",
  "outcome_not_found",
  "idempotency_conflict",
  "coef_changed",
  "game_finished",
  "game_started",
  "blocked",
  "dependent",
  "banned_from_express",
  "amount_below_min",
  "amount_above_max",
  "max_payout_exceeded",
  "limit_reached",
  "insufficient_balance",
  "promo_invalid",
  "bonus_bet_unavailable",
  "sport_disallowed",
  "vip_bet_unavailable",
  "prepaid_unavailable",
  "not_found",
] as const;
export type BetRefusalCode = (typeof BET_REFUSAL_CODES)[number] | "unknown";

const decimalCoef = z.union([z.number().finite(), z.string().regex(/^\d{1,7}(\.\d{1,2})?$/).transform(Number)]);

const refusalBodySchema = z.object({
  error: z
    .object({
      code: z.string(),
      outcomeId: z.number().int().optional(),
      otherOutcomeId: z.number().int().optional(),
      maxBetAmount: z.number().int().optional(),
      minBetAmount: z.number().int().optional(),
      available: z.number().int().optional(),
      max: z.number().int().optional(),
      // Coefficients come as "1.95" in refusals (two decimals kept exact), as numbers elsewhere.
      bets: z.array(z.object({ outcomeId: z.number().int(), coef: decimalCoef, marketVersion: z.number().int().optional() })).optional(),
    })
    .passthrough(),
});

/** A refusal of the bet API: the HTTP status, its typed code and what the bettor can do now. */
export interface BetRefusal {
  status: number;
  code: BetRefusalCode;
  outcomeId?: number;
  otherOutcomeId?: number;
  maxBetAmount?: number;
  minBetAmount?: number;
  available?: number;
  max?: number;
  /** coef_changed: the new coefficients to show and ask about. */
  bets?: { outcomeId: number; coef: number; marketVersion?: number }[];
}

/** The refusal in a platform answer, or null when the error is not one (network, 5xx, shape). */
export function betRefusalOf(error: unknown): BetRefusal | null {
  if (!(error instanceof UpstreamError) || error.kind !== "http" || error.status >= 500) return null;
  const parsed = refusalBodySchema.safeParse(error.body);
  if (!parsed.success) return { status: error.status, code: "unknown" };
  const { code, ...extra } = parsed.data.error;
  const known = (BET_REFUSAL_CODES as readonly string[]).includes(code) ? (code as BetRefusalCode) : "unknown";
  return {
    status: error.status,
    code: known,
    outcomeId: extra.outcomeId,
    otherOutcomeId: extra.otherOutcomeId,
    maxBetAmount: extra.maxBetAmount,
    minBetAmount: extra.minBetAmount,
    available: extra.available,
    max: extra.max,
    bets: extra.bets,
  };
}

/** The body of a placement (SPEC §3 "Coupon to submit", as the platform reads it). */
export interface PlaceBody {
  accountId: number;
  typeId: number;
  amount?: number;
  systemValue?: number;
  bets: { outcomeId: number; coef: number; isLive: boolean; isBanker?: boolean; amount?: number }[];
  /** SPEC §3 changeCoefAction (betting-math/change-coef.ts): 0 ask, 1 accept any change, 2 accept only higher. */
  changeCoefAction: 0 | 1 | 2;
  /** Placed as the bonus bet (an express the coupon offered it for; decision 034). */
  isBonusBet?: boolean;
  /** Sent as a VIP bet: above the maximum it waits for approval (decision 035). */
  isVipBet?: boolean;
}

export async function getBalance(sessionToken: string, signal?: AbortSignal, deadline?: number): Promise<Balance> {
  const answer = await withAccessToken(sessionToken, (token) =>
    callUpstream({ upstream: "web", path: "/web-api/account/balance", headers: bearer(token), schema: balanceSchema, retry: { times: 1, delayMs: 200 }, signal, deadline }),
  );
  return answer.result;
}

/** The active account of a balance answer (the first one when none is marked). */
export function activeAccount(balance: Balance): BalanceAccount | null {
  return balance.accounts.find((a) => a.id === balance.activeAccountId) ?? balance.accounts.find((a) => a.isActive) ?? balance.accounts[0] ?? null;
}

/** How long one placement call may wait (two tries at most); longer than the platform's PLACE_WINDOW_MS. */
const PLACE_TIMEOUT_MS = 15_000;
/** The pause before the placement's one retry with the same key. */
const PLACE_RETRY_DELAY_MS = 300;

/**
 * A placement whose request reached (or may have reached) the platform and got no answer: it
 * may stand. Only the platform can say, by the key (issue 37); never guessed.
 */
export class PlacementUnknown extends Error {
  constructor(readonly key: string, readonly failure: UpstreamError) {
    super(`The outcome of placement ${key} is unknown: ${failure.message}`);
    this.name = "PlacementUnknown";
  }
}

/** Whether a failed attempt may have acted: it was sent and no answer said what became of it. */
export function mayHaveActed(error: UpstreamError): boolean {
  // An outage (a reset, a time-out, a 5xx, a wrong shape) after the request went out.
  return isOutage(error) && !error.neverSent;
}

/**
 * Places a coupon once: the same `key` always gets the first answer, so the call may be retried
 * after a network failure without placing a second bet (docs/BETS-API.md).
 * @money a route whose action reaches this declares `money: true` (docs/ACTIONS.md)
 */
export async function placeCoupon(sessionToken: string, key: string, body: PlaceBody): Promise<PlacedCoupon[]> {
  // Attempts are counted here, not by the client's retry: whether any of them may have acted
  // decides what the bettor is told when the last one fails (issue 37).
  let sent = false;
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await withAccessToken(sessionToken, (token) =>
        callUpstream({
          upstream: "web",
          path: "/web-api/bets/coupon",
          method: "POST",
          json: body,
          headers: { ...bearer(token), "idempotency-key": key },
          schema: placeAnswerSchema,
          // A busy platform queues placements; a bettor would rather wait for the answer than be
          // told "unavailable" about a bet that may be placed (a retry is safe: same key, same answer).
          timeoutMs: PLACE_TIMEOUT_MS,
        }),
      );
      return placedCoupons(answer.result);
    } catch (error) {
      if (!(error instanceof UpstreamError) || betRefusalOf(error)) throw error;
      sent ||= mayHaveActed(error);
      if (attempt >= 1 || !isRetryable(error)) throw sent ? new PlacementUnknown(key, error) : error;
      await new Promise((resolve) => setTimeout(resolve, jitteredDelay(PLACE_RETRY_DELAY_MS)));
    }
  }
}

const placedCoupons = (result: z.infer<typeof placeAnswerSchema>["result"]) => ("successCoupon" in result ? [result.successCoupon] : result.singlesResultCoupons);

const outcomeSchema = z.object({
  result: z.discriminatedUnion("state", [
    z.object({ state: z.literal("placed"), answer: placeAnswerSchema.shape.result }),
    z.object({ state: z.literal("pending") }),
    z.object({ state: z.literal("none") }),
  ]),
});

/**
 * What became of the placement sent with `key`: placed (its coupons), none (nothing was placed
 * and nothing charged: sending it again with the key places it once), or unknown (the platform
 * is still working on it, or cannot be reached).
 */
export type PlacementOutcome = { state: "placed"; coupons: PlacedCoupon[] } | { state: "none" } | { state: "unknown" };

/** One question to the platform about a placement's outcome (docs/BETS-API.md). */
export async function placementOutcome(sessionToken: string, key: string, signal?: AbortSignal): Promise<PlacementOutcome> {
  try {
    const answer = await withAccessToken(sessionToken, (token) =>
      callUpstream({ upstream: "web", path: `/web-api/bets/requests/${encodeURIComponent(key)}`, headers: bearer(token), schema: outcomeSchema, timeoutMs: OUTCOME_TIMEOUT_MS, signal }),
    );
    if (answer.result.state === "placed") return { state: "placed", coupons: placedCoupons(answer.result.answer) };
    return answer.result.state === "none" ? { state: "none" } : { state: "unknown" };
  } catch (error) {
    // Whatever kept the platform from saying (away, busy, a session to renew), it did not say.
    if (error instanceof UpstreamError && error.kind !== "cancelled") return { state: "unknown" };
    throw error;
  }
}

const OUTCOME_TIMEOUT_MS = 1_500;
/** How long the place action keeps asking for an unknown outcome before it says so (issue 37). */
export const RESOLVE_BUDGET_MS = 5_000;
const RESOLVE_PAUSE_MS = 500;

/**
 * Asks for a placement's outcome until the platform knows it or the budget is spent: a platform
 * killed mid-placement is usually back within it (decision 062), and the bettor then learns
 * the truth in the same answer.
 */
export async function resolvePlacement(sessionToken: string, key: string, budgetMs = RESOLVE_BUDGET_MS): Promise<PlacementOutcome> {
  const until = Date.now() + budgetMs;
  for (;;) {
    const outcome = await placementOutcome(sessionToken, key);
    if (outcome.state !== "unknown" || Date.now() + RESOLVE_PAUSE_MS >= until) return outcome;
    await new Promise((resolve) => setTimeout(resolve, RESOLVE_PAUSE_MS));
  }
}

const maxAnswerSchema = z.object({ result: z.object({ maxBetAmount: z.number().int(), minBetAmount: z.number().int(), available: z.number().int() }) });
export type MaxBet = z.infer<typeof maxAnswerSchema>["result"];

/** Auto-max: the largest stake the platform accepts for this coupon now. */
export async function maxBetAmount(sessionToken: string, body: PlaceBody): Promise<MaxBet> {
  const answer = await withAccessToken(sessionToken, (token) =>
    callUpstream({ upstream: "web", path: "/web-api/bets/max-bet-amount", method: "POST", json: body, headers: bearer(token), schema: maxAnswerSchema }),
  );
  return answer.result;
}

/** One coupon of the bettor, or null when it is not theirs or does not exist. */
export async function getCoupon(sessionToken: string, couponId: string, signal?: AbortSignal): Promise<PlacedCoupon | null> {
  try {
    const answer = await withAccessToken(sessionToken, (token) =>
      callUpstream({
        upstream: "web",
        path: `/web-api/bets/coupons/${encodeURIComponent(couponId)}`,
        headers: bearer(token),
        schema: z.object({ result: placedCouponSchema }),
        retry: { times: 1, delayMs: 200 },
        signal,
      }),
    );
    return answer.result;
  } catch (error) {
    if (error instanceof UpstreamError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export interface HistoryQuery {
  state?: "waiting" | "approval" | "open" | "refused" | "settled";
  typeId?: number;
  statusId?: number;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

const historySchema = z.object({
  result: z.object({ total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), coupons: z.array(placedCouponSchema) }),
});
export type History = z.infer<typeof historySchema>["result"];

export async function getHistory(sessionToken: string, query: HistoryQuery, signal?: AbortSignal): Promise<History> {
  const answer = await withAccessToken(sessionToken, (token) =>
    callUpstream({
      upstream: "web",
      path: "/web-api/bets/coupons",
      headers: bearer(token),
      query: { ...query },
      schema: historySchema,
      retry: { times: 1, delayMs: 200 },
      signal,
    }),
  );
  return answer.result;
}
