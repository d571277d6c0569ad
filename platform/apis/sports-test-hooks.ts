import { Hono } from "hono";
import { z } from "zod";
import type { SportsService } from "../domain/sports/service.ts";
import { StateError } from "../domain/sports/simulator.ts";
import { gameView } from "../domain/sports/views.ts";
import { apiError, parseJsonBody, parseParams } from "./http.ts";

/**
 * /__test/sports: drive the live simulator from tests (pause, advance the clock, make a game of
 * their own, force a goal, set a game's state or a market's prices). Mounted only with PLATFORM_TEST_HOOKS=1; each hook needs this process to be
 * the simulator's leader (409 not_leader otherwise).
 */

const idParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const score = z.tuple([z.number().int().min(0).max(1000), z.number().int().min(0).max(1000)]);

export function sportsTestHooksApi(sports: SportsService) {
  const api = new Hono();
  const leader = () => sports.simulator();
  const notLeader = (c: Parameters<typeof apiError>[0]) => apiError(c, 409, "not_leader", "This platform process does not run the simulator");

  api.get("/status", (c) => {
    const sim = leader();
    let live = 0;
    let line = 0;
    for (const g of sports.store.games.values()) {
      if (g.status === 1) line++;
      else if (g.status === 2 || g.status === 3) live++;
    }
    return c.json({ leader: sim !== null, paused: sim?.paused ?? null, clockMs: sim?.clockMs ?? null, version: sports.store.version, live, line, pid: process.pid });
  });

  api.post("/pause", async (c) => {
    const sim = leader();
    if (!sim) return notLeader(c);
    await sim.setPaused(true);
    return c.json({ paused: true, clockMs: sim.clockMs });
  });

  api.post("/resume", async (c) => {
    const sim = leader();
    if (!sim) return notLeader(c);
    await sim.setPaused(false);
    return c.json({ paused: false, clockMs: sim.clockMs });
  });

  api.post("/advance", async (c) => {
    const sim = leader();
    if (!sim) return notLeader(c);
    const body = await parseJsonBody(c, z.object({ seconds: z.number().min(0).max(86_400) }));
    if (!body.ok) return body.response;
    const result = await sim.advance(body.data.seconds);
    return c.json({ ...result, clockMs: sim.clockMs });
  });

  api.post("/games", async (c) => {
    const sim = leader();
    if (!sim) return notLeader(c);
    const body = await parseJsonBody(
      c,
      z.object({
        sportId: z.number().int().min(1).max(10_000),
        champId: z.number().int().min(1).max(2_147_483_647).optional(),
        startInSec: z.number().int().min(60).max(30 * 86_400).default(3_600),
      }),
    );
    if (!body.ok) return body.response;
    try {
      const game = await sim.createGame(body.data);
      return c.json({ game: gameView(sports.store, game, "all") }, 201);
    } catch (error) {
      if (error instanceof StateError) return apiError(c, 409, "bad_state", error.message);
      throw error;
    }
  });

  api.post("/markets/:id", async (c) => {
    const sim = leader();
    if (!sim) return notLeader(c);
    const p = parseParams(c, idParam);
    if (!p.ok) return p.response;
    const body = await parseJsonBody(c, z.object({ coefs: z.array(z.number().int().min(101).max(100_000)).min(1).max(64).optional(), blocked: z.boolean().optional() }));
    if (!body.ok) return body.response;
    try {
      const found = await sim.setMarket(p.data.id, body.data);
      if (!found) return apiError(c, 404, "not_found", "No such open market");
      return c.json({ game: gameView(sports.store, found.game, "all") });
    } catch (error) {
      if (error instanceof StateError) return apiError(c, 409, "bad_state", error.message);
      throw error;
    }
  });

  api.post("/games/:id/goal", async (c) => {
    const sim = leader();
    if (!sim) return notLeader(c);
    const p = parseParams(c, idParam);
    if (!p.ok) return p.response;
    const body = await parseJsonBody(c, z.object({ side: z.enum(["home", "away"]) }));
    if (!body.ok) return body.response;
    try {
      const game = await sim.forceGoal(p.data.id, body.data.side === "home" ? 1 : 2);
      if (!game) return apiError(c, 404, "not_found", "No such open game");
      return c.json({ game: gameView(sports.store, game, "all") });
    } catch (error) {
      if (error instanceof StateError) return apiError(c, 409, "bad_state", error.message);
      throw error;
    }
  });

  api.post("/games/:id/state", async (c) => {
    const sim = leader();
    if (!sim) return notLeader(c);
    const p = parseParams(c, idParam);
    if (!p.ok) return p.response;
    const body = await parseJsonBody(
      c,
      z.object({
        status: z.union([z.literal(2), z.literal(4), z.literal(5)]).optional(),
        gameTimeSec: z.number().int().min(0).max(86_400).optional(),
        scores: z.array(score).max(20).optional(),
      }),
    );
    if (!body.ok) return body.response;
    try {
      const game = await sim.setState(p.data.id, body.data);
      if (!game) return apiError(c, 404, "not_found", "No such open game");
      return c.json({ game: gameView(sports.store, game, "all") });
    } catch (error) {
      if (error instanceof StateError) return apiError(c, 409, "bad_state", error.message);
      throw error;
    }
  });

  // Plays out a championship's season: every open match of it finishes 0-0 (settling as usual),
  // so a test can reach the end of a season (outrights) without thousands of calls.
  api.post("/championships/:id/finish", async (c) => {
    const sim = leader();
    if (!sim) return notLeader(c);
    const p = parseParams(c, idParam);
    if (!p.ok) return p.response;
    return c.json({ finished: await sim.finishChampionship(p.data.id) });
  });

  return api;
}
