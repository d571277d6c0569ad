import { Hono } from "hono";
import { z } from "zod";
import type { Db } from "../db/index.ts";
import { couponJson } from "../domain/bets.ts";
import { correctGameResult, settledByPlaces } from "../domain/settlement.ts";
import { decideVipCoupon, vipCouponsAwaiting } from "../domain/vip-bets.ts";
import { type AuthEnv, requireOps } from "./auth.ts";
import { apiError, parseJsonBody, parseParams, parseQuery } from "./http.ts";

const goals = z.number().int().min(0).max(1000);
const resultBody = z.object({ home: goals, away: goals, scores: z.array(z.tuple([goals, goals])).min(1).max(20).optional() });

const couponParams = z.object({ couponId: z.string().regex(/^\d{1,15}$/, "digits only").transform(Number) });
const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1), pageSize: z.coerce.number().int().min(1).max(100).default(25) });

/**
 * Ops work on bets (/admin-api/v1/bets, ops role): a finished game's corrected score, resettled
 * with reversing transfers (decision 019); VIP coupons approved or rejected (decision 035).
 * Every change is audited.
 */
const actorOf = (user: { id: number; login: string | null; email: string | null }) => ({ userId: user.id, name: user.login ?? user.email ?? `user #${user.id}` });

export function betsAdminApi(db: Db) {
  const app = new Hono<AuthEnv>();
  app.use("*", requireOps(db));
  app.post("/games/:gameId/result", async (c) => {
    const params = parseParams(c, z.object({ gameId: z.string().regex(/^\d{1,10}$/, "digits only").transform(Number) }));
    if (!params.ok) return params.response;
    const body = await parseJsonBody(c, resultBody);
    if (!body.ok) return body.response;
    // A race or an outright is settled by its places, which no score can correct (decisions 040, 041).
    if (await settledByPlaces(db, params.data.gameId)) return apiError(c, 409, "settled_by_places", "This game is settled by its finishing order, not by a score");
    const report = await correctGameResult(db, params.data.gameId, body.data, actorOf(c.var.user));
    if (!report) return apiError(c, 404, "not_found", "No finished game with this id");
    return c.json({ result: report });
  });

  app.get("/vip-coupons", async (c) => {
    const q = parseQuery(c, pageQuery);
    if (!q.ok) return q.response;
    const page = await vipCouponsAwaiting(db, q.data);
    return c.json({ ...page, items: page.items.map((v) => ({ ...couponJson(v), userId: v.userId, bettor: v.bettor })) });
  });

  for (const decision of ["approve", "reject"] as const) {
    app.post(`/vip-coupons/:couponId/${decision}`, async (c) => {
      const params = parseParams(c, couponParams);
      if (!params.ok) return params.response;
      const result = await decideVipCoupon(db, params.data.couponId, decision, actorOf(c.var.user));
      if (!result.ok) return apiError(c, result.status, result.code, result.message, result.extra);
      return c.json({ result: couponJson(result.coupon) });
    });
  }
  return app;
}
