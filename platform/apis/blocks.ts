import { Hono } from "hono";
import { z } from "zod";
import type { Db } from "../db/index.ts";
import { firstBlock } from "../domain/blocks.ts";
import type { RuleCache } from "../domain/rule-cache.ts";
import { parseHeaders, parseJsonBody, requestUrl } from "./http.ts";

const body = z.object({
  isAuth: z.boolean(),
  url: requestUrl.transform((pathAndQuery) => pathAndQuery.split("?")[0] ?? "/"),
});

// An unusable country counts as unknown rather than bad input: CDNs send "XX" or "T1" (Tor)
// for visitors they cannot place, and a 400 here would show them the maintenance page.
const headers = z.object({
  "x-country-code": z
    .string()
    .optional()
    .transform((v) => {
      const code = v?.trim().toUpperCase();
      return code && /^[A-Z]{2}$/.test(code) ? code : null;
    }),
  // Bounded so an oversized header cannot make user-agent expressions slow.
  "x-client-user-agent": z
    .string()
    .optional()
    .transform((v) => (v ?? "").slice(0, 1024)),
});

/** /blocks-api: whether this visitor gets a block page, and which (SPEC §4, §7). */
export function blocksApi(db: Db, cache: RuleCache) {
  const app = new Hono();

  app.post("/api/v2/block", async (c) => {
    const head = parseHeaders(c, headers);
    if (!head.ok) return head.response;
    const parsed = await parseJsonBody(c, body);
    if (!parsed.ok) return parsed.response;
    return c.json(
      firstBlock(await cache.blocks.get(db), {
        isAuth: parsed.data.isAuth,
        country: head.data["x-country-code"],
        userAgent: head.data["x-client-user-agent"],
        path: parsed.data.url,
      }),
    );
  });

  return app;
}
