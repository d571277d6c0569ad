import { Hono } from "hono";
import type { Db } from "../db/index.ts";
import { sessionUser } from "./auth.ts";

/** Session check of /web-api: who the bearer token belongs to; never 401, so guests poll cheaply. */
export function sessionApi(db: Db) {
  const app = new Hono();

  app.get("/session/check", async (c) => {
    const user = await sessionUser(db, c);
    return c.json({ userId: user?.id ?? null });
  });

  return app;
}
