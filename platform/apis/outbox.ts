import { Hono } from "hono";
import { z } from "zod";
import type { Db } from "../db/index.ts";
import { listOutbox } from "../domain/outbox.ts";
import { parseQuery } from "./http.ts";

const outboxQuery = z.object({
  to: z
    .string()
    .trim()
    .min(1)
    .max(200)
    // A "+" left unencoded in a query string arrives as a space (trimmed away): put it back.
    .transform((v) => (v.includes("@") ? v.toLowerCase() : /^\d+$/.test(v) ? `+${v}` : v))
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});

/** /__dev/outbox: what the fake SMS and e-mail senders sent, newest first (never in production). */
export function devOutboxApi(db: Db) {
  const app = new Hono();

  app.get("/outbox", async (c) => {
    const q = parseQuery(c, outboxQuery);
    if (!q.ok) return q.response;
    return c.json({ messages: await listOutbox(db, q.data) });
  });

  return app;
}
