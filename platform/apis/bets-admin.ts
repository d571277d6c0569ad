import { Hono } from "hono";
import { z } from "zod";
import type { Db } from "../db/index.ts";
import { correctGameResult } from "../domain/settlement.ts";
import { type AuthEnv, requireOps } from "./auth.ts";
import { apiError, parseJsonBody, parseParams } from "./http.ts";

const goals = z.number().int().min(0).max(1000);
const resultBody = z.object({ home: goals, away: goals, scores: z.array(z.tuple([goals, goals])).min(1).max(20).optional() });

/**
 * Ops corrections of bets (/admin-api/v1/bets, ops role): a finished game's corrected score,
 * resettled with reversing transfers and audited (decision 019).
 */
export function betsAdminApi(db: Db) {
  const app = new Hono<AuthEnv>();
  app.use("*", requireOps(db));
  app.post("/games/:gameId/result", async (c) => {
    const params = parseParams(c, z.object({ gameId: z.string().regex(/^\d{1,10}$/, "digits only").transform(Number) }));
    if (!params.ok) return params.response;
    const body = await parseJsonBody(c, resultBody);
    if (!body.ok) return body.response;
    const user = c.var.user;
    const actor = { userId: user.id, name: user.login ?? user.email ?? `user #${user.id}` };
    const report = await correctGameResult(db, params.data.gameId, body.data, actor);
    if (!report) return apiError(c, 404, "not_found", "No finished game with this id");
    return c.json({ result: report });
  });
  return app;
}
