import { Hono } from "hono";
import type { Readiness } from "../readiness.ts";

/**
 * GET /ready: 200 `{ ready: true }` when the platform can serve bets and feeds, else 503 with
 * what is missing. Process starters and balancers wait for it; /health stays the liveness check.
 */
export function readyApi(readiness: Readiness) {
  return new Hono().get("/", async (c) => {
    const missing = await readiness.missing();
    // Never cached: it is asked to learn the state now.
    c.header("Cache-Control", "no-store");
    return missing.length ? c.json({ ready: false, missing }, 503) : c.json({ ready: true });
  });
}
