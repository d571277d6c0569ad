import { Hono } from "hono";
import { z } from "zod";
import type { Db } from "../db/index.ts";
import { type RedirectAnswer, resolveRuleSet } from "../domain/redirects.ts";
import type { RuleCache } from "../domain/rule-cache.ts";
import { parseJsonBody, requestUrl } from "./http.ts";

const body = z.object({ url: requestUrl });

/**
 * The redirect-light answer for a path and query, under the live rules. The ops console's
 * "try a URL" calls this very function, so the two can never answer differently.
 */
export async function redirectLight(db: Db, cache: RuleCache, pathAndQuery: string): Promise<RedirectAnswer> {
  return resolveRuleSet(await cache.redirects.get(db), pathAndQuery);
}

/** /redirects-api: where a requested URL should send the visitor (SPEC §7). */
export function redirectsApi(db: Db, cache: RuleCache) {
  const app = new Hono();

  app.post("/api/v1/redirect-light", async (c) => {
    const parsed = await parseJsonBody(c, body);
    if (!parsed.ok) return parsed.response;
    return c.json(await redirectLight(db, cache, parsed.data.url));
  });

  return app;
}
