import { describe, expect, it } from "vitest";
import { databases } from "../support/stack";
import { platformStack } from "../support/suite";

interface RulesAnswer {
  group: number;
  lang: string;
  title: string;
  chapters: Array<{ id: number; title: string; body: string }>;
  groups: Array<{ id: number; title: string }>;
}

describe.each(databases)("platform rules content on %s", (db) => {
  const stack = platformStack(db, { platformEnv: { PLATFORM_TEST_HOOKS: "1" } });

  const get = (path: string) => fetch(`${stack.platformUrl}${path}`);
  const rules = async (path: string) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    return (await res.json()) as RulesAnswer;
  };

  it.each([
    [1, "General rules"],
    [2, "Sports betting rules"],
    [3, "Casino rules"],
  ])("serves group %i (%s) in English with 3-4 chapters of real text", async (group, title) => {
    const answer = await rules(`/bff-api/rules/${group}?lang=en`);
    expect(answer).toMatchObject({ group, lang: "en", title });
    expect(answer.chapters.length).toBeGreaterThanOrEqual(3);
    expect(answer.chapters.length).toBeLessThanOrEqual(4);
    expect(answer.chapters.map((c) => c.id)).toEqual(answer.chapters.map((_, i) => i + 1));
    for (const chapter of answer.chapters) {
      expect(chapter.title.length).toBeGreaterThan(3);
      expect(chapter.body.length).toBeGreaterThan(150);
    }
    expect(answer.groups).toEqual([
      { id: 1, title: "General rules" },
      { id: 2, title: "Sports betting rules" },
      { id: 3, title: "Casino rules" },
    ]);
  });

  it("serves Russian text and Russian group titles", async () => {
    const answer = await rules("/bff-api/rules/2?lang=ru");
    expect(answer).toMatchObject({ group: 2, lang: "ru", title: "Правила ставок на спорт" });
    expect(answer.chapters[0]?.body).toMatch(/[а-яё]/i);
    expect(answer.groups.map((g) => g.title)).toEqual(["Общие правила", "Правила ставок на спорт", "Правила казино"]);
    const en = await rules("/bff-api/rules/2?lang=en");
    expect(answer.chapters.map((c) => c.id)).toEqual(en.chapters.map((c) => c.id));
  });

  it("falls back to English for other languages and says so", async () => {
    const de = await rules("/bff-api/rules/3?lang=de");
    expect(de).toMatchObject({ group: 3, lang: "en", title: "Casino rules" });
    expect(de.groups[0]).toEqual({ id: 1, title: "General rules" });
    expect((await rules("/bff-api/rules/1")).lang).toBe("en");
  });

  it("answers 404 for a group that does not exist", async () => {
    for (const path of ["/bff-api/rules/9?lang=ru", "/bff-api/rules/4"]) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe("not_found");
    }
  });

  it("refuses a malformed group or language with 400", async () => {
    for (const path of ["/bff-api/rules/abc?lang=en", "/bff-api/rules/0", "/bff-api/rules/1.5", "/bff-api/rules/1?lang=english", "/bff-api/rules/1?lang=EN"]) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect((await res.json()).error.code).toBe("bad_request");
    }
  });
});
