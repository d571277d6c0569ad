import { Hono } from "hono";
import type { Db } from "../db/index.ts";
import { sessionUser } from "./auth.ts";

/** Session calls of /web-api. Neither answers 401, so guests poll cheaply. */
export function sessionApi(db: Db) {
  const app = new Hono();

  // SPEC §7: called once when the visitor has no session yet; the answer is not JSON.
  app.get("/session", (c) => c.text("ok"));

  // Which user the bearer token (a session or an access token) belongs to.
  app.get("/session/check", async (c) => {
    const user = await sessionUser(db, c);
    return c.json({ userId: user?.id ?? null });
  });

  return app;
}
