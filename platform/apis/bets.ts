import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { COUPON_TYPE } from "../../betting-math/coupon-types.ts";
import type { Db } from "../db/index.ts";
import { type CouponInput, type Refusal, bettorCoupon, couponHistory, couponJson, decideCoupon, disallowedSportsOf, maxBetAmount, placeCoupon, placementAnswer } from "../domain/bets.ts";
import { MAX_TRANSFER_AMOUNT, requestHash } from "../domain/ledger.ts";
import { type AuthEnv, requireUser } from "./auth.ts";
import { apiError, containsNul, parseParams, parseQuery } from "./http.ts";

// The bet API (docs/BETS-API.md): place a coupon exactly once, ask for the maximum stake, read
// a coupon and the bettor's history.

const minorUnits = z.number().int().min(1).max(MAX_TRANSFER_AMOUNT);
const id = z.union([z.number().int(), z.string().regex(/^\d{1,10}$/).transform(Number)]).pipe(z.number().int().min(1).max(2_147_483_647));

/** A decimal coefficient with at most two decimals, as integer hundredths. */
const coef = z
  .number()
  .finite()
  .min(1.01)
  .max(100_000)
  .transform((value, ctx) => {
    const hundredths = Math.round(value * 100);
    if (Math.abs(value * 100 - hundredths) > 1e-6) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "a coefficient has at most two decimals" });
      return z.NEVER;
    }
    return hundredths;
  });

const betSchema = z.object({
  // the site's bet id is the outcome id (docs/SPORTS-API.md): marketId in the coupon, outcomeId here
  outcomeId: id.optional(),
  marketId: id.optional(),
  coef,
  marketVersion: z.number().int().min(0).max(2_147_483_647).optional(),
  isLive: z.boolean().optional(),
  isBanker: z.boolean().optional(),
  blockId: z.number().int().min(0).max(2_147_483_647).nullable().optional(),
  amount: minorUnits.optional(),
});

const couponSchema = z.object({
  id: z.string().max(128).optional(),
  accountId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  typeId: z.union([
    z.literal(COUPON_TYPE.SINGLE),
    z.literal(COUPON_TYPE.EXPRESS),
    z.literal(COUPON_TYPE.SYSTEM),
    z.literal(COUPON_TYPE.SYSTEM_STYLE),
    z.literal(COUPON_TYPE.MULTIPLE_SINGLES),
  ]),
  amount: minorUnits.optional(),
  amountByBetId: z.record(z.string().regex(/^\d{1,10}$/), minorUnits).optional(),
  bets: z.array(betSchema).min(1).max(100),
  systemValue: z.number().int().min(1).max(100).optional(),
  changeCoefAction: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(2),
  exactCoef: coef.nullable().optional(),
  isDropOnScoreChange: z.boolean().default(false),
  promoCode: z.string().trim().max(32).nullable().optional(),
  /** Placed as the bonus bet the coupon offered (SPEC §4, decision 034). */
  isBonusBet: z.boolean().default(false),
  /** Sent as a VIP bet: above the maximum it waits for approval (SPEC §5, decision 035). */
  isVipBet: z.boolean().default(false),
  /** SPEC §3 prepaidAmount: the part of the stake paid from prepaid money (decision 035). */
  prepaidAmount: z.number().int().min(0).max(MAX_TRANSFER_AMOUNT).default(0),
});

const idempotencyKey = z.string().regex(/^[\x21-\x7e]{1,128}$/, "1 to 128 printable ASCII characters");

type ParsedCoupon = { ok: true; input: CouponInput; raw: unknown } | { ok: false; status: 400; code: string; message: string };

function toInput(body: z.infer<typeof couponSchema>): ParsedCoupon {
  const bets = [];
  for (const bet of body.bets) {
    const outcomeId = bet.outcomeId ?? bet.marketId;
    if (!outcomeId) return { ok: false, status: 400, code: "bad_request", message: "bets: each bet names its outcomeId" };
    const amount = bet.amount ?? body.amountByBetId?.[String(outcomeId)];
    bets.push({
      outcomeId,
      coef: bet.coef,
      marketVersion: bet.marketVersion,
      isLive: bet.isLive,
      // a banker is a system bet in the lobby block (blockId 0) or flagged as one
      isBanker: body.typeId === COUPON_TYPE.SYSTEM && (bet.isBanker === true || bet.blockId === 0),
      amount,
    });
  }
  const amount = body.typeId === COUPON_TYPE.MULTIPLE_SINGLES ? bets.reduce((sum, b) => sum + (b.amount ?? 0), 0) : body.amount;
  if (amount === undefined || amount < 1) return { ok: false, status: 400, code: "invalid_amount", message: "amount: a positive integer of minor units is required" };
  if (amount > MAX_TRANSFER_AMOUNT) return { ok: false, status: 400, code: "invalid_amount", message: "amount: too large" };
  if (body.prepaidAmount > amount) return { ok: false, status: 400, code: "invalid_amount", message: "prepaidAmount: at most the stake" };
  return {
    ok: true,
    raw: body,
    input: {
      accountId: body.accountId,
      typeId: body.typeId,
      amount,
      systemValue: body.systemValue,
      bets,
      changeCoefAction: body.changeCoefAction,
      exactCoef: body.exactCoef ?? null,
      isDropOnScoreChange: body.isDropOnScoreChange,
      promoCode: body.promoCode ? body.promoCode : null,
      isBonusBet: body.isBonusBet,
      isVipBet: body.isVipBet,
      prepaidAmount: body.prepaidAmount,
    },
  };
}

/** Reads and checks a coupon body; a bad amount is "invalid_amount", anything else "bad_request". */
async function readCoupon(text: string, schema: typeof couponSchema): Promise<ParsedCoupon> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, code: "bad_request", message: "body: expected a JSON document" };
  }
  if (containsNul(body)) return { ok: false, status: 400, code: "bad_request", message: "body: text must not contain NUL characters" };
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.join(".") ?? "body";
    const isAmount = issue?.path.some((p) => p === "amount" || p === "amountByBetId" || p === "prepaidAmount");
    return { ok: false, status: 400, code: isAmount ? "invalid_amount" : "bad_request", message: `${path}: ${issue?.message ?? "invalid"}` };
  }
  return toInput(parsed.data);
}

function refused(c: Parameters<typeof apiError>[0], r: Refusal) {
  return apiError(c, r.status, r.code, r.message, r.extra);
}

const historyQuery = z.object({
  state: z.enum(["waiting", "approval", "open", "refused", "settled"]).optional(),
  typeId: z.coerce.number().int().min(0).max(9).optional(),
  statusId: z.coerce.number().int().min(-2).max(6).optional(),
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

export interface BetsApiOptions {
  liveDelayMs?: number;
  /** PLACE_WINDOW_MS unless set (BET_PLACE_WINDOW_MS). */
  placeWindowMs?: number;
}

/**
 * How long after its arrival a placement may still write (issue 37). Shorter than the site's
 * 15 s wait for the answer, so once the site gives up and asks for the outcome by key, a
 * placement it gave up on has written or never will.
 */
export const PLACE_WINDOW_MS = 10_000;

export function betsApi(db: Db, options: BetsApiOptions = {}) {
  const app = new Hono<AuthEnv>();
  const signedIn = requireUser(db);
  const liveDelayMs = options.liveDelayMs === undefined ? undefined : () => options.liveDelayMs!;
  // Placements being handled in this process, by key, from their arrival (before the session is
  // read): their outcome is not known yet. Another bettor's same key only makes an answer wait.
  const inFlight = new Map<string, number>();
  const tracked: MiddlewareHandler = async (c, next) => {
    const key = c.req.header("idempotency-key");
    if (!key) return next();
    inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
    try {
      await next();
    } finally {
      const left = (inFlight.get(key) ?? 1) - 1;
      if (left > 0) inFlight.set(key, left);
      else inFlight.delete(key);
    }
  };

  app.post("/bets/coupon", tracked, signedIn, async (c) => {
    const arrivedAt = Date.now();
    const keyHeader = c.req.header("idempotency-key");
    const text = await c.req.text();
    const parsed = await readCoupon(text, couponSchema);
    if (!parsed.ok) return apiError(c, parsed.status, parsed.code, parsed.message);
    const key = idempotencyKey.safeParse(keyHeader ?? (parsed.raw as { id?: string }).id);
    if (!key.success) return apiError(c, 400, "idempotency_key_required", "Idempotency-Key: 1 to 128 printable ASCII characters are required");
    const { user } = c.var;
    const result = await placeCoupon(db, user.id, key.data, requestHash(parsed.raw), parsed.input, {
      liveDelayMs,
      disallowed: disallowedSportsOf(user),
      writeBy: arrivedAt + (options.placeWindowMs ?? PLACE_WINDOW_MS),
    });
    if (!result.ok) return refused(c, result.refusal);
    if (result.replayed) c.header("idempotent-replayed", "true");
    return c.json({ result: result.response }, result.status);
  });

  // The outcome of a placement by its key (issue 37), for a caller whose request got no answer:
  // placed (with the first answer), pending (still being handled here) or none (nothing was
  // placed with this key; sending the coupon again with it places it once).
  app.get("/bets/requests/:key", signedIn, async (c) => {
    const params = parseParams(c, z.object({ key: idempotencyKey }));
    if (!params.ok) return params.response;
    const { user } = c.var;
    // Asked before the database: a placement that ends between the two reads is then found there.
    if (inFlight.has(params.data.key)) return c.json({ result: { state: "pending" } });
    const answer = await placementAnswer(db, user.id, params.data.key);
    if (!answer) return c.json({ result: { state: "none" } });
    return c.json({ result: { state: "placed", answer: answer.response } });
  });

  app.post("/bets/max-bet-amount", signedIn, async (c) => {
    // The stake does not matter here: a missing amount (or single's amount) counts as 1.
    let raw: unknown;
    try {
      raw = JSON.parse(await c.req.text());
    } catch {
      return apiError(c, 400, "bad_request", "body: expected a JSON document");
    }
    if (raw && typeof raw === "object" && !Array.isArray(raw)) {
      const body = raw as { amount?: unknown; bets?: unknown };
      raw = {
        ...body,
        amount: body.amount ?? 1,
        bets: Array.isArray(body.bets) ? body.bets.map((b: unknown) => (b && typeof b === "object" ? { amount: 1, ...b } : b)) : body.bets,
      };
    }
    const parsed = await readCoupon(JSON.stringify(raw), couponSchema);
    if (!parsed.ok) return apiError(c, parsed.status, parsed.code, parsed.message);
    const result = await maxBetAmount(db, c.var.user.id, parsed.input, disallowedSportsOf(c.var.user));
    if (!result.ok) return refused(c, result.refusal);
    return c.json({ result: { maxBetAmount: result.maxBetAmount, minBetAmount: result.minBetAmount, available: result.available } });
  });

  app.get("/bets/coupons/:couponId", signedIn, async (c) => {
    const params = parseParams(c, z.object({ couponId: z.string().regex(/^\d{1,15}$/, "digits only").transform(Number) }));
    if (!params.ok) return params.response;
    await decideCoupon(db, params.data.couponId);
    // Someone else's coupon is answered as missing.
    const coupon = await bettorCoupon(db, c.var.user.id, params.data.couponId);
    if (!coupon) return apiError(c, 404, "not_found", "No such coupon");
    return c.json({ result: couponJson(coupon) });
  });

  app.get("/bets/coupons", signedIn, async (c) => {
    const q = parseQuery(c, historyQuery);
    if (!q.ok) return q.response;
    const { total, coupons } = await couponHistory(db, c.var.user.id, q.data);
    return c.json({ result: { total, page: q.data.page, pageSize: q.data.pageSize, coupons: coupons.map(couponJson) } });
  });

  return app;
}
