import { Hono } from "hono";
import { z } from "zod";
import type { Db } from "../db/index.ts";
import { apiError, parseParams, parseQuery } from "./http.ts";

/** The language every rules text exists in; others fall back to it. */
export const RULES_FALLBACK_LANG = "en";

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
    const wanted = q.data.lang ?? RULES_FALLBACK_LANG;
    const langs = [...new Set([wanted, RULES_FALLBACK_LANG])];

    const [chapters, groups] = await Promise.all([
      db
        .selectFrom("rules_chapter")
        .select(["lang", "chapter_id", "group_title", "title", "body"])
        .where("group_id", "=", p.data.group)
        .where("lang", "in", langs)
        .orderBy("chapter_id")
        .execute(),
      db.selectFrom("rules_chapter").select(["group_id", "lang", "group_title"]).distinct().where("lang", "in", langs).orderBy("group_id").execute(),
    ]);
    // The whole group comes in one language, so a half-translated group never mixes two.
    const lang = chapters.some((ch) => ch.lang === wanted) ? wanted : RULES_FALLBACK_LANG;
    const own = chapters.filter((ch) => ch.lang === lang);
    if (own.length === 0) return apiError(c, 404, "not_found", `No rules group ${p.data.group}`);

    const titles = new Map<number, string>();
    for (const g of groups) {
      if (g.lang === wanted || !titles.has(g.group_id)) titles.set(g.group_id, g.group_title);
    }
    return c.json({
      group: p.data.group,
      lang,
      title: own[0]!.group_title,
      chapters: own.map((ch) => ({ id: ch.chapter_id, title: ch.title, body: ch.body })),
      groups: [...titles].map(([id, title]) => ({ id, title })),
    });
  });

  return app;
}
