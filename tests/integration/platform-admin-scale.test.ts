import { beforeAll, describe, expect, it } from "vitest";
import { demoRedirectRules } from "../../platform/seed/redirects-blocks";
import { type AdminClient, bulkRedirectRules, opsSignIn, redirectLight as redirectLightAt } from "../support/ops";
import { databases } from "../support/stack";
import { platformStack } from "../support/suite";

// Thousands of redirect rules: the console's paging and search, saving beside them, and
// redirect-light, which serves them from the compiled set instead of reading them per request.
// What these cost in time is measured by bench/redirect-rules.bench.ts (`npm run bench`), not here.
const BULK = 2000;
/** The seeded legacy redirects (platform/seed/redirects-blocks.ts). */
const SEEDED = demoRedirectRules.length;

describe.each(databases)(`platform admin API with ${BULK} rules on %s`, (db) => {
  const stack = platformStack(db);
  let admin: AdminClient;

  beforeAll(async () => {
    ({ admin } = await opsSignIn(stack.platformUrl, { login: "ops.bulk" }, ["ops"]));
    const rules = bulkRedirectRules(BULK);
    const res = await admin("POST", "/redirect-rules/import", { rules, mode: "append" });
    expect(res, JSON.stringify(res.body).slice(0, 500)).toEqual({ status: 200, body: { imported: BULK } });
  });

  const redirectLight = (url: string) => redirectLightAt(stack.platformUrl, url);

  it("pages through every rule, each once, by priority then id", async () => {
    const seen: Array<{ id: number; priority: number }> = [];
    let total = 0;
    for (let page = 1; ; page++) {
      const res = await admin("GET", `/redirect-rules?page=${page}&pageSize=200`);
      expect(res.status).toBe(200);
      total = res.body.total;
      if (!res.body.items.length) break;
      seen.push(...res.body.items);
    }
    expect(total).toBe(BULK + SEEDED);
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((r) => r.id)).size).toBe(total);
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [seen[i - 1]!, seen[i]!];
      expect(a.priority > b.priority || (a.priority === b.priority && a.id < b.id), `rows ${i - 1} and ${i}`).toBe(true);
    }
  });

  it("searches and filters across them", async () => {
    const batch = await admin("GET", "/redirect-rules?q=BATCH 7&pageSize=200");
    expect(batch.body.total).toBe(BULK / 20);
    expect(batch.body.items.every((r: { note: string }) => r.note === "batch 7")).toBe(true);
    const off = await admin("GET", "/redirect-rules?active=false&pageSize=1");
    expect(off.body.total).toBe(Math.ceil(BULK / 13));
    const code = await admin("GET", "/redirect-rules?code=308&source=/bulk/&pageSize=1");
    expect(code.body.total).toBe(BULK / 4);
    const one = await admin("GET", "/redirect-rules?source=/bulk/1234");
    expect(one.body.items.map((r: { target: string }) => r.target)).toEqual(["/landing/1234"]);
  });

  it("answers redirect-light correctly with all of them live", async () => {
    expect(await redirectLight("/en/bulk/1234?x=1")).toMatchObject({ redirect: true, code: 307, url: "/en/landing/1234?x=1" });
    expect(await redirectLight("/bulk/1230/summer")).toMatchObject({ redirect: true, url: "/landing/1230/summer" });
    expect((await redirectLight("/bulk/1300")).redirect).toBe(false);
    for (let i = 0; i < 200; i++) {
      const n = (i * 37) % BULK;
      const answer = await redirectLight(n % 10 === 0 ? `/ru/bulk/${n}/x` : `/ru/bulk/${n}`);
      expect(answer.redirect, `/bulk/${n}`).toBe(n % 13 !== 0);
    }
  });

  it("saves a rule beside them, with its warnings, and it is live at once", async () => {
    const res = await admin("POST", "/redirect-rules", { source: "/bulk/:n", target: "/bulk-landing/:n", code: 302, priority: 100 });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
    expect(res.body.warnings.length).toBe(100);
    // The first 100 it hides, in the order they are tried (a long list helps no one).
    expect(res.body.warnings.every((w: { kind: string; source: string }) => w.kind === "shadows" && /^\/bulk\/\d+$/.test(w.source))).toBe(true);
    expect(await redirectLight("/bulk/1234")).toMatchObject({ code: 302, url: "/bulk-landing/1234" });
    const loop = await admin("POST", "/redirect-rules", { source: "/bulk-landing/:n", target: "/bulk/:n", code: 301 });
    expect(loop.body.error).toMatchObject({ code: "loop", loop: ["/bulk-landing/:n", "/bulk/:n", "/bulk-landing/:n"] });
    expect((await admin("DELETE", `/redirect-rules/${res.body.rule.id}`)).status).toBe(200);
    expect(await redirectLight("/bulk/1234")).toMatchObject({ code: 307, url: "/landing/1234" });
  });

  it("exports them all", async () => {
    const res = await admin("GET", "/redirect-rules/export");
    expect(res.body.rules).toHaveLength(BULK + SEEDED);
  });
});
