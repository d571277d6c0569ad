import { Hono } from "hono";
import { z } from "zod";
import type { Db } from "../db/index.ts";
import { resolveChain } from "../domain/redirects.ts";
import { parseJsonBody, requestUrl } from "./http.ts";

const body = z.object({ url: requestUrl });

/** /redirects-api: where a requested URL should send the visitor (SPEC §7). */
export function redirectsApi(db: Db) {
  const app = new Hono();

  app.post("/api/v1/redirect-light", async (c) => {
    const parsed = await parseJsonBody(c, body);
    if (!parsed.ok) return parsed.response;
    const rules = await db
      .selectFrom("redirect_rule")
      .select(["id", "source", "target", "code", "languages", "priority", "active"])
      .where("active", "=", true)
      .execute();
    return c.json(resolveChain(rules, parsed.data.url));
  });

  return app;
}
