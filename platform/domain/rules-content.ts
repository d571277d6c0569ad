import type { Db } from "../db/index.ts";

/** The language every rules text exists in; others fall back to it. */
export const RULES_FALLBACK_LANG = "en";

/**
 * One rules group in the wanted language, else in the fallback language, with the titles of
 * every group for the navigation; null when the group does not exist.
 */
export async function loadRulesGroup(db: Db, group: number, wanted: string) {
  const langs = [...new Set([wanted, RULES_FALLBACK_LANG])];
  const [chapters, groups] = await Promise.all([
    db
      .selectFrom("rules_chapter")
      .select(["lang", "chapter_id", "group_title", "title", "body"])
      .where("group_id", "=", group)
      .where("lang", "in", langs)
      .orderBy("chapter_id")
      .execute(),
    db.selectFrom("rules_chapter").select(["group_id", "lang", "group_title"]).distinct().where("lang", "in", langs).orderBy("group_id").execute(),
  ]);
  // The whole group comes in one language, so a half-translated group never mixes two.
  const lang = chapters.some((ch) => ch.lang === wanted) ? wanted : RULES_FALLBACK_LANG;
  const own = chapters.filter((ch) => ch.lang === lang);
  if (own.length === 0) return null;

  const titles = new Map<number, string>();
  for (const g of groups) {
    if (g.lang === wanted || !titles.has(g.group_id)) titles.set(g.group_id, g.group_title);
  }
  return {
    group,
    lang,
    title: own[0]!.group_title,
    chapters: own.map((ch) => ({ id: ch.chapter_id, title: ch.title, body: ch.body })),
    groups: [...titles].map(([id, title]) => ({ id, title })),
  };
}
