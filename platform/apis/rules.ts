import { Hono } from "hono";
import { z } from "zod";
import type { Db } from "../db/index.ts";
import { RULES_FALLBACK_LANG, loadRulesGroup } from "../domain/rules-content.ts";
import { apiError, parseParams, parseQuery } from "./http.ts";


const params = z.object({ group: z.coerce.number().int().min(1).max(1_000_000) });
const query = z.object({ lang: z.string().regex(/^[a-z]{2}$/, "lang must be two lower-case letters").optional() });

/** /bff-api/rules: the rules pages' text (feature route 47), one group at a time. */
export function rulesApi(db: Db) {
  const app = new Hono();

  app.get("/:group", async (c) => {
    const p = parseParams(c, params);
    if (!p.ok) return p.response;
    const q = parseQuery(c, query);
    if (!q.ok) return q.response;
    const group = await loadRulesGroup(db, p.data.group, q.data.lang ?? RULES_FALLBACK_LANG);
    if (!group) return apiError(c, 404, "not_found", `No rules group ${p.data.group}`);
    return c.json(group);
  });

  return app;
}
