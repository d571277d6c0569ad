import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hooks } from "../support/hooks";
import { redirectLight as redirectLightAt } from "../support/ops";
import { databases } from "../support/stack";
import { platformStack } from "../support/suite";

// The ops console's admin API, redirect-rule half: access, CRUD, validation, try-a-URL,
// import/export, audit, rate limit and the config version.
describe.each(databases)("platform admin API: redirect rules on %s", (db) => {
  const stack = platformStack(db);
  let ops: string;
  let player: string;

  beforeAll(async () => {
    const h = hooks(stack.platformUrl);
    ops = (await h.createUser({ login: "ops.anna", roles: ["player", "ops"] })).token;
    player = (await h.createUser({ login: "player.pete" })).token;
  });
  beforeEach(async () => {
    await fetch(`${stack.platformUrl}/__test/rate-limits`, { method: "DELETE" });
  });

  const call = async (token: string | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${stack.platformUrl}/admin-api/v1${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const admin = (method: string, path: string, body?: unknown) => call(ops, method, path, body);
  const version = async () => ((await (await fetch(`${stack.platformUrl}/bff-api/config/version`)).json()) as { version: string }).version;
  const redirectLight = (url: string) => redirectLightAt(stack.platformUrl, url);
  const ruleCount = async () => (await admin("GET", "/redirect-rules?pageSize=1")).body.total as number;
  const create = async (rule: Record<string, unknown>) => {
    const res = await admin("POST", "/redirect-rules", rule);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { rule: { id: number } & Record<string, unknown>; warnings: unknown[] };
  };
  /** Expects a refused write that changed nothing: the same rules, the same config version. */
  const refused = async (method: string, path: string, body: unknown) => {
    const [countBefore, versionBefore] = [await ruleCount(), await version()];
    const res = await admin(method, path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect([await ruleCount(), await version()]).toEqual([countBefore, versionBefore]);
    return res.body.error as { code: string; message: string; field?: string; loop?: string[]; ruleId?: number; rows?: unknown[] };
  };

  describe("access", () => {
    const endpoints: Array<[string, string, unknown?]> = [
      ["GET", "/redirect-rules"],
      ["GET", "/redirect-rules/1"],
      ["POST", "/redirect-rules", { source: "/x", target: "/y", code: 301 }],
      ["PUT", "/redirect-rules/1", { source: "/x", target: "/y", code: 301 }],
      ["PATCH", "/redirect-rules/1", { active: false }],
      ["DELETE", "/redirect-rules/1"],
      ["POST", "/redirect-rules/validate", { source: "/x", target: "/y", code: 301 }],
      ["POST", "/redirect-rules/try", { url: "/vulkan" }],
      ["GET", "/redirect-rules/export"],
      ["POST", "/redirect-rules/import", { rules: [], mode: "replace" }],
      ["GET", "/switches"],
      ["PUT", "/switches/availableRoutes", { value: [] }],
      ["GET", "/block-rules"],
      ["GET", "/block-rules/1"],
      ["POST", "/block-rules", { kind: "country", pattern: "FR", reason: 1 }],
      ["PUT", "/block-rules/1", { kind: "country", pattern: "FR", reason: 1 }],
      ["PATCH", "/block-rules/1", { active: false }],
      ["DELETE", "/block-rules/1"],
      ["GET", "/audit"],
      ["GET", "/no-such-endpoint"],
    ];

    it("answers 401 without a valid token and 403 to a signed-in non-ops user, on every endpoint, changing nothing", async () => {
      const before = [await ruleCount(), await version()];
      for (const [method, path, body] of endpoints) {
        const what = `${method} ${path}`;
        expect((await call(null, method, path, body)).body, what).toEqual({ error: { code: "unauthorized", message: expect.any(String) } });
        expect((await call("not-a-token", method, path, body)).status, what).toBe(401);
        expect((await call("A".repeat(43), method, path, body)).status, what).toBe(401);
        const asPlayer = await call(player, method, path, body);
        expect([asPlayer.status, asPlayer.body.error.code], what).toEqual([403, "forbidden"]);
      }
      expect([await ruleCount(), await version()]).toEqual(before);
    });

    it("takes an access token minted from an ops session, and refuses an expired session", async () => {
      const minted = await fetch(`${stack.platformUrl}/web-api/user/gettoken?force_refresh=true`, { headers: { authorization: `Bearer ${ops}` } });
      const { token } = (await minted.json()) as { token: string };
      expect((await call(token, "GET", "/switches")).status).toBe(200);
      const h = hooks(stack.platformUrl);
      const lapsed = (await h.createUser({ login: "ops.lapsed", roles: ["ops"] })).token;
      await h.expireSession(lapsed);
      expect((await call(lapsed, "GET", "/switches")).status).toBe(401);
    });

    it("answers 404 to ops for a path that does not exist", async () => {
      expect(await admin("GET", "/no-such-endpoint")).toMatchObject({ status: 404, body: { error: { code: "not_found" } } });
    });
  });

  describe("CRUD", () => {
    it("creates, reads, edits, deactivates, activates and deletes a rule, live on redirect-light at once", async () => {
      const { rule, warnings } = await create({ source: "/crud/old", target: "/crud/new", code: 302, note: "Marketing link" });
      expect(warnings).toEqual([]);
      expect(rule).toEqual({
        id: expect.any(Number),
        source: "/crud/old",
        target: "/crud/new",
        code: 302,
        languages: null,
        active: true,
        priority: 0,
        note: "Marketing link",
        created_by: "ops.anna",
        created_at: expect.any(String),
        updated_by: "ops.anna",
        updated_at: expect.any(String),
      });
      expect(await redirectLight("/en/crud/old")).toMatchObject({ redirect: true, code: 302, url: "/en/crud/new" });
      expect((await admin("GET", `/redirect-rules/${rule.id}`)).body).toEqual(rule);

      const edited = await admin("PUT", `/redirect-rules/${rule.id}`, {
        source: "/crud/old",
        target: "/crud/newer",
        code: 308,
        languages: ["en", "de"],
        priority: 3,
        note: "",
      });
      expect(edited.status).toBe(200);
      expect(edited.body.rule).toMatchObject({ id: rule.id, target: "/crud/newer", code: 308, languages: ["en", "de"], priority: 3, created_at: rule.created_at });
      expect(await redirectLight("/en/crud/old")).toMatchObject({ code: 308, url: "/en/crud/newer" });
      expect((await redirectLight("/ru/crud/old")).redirect).toBe(false);

      const off = await admin("PATCH", `/redirect-rules/${rule.id}`, { active: false });
      expect([off.status, off.body.rule.active]).toEqual([200, false]);
      expect((await redirectLight("/en/crud/old")).redirect).toBe(false);
      expect((await admin("PATCH", `/redirect-rules/${rule.id}`, { active: true })).body.rule.active).toBe(true);
      expect((await redirectLight("/en/crud/old")).redirect).toBe(true);

      expect(await admin("DELETE", `/redirect-rules/${rule.id}`)).toEqual({ status: 200, body: { ok: true } });
      expect((await redirectLight("/en/crud/old")).redirect).toBe(false);
      expect((await admin("GET", `/redirect-rules/${rule.id}`)).body.error.code).toBe("not_found");
    });

    it("answers 404 for a rule that does not exist and 400 for an id that is not one", async () => {
      const body = { source: "/nope", target: "/nowhere", code: 301 };
      for (const [method, payload] of [["GET"], ["PUT", body], ["PATCH", { active: true }], ["DELETE"]] as const) {
        expect((await admin(method, "/redirect-rules/999999", payload)).status, method).toBe(404);
      }
      expect((await admin("GET", "/redirect-rules/abc")).status).toBe(400);
      expect((await admin("GET", "/redirect-rules/0")).status).toBe(400);
      expect((await admin("GET", "/redirect-rules/99999999999")).status).toBe(400);
    });

    it("lists with search, filters and paging, by priority then id", async () => {
      const a = (await create({ source: "/list/alpha", target: "/list/one", code: 301, note: "Spring CAMPAIGN", priority: 2 })).rule;
      const b = (await create({ source: "/list/beta", target: "/list/two", code: 302, priority: 2 })).rule;
      const c = (await create({ source: "/list/gamma", target: "/list/three", code: 307, active: false, priority: 9 })).rule;
      const ids = async (query: string) => ((await admin("GET", `/redirect-rules?${query}`)).body.items as Array<{ id: number }>).map((r) => r.id);
      expect(await ids("source=/list/")).toEqual([c.id, a.id, b.id]);
      expect(await ids("q=campaign")).toEqual([a.id]);
      expect(await ids("q=LIST/TWO")).toEqual([b.id]);
      expect(await ids("source=/list/&active=false")).toEqual([c.id]);
      expect(await ids("source=/list/&active=true&code=302")).toEqual([b.id]);
      expect(await ids("target=three")).toEqual([c.id]);
      expect(await ids("q=list_")).toEqual([]);
      expect(await ids("source=/list/&q=&active=&code=")).toEqual([c.id, a.id, b.id]);
      const page2 = await admin("GET", "/redirect-rules?source=/list/&pageSize=2&page=2");
      expect(page2.body).toMatchObject({ total: 3, page: 2, pageSize: 2, items: [{ id: b.id }] });
      for (const bad of ["pageSize=201", "pageSize=0", "page=0", "code=303", "active=yes", "page=x"]) {
        const res = await admin("GET", `/redirect-rules?${bad}`);
        expect([res.status, res.body.error.code], bad).toEqual([400, "bad_request"]);
      }
    });
  });

  describe("validation", () => {
    it("refuses a malformed pattern, saying what is wrong", async () => {
      expect(await refused("POST", "/redirect-rules", { source: "promo", target: "/x", code: 301 })).toMatchObject({
        code: "invalid_pattern",
        field: "source",
        message: expect.stringContaining('must start with a single "/"'),
      });
      expect(await refused("POST", "/redirect-rules", { source: "/a/*rest/b", target: "/x", code: 301 })).toMatchObject({
        code: "invalid_pattern",
        message: expect.stringContaining("last segment"),
      });
      expect(await refused("POST", "/redirect-rules", { source: "/a/:1x", target: "/x", code: 301 })).toMatchObject({ code: "invalid_pattern" });
      expect(await refused("POST", "/redirect-rules", { target: "/x", code: 301 })).toMatchObject({ code: "invalid_pattern", message: "source is required" });
    });

    it("refuses a bad target, a param the source lacks, a bad code, unknown languages and bad fields", async () => {
      expect(await refused("POST", "/redirect-rules", { source: "/a", target: "x/y", code: 301 })).toMatchObject({ code: "invalid_target", field: "target" });
      expect(await refused("POST", "/redirect-rules", { source: "/a", target: "https://", code: 301 })).toMatchObject({ code: "invalid_target" });
      expect(await refused("POST", "/redirect-rules", { source: "/g/:game", target: "/games/:slug", code: 301 })).toMatchObject({
        code: "param_missing",
        field: "target",
        message: expect.stringContaining('"slug"'),
      });
      expect(await refused("POST", "/redirect-rules", { source: "/a", target: "/b", code: 303 })).toMatchObject({ code: "invalid_code", field: "code" });
      expect(await refused("POST", "/redirect-rules", { source: "/a", target: "/b", code: "301" })).toMatchObject({ code: "invalid_code" });
      expect(await refused("POST", "/redirect-rules", { source: "/a", target: "/b", code: 301, languages: ["xx"] })).toMatchObject({
        code: "invalid_language",
        field: "languages",
        message: expect.stringContaining("xx"),
      });
      expect(await refused("POST", "/redirect-rules", { source: "/a", target: "/b", code: 301, languages: [] })).toMatchObject({ code: "invalid_language" });
      expect(await refused("POST", "/redirect-rules", { source: "/a", target: "/b", code: 301, note: "n".repeat(501) })).toMatchObject({
        code: "invalid_value",
        field: "note",
        message: "note is at most 500 characters",
      });
      expect(await refused("POST", "/redirect-rules", { source: "/a", target: "/b", code: 301, priority: 1.5 })).toMatchObject({ code: "invalid_value", field: "priority" });
      expect(await refused("POST", "/redirect-rules", "{not json")).toMatchObject({ code: "bad_request" });
      expect(await refused("POST", "/redirect-rules", [1, 2])).toMatchObject({ code: "bad_request" });
    });

    it("refuses NUL characters, which the database cannot store, as bad input", async () => {
      expect(await refused("POST", "/redirect-rules", { source: "/nul", target: "/x", code: 301, note: "a\u0000b" })).toMatchObject({ code: "bad_request" });
      expect(await refused("PUT", "/switches/urlsToRedirectTo404", { value: ["/a\u0000"] })).toMatchObject({ code: "bad_request" });
      expect(await refused("POST", "/block-rules", { kind: "user_agent", pattern: "a\u0000", reason: 13 })).toMatchObject({ code: "bad_request" });
      expect(await refused("POST", "/redirect-rules/import", { mode: "append", rules: [{ source: "/a", target: "/b", code: 301, note: "\u0000" }] })).toMatchObject({
        code: "bad_request",
      });
      const search = await admin("GET", "/redirect-rules?q=%00");
      expect([search.status, search.body.error.code]).toEqual([400, "bad_request"]);
    });

    it("refuses a change sent as anything but JSON", async () => {
      const res = await call(ops, "POST", "/redirect-rules", "source=/a&target=/b&code=301", { "content-type": "application/x-www-form-urlencoded" });
      expect([res.status, res.body.error.code]).toEqual([415, "unsupported_media_type"]);
    });

    it("refuses an external target until its host is allowed, then redirects there", async () => {
      const rule = { source: "/partner-offer", target: "https://partner.example/landing?src=arena", code: 302 };
      expect(await refused("POST", "/redirect-rules", rule)).toMatchObject({
        code: "target_host_not_allowed",
        field: "target",
        message: expect.stringContaining("partner.example"),
      });
      const allowed = await admin("PUT", "/switches/redirectAllowedHosts", { value: ["partner.example"] });
      expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
      await create(rule);
      expect(await redirectLight("/en/partner-offer")).toMatchObject({ redirect: true, code: 302, url: "https://partner.example/landing?src=arena" });
      expect(await refused("POST", "/redirect-rules", { source: "/other", target: "https://other.example/", code: 302 })).toMatchObject({ code: "target_host_not_allowed" });
    });

    it("refuses a rule that would make a loop, showing the loop", async () => {
      await create({ source: "/loop/b", target: "/loop/c", code: 301 });
      await create({ source: "/loop/c", target: "/loop/a", code: 301 });
      expect(await refused("POST", "/redirect-rules", { source: "/loop/a", target: "/loop/b", code: 301 })).toMatchObject({
        code: "loop",
        loop: ["/loop/a", "/loop/b", "/loop/c", "/loop/a"],
        message: expect.stringContaining("/loop/a -> /loop/b -> /loop/c -> /loop/a"),
      });
      // Through params too, and only when it really loops: a chain is fine.
      await create({ source: "/lpp/y/:id", target: "/lpp/x/:id", code: 301 });
      expect((await refused("POST", "/redirect-rules", { source: "/lpp/x/:id", target: "/lpp/y/:id", code: 301 })).loop).toEqual([
        "/lpp/x/:id",
        "/lpp/y/:id",
        "/lpp/x/:id",
      ]);
      await create({ source: "/lpp/z/:id", target: "/lpp/y/:id", code: 301 });
      // An edit that would close the loop is refused as well.
      const open = (await create({ source: "/loop/d", target: "/loop/e", code: 301 })).rule;
      expect(await refused("PUT", `/redirect-rules/${open.id}`, { source: "/loop/a", target: "/loop/b", code: 301 })).toMatchObject({
        code: "loop",
        loop: ["/loop/a", "/loop/b", "/loop/c", "/loop/a"],
      });
    });

    it("checks concurrent saves one after the other, so the two halves of a loop cannot both pass", async () => {
      for (let round = 0; round < 5; round++) {
        const answers = await Promise.all([
          admin("POST", "/redirect-rules", { source: `/race${round}/a`, target: `/race${round}/b`, code: 301 }),
          admin("POST", "/redirect-rules", { source: `/race${round}/b`, target: `/race${round}/a`, code: 301 }),
        ]);
        expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
        expect(answers.find((a) => a.status === 400)?.body.error.code).toBe("loop");
        expect((await redirectLight(`/race${round}/a`)).reasons).not.toContain("loop");
      }
    });

    it("refuses a second active rule with the same source and overlapping languages, naming it", async () => {
      const first = (await create({ source: "/dup/:slug", target: "/dup-target/:slug", code: 301, languages: ["en", "de"] })).rule;
      expect(await refused("POST", "/redirect-rules", { source: "/dup/:other", target: "/elsewhere", code: 301, languages: ["de"] })).toMatchObject({
        code: "duplicate_source",
        field: "source",
        ruleId: first.id,
        message: expect.stringContaining(`#${first.id}`),
      });
      // Other languages, or switched off, it may exist.
      await create({ source: "/dup/:slug", target: "/dup-ru/:slug", code: 301, languages: ["ru"] });
      await create({ source: "/dup/:slug", target: "/dup-off/:slug", code: 301, active: false });
    });

    it("warns when a rule shadows another or is shadowed by one, and saves it anyway", async () => {
      const literal = (await create({ source: "/promo/summer", target: "/summer-sale", code: 302 })).rule;
      const general = await create({ source: "/promo/:slug", target: "/offers/:slug", code: 302, priority: 10 });
      expect(general.warnings).toEqual([{ kind: "shadows", ruleId: literal.id, source: "/promo/summer" }]);
      const later = await create({ source: "/promo/winter", target: "/winter-sale", code: 302 });
      expect(later.warnings).toEqual([{ kind: "shadowed_by", ruleId: general.rule.id, source: "/promo/:slug" }]);
      expect(await redirectLight("/promo/winter")).toMatchObject({ url: "/offers/winter" });
    });

    it("validates without writing: every error, the warnings, and editing a rule is no duplicate of itself", async () => {
      const before = [await ruleCount(), await version()];
      const target = (await create({ source: "/val/target", target: "/val/end", code: 301 })).rule;
      const versionAfterCreate = await version();
      const ok = await admin("POST", "/redirect-rules/validate", { source: "/val/:x", target: "/val-end", code: 301, priority: 5 });
      expect(ok).toEqual({ status: 200, body: { ok: true, errors: [], warnings: [{ kind: "shadows", ruleId: target.id, source: "/val/target" }] } });
      const bad = await admin("POST", "/redirect-rules/validate", { source: "/val/target", target: "/val/target", code: 301 });
      expect(bad.status).toBe(200);
      expect(bad.body.ok).toBe(false);
      // The older rule is tried first, so the copy's self-loop is never reached: only the duplicate counts.
      expect(bad.body.errors.map((e: { code: string }) => e.code)).toEqual(["duplicate_source"]);
      const selfLoop = await admin("POST", "/redirect-rules/validate", { source: "/val/self", target: "/val/self", code: 301 });
      expect(selfLoop.body).toMatchObject({ ok: false, errors: [{ code: "loop", loop: ["/val/self", "/val/self"] }] });
      const self = await admin("POST", "/redirect-rules/validate", { id: target.id, source: "/val/target", target: "/val/other", code: 301 });
      expect(self.body).toEqual({ ok: true, errors: [], warnings: [] });
      const fields = await admin("POST", "/redirect-rules/validate", { source: "", target: 5, code: 999 });
      expect(fields.body.errors.map((e: { code: string }) => e.code)).toEqual(["invalid_target"]);
      expect((await admin("POST", "/redirect-rules/validate", { id: 999999, source: "/v", target: "/w", code: 301 })).status).toBe(404);
      expect(await version()).toBe(versionAfterCreate);
      expect((await ruleCount()) - (before[0] as number)).toBe(1);
    });

    it("refuses to delete or switch off a rule when the rule it hid would then loop", async () => {
      // "/hid/a" is caught by the high rule; under it, the general rule and the way back would loop.
      const high = (await create({ source: "/hid/a", target: "/hid/b", code: 301, priority: 50 })).rule;
      await create({ source: "/hid/:x", target: "/hid-c/:x", code: 301 });
      await create({ source: "/hid-c/a", target: "/hid/a", code: 301 });
      expect(await refused("DELETE", `/redirect-rules/${high.id}`, undefined)).toMatchObject({
        code: "loop",
        loop: ["/hid/a", "/hid-c/a", "/hid/a"],
        message: expect.stringContaining(`removing rule #${high.id}`),
      });
      expect((await refused("PATCH", `/redirect-rules/${high.id}`, { active: false })).code).toBe("loop");
    });
  });

  describe("try a URL", () => {
    it("answers exactly what redirect-light answers, chains, loops and misses included", async () => {
      const h = hooks(stack.platformUrl);
      await create({ source: "/try/a/:id", target: "/try/b/:id", code: 307 });
      await create({ source: "/try/b/:id", target: "/try/c/:id?from=b", code: 301 });
      // A loop can only come from outside the console (the test hooks skip its checks).
      const loop1 = await h.addRedirectRule({ source: "/try/loop1", target: "/try/loop2", code: 301 });
      const loop2 = await h.addRedirectRule({ source: "/try/loop2", target: "/try/loop1", code: 301 });
      for (const url of ["/ru/try/a/7?utm=x", "/try/loop1", "/vulkan", "https://arena.example/en/vulkan?a=1", "/not/redirected", "/user/action.php?action=activate&code=1"]) {
        const tried = await admin("POST", "/redirect-rules/try", { url });
        expect(tried.status).toBe(200);
        expect(tried.body, url).toEqual(await redirectLight(url));
      }
      expect((await admin("POST", "/redirect-rules/try", { url: "/ru/try/a/7" })).body).toMatchObject({
        redirect: true,
        code: 307,
        url: "/ru/try/c/7?from=b",
        breadcrumbs: ["/ru/try/a/7", "/ru/try/b/7", "/ru/try/c/7?from=b"],
      });
      expect((await admin("POST", "/redirect-rules/try", { url: "/try/loop1" })).body.reasons.at(-1)).toBe("loop");
      for (const url of ["//evil.example/x", "javascript:alert(1)", ""]) {
        const res = await admin("POST", "/redirect-rules/try", { url });
        expect([res.status, res.body.error.code], url).toEqual([400, "bad_request"]);
      }
      // Later tests re-import the exported rules, and an import refuses loops.
      await h.deleteRedirectRule(loop1.id);
      await h.deleteRedirectRule(loop2.id);
    });
  });

  describe("import and export", () => {
    it("round-trips: an exported set imported with replace exports the same again", async () => {
      await create({ source: "/rtrip/one", target: "/rtrip/two", code: 302, languages: ["en"], priority: 4, note: "round trip" });
      const first = await admin("GET", "/redirect-rules/export");
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ version: 1, exportedAt: expect.any(String) });
      expect(first.body.rules).toContainEqual({ source: "/rtrip/one", target: "/rtrip/two", code: 302, languages: ["en"], active: true, priority: 4, note: "round trip" });
      const imported = await admin("POST", "/redirect-rules/import", { rules: first.body.rules, mode: "replace" });
      expect(imported).toEqual({ status: 200, body: { imported: first.body.rules.length } });
      const second = await admin("GET", "/redirect-rules/export");
      expect(second.body.rules).toEqual(first.body.rules);
      expect(await redirectLight("/en/rtrip/one")).toMatchObject({ url: "/en/rtrip/two" });
    });

    it("appends rules, and writes one audit row for the whole import", async () => {
      const before = await ruleCount();
      const rules = [
        { source: "/imp/a", target: "/imp/b", code: 301 },
        { source: "/imp/c/:x", target: "/imp/d/:x", code: 308, languages: ["de"], active: false, priority: 2, note: "n" },
      ];
      expect((await admin("POST", "/redirect-rules/import", { rules, mode: "append" })).body).toEqual({ imported: 2 });
      expect(await ruleCount()).toBe(before + 2);
      const audit = (await admin("GET", "/audit?entity=redirect_rule&pageSize=1")).body.items[0];
      expect(audit).toMatchObject({
        actor: "ops.anna",
        action: "redirect_rule.import",
        entity_id: null,
        before: { count: before, rules: null },
        after: { mode: "append", imported: 2, count: before + 2, rules: { count: 2, truncated: false } },
      });
      expect(audit.after.rules.items[1]).toEqual({ ...rules[1] });
    });

    it("imports nothing when one row is bad, and reports the row", async () => {
      const [count, v] = [await ruleCount(), await version()];
      const rules = [
        { source: "/bad-import/a", target: "/bad-import/b", code: 301 },
        { source: "/bad-import/c", target: "/bad-import/d", code: 301 },
        { source: "bad-import/e", target: "/bad-import/f", code: 301 },
        { source: "/bad-import/g", target: "/bad-import/h", code: 301 },
      ];
      for (const mode of ["append", "replace"]) {
        const res = await admin("POST", "/redirect-rules/import", { rules, mode });
        expect(res.status).toBe(400);
        expect(res.body.error).toEqual({
          code: "import_invalid",
          message: "1 of 4 rows are invalid; nothing was imported",
          rows: [{ row: 2, field: "source", code: "invalid_pattern", message: expect.stringContaining('"/"') }],
        });
      }
      expect([await ruleCount(), await version()]).toEqual([count, v]);
      expect((await redirectLight("/bad-import/a")).redirect).toBe(false);
    });

    it("checks loops and duplicates across the whole import, and its shape", async () => {
      const [count, v] = [await ruleCount(), await version()];
      const res = await admin("POST", "/redirect-rules/import", {
        mode: "append",
        rules: [
          { source: "/iml/a", target: "/iml/b", code: 301 },
          { source: "/iml/b", target: "/iml/a", code: 301 },
          { source: "/iml/dup", target: "/iml/x", code: 301 },
          { source: "/iml/dup", target: "/iml/y", code: 301 },
          { source: "/iml/host", target: "https://unknown.example/", code: 301 },
          "not a rule",
          { source: "/iml/note", target: "/iml/z", code: 301, note: 5 },
        ],
      });
      expect(res.status).toBe(400);
      expect(res.body.error.rows.map((r: { row: number; code: string }) => [r.row, r.code])).toEqual([
        [0, "loop"],
        [1, "loop"],
        [3, "duplicate_source"],
        [4, "target_host_not_allowed"],
        [5, "invalid_value"],
        [6, "invalid_value"],
      ]);
      expect(res.body.error.rows[0].loop).toEqual(["/iml/a", "/iml/b", "/iml/a"]);
      for (const body of [{ rules: [] }, { rules: "x", mode: "append" }, { rules: Array.from({ length: 5001 }, () => ({})), mode: "append" }]) {
        const shape = await admin("POST", "/redirect-rules/import", body);
        expect([shape.status, shape.body.error.code, shape.body.error.rows]).toEqual([400, "import_invalid", []]);
      }
      expect([await ruleCount(), await version()]).toEqual([count, v]);
    });
  });

  describe("audit", () => {
    it("records every change with who, what, before and after, newest first", async () => {
      const { rule } = await create({ source: "/audit/a", target: "/audit/b", code: 301 });
      await admin("PUT", `/redirect-rules/${rule.id}`, { source: "/audit/a", target: "/audit/c", code: 302 });
      await admin("PATCH", `/redirect-rules/${rule.id}`, { active: false });
      await admin("DELETE", `/redirect-rules/${rule.id}`);
      const res = await admin("GET", `/audit?entity=redirect_rule&entityId=${rule.id}`);
      expect(res.status).toBe(200);
      const items = res.body.items as Array<Record<string, unknown> & { before: Record<string, unknown> | null; after: Record<string, unknown> | null }>;
      expect(items.map((i) => i.action)).toEqual(["redirect_rule.delete", "redirect_rule.deactivate", "redirect_rule.update", "redirect_rule.create"]);
      expect(res.body.total).toBe(4);
      for (const item of items) {
        expect(item).toMatchObject({ actor: "ops.anna", actor_user_id: expect.any(Number), entity: "redirect_rule", entity_id: String(rule.id), at: expect.any(String) });
      }
      const [deleted, deactivated, updated, created] = items;
      expect([created!.before, created!.after]).toEqual([null, rule]);
      expect([updated!.before!.target, updated!.after!.target, updated!.after!.code]).toEqual(["/audit/b", "/audit/c", 302]);
      expect([deactivated!.before!.active, deactivated!.after!.active]).toEqual([true, false]);
      expect([deleted!.before!.id, deleted!.after]).toEqual([rule.id, null]);
      // Refused changes leave no audit row.
      const total = (await admin("GET", "/audit?pageSize=1")).body.total;
      await admin("POST", "/redirect-rules", { source: "bad", target: "/x", code: 301 });
      expect((await admin("GET", "/audit?pageSize=1")).body.total).toBe(total);
      expect((await admin("GET", "/audit?entity=nothing")).status).toBe(400);
    });
  });

  describe("rate limit", () => {
    it("allows 60 changes a minute per ops user, then 429 with retryAfterSeconds; reads go on", async () => {
      const h = hooks(stack.platformUrl);
      const busy = (await h.createUser({ login: "ops.busy", roles: ["ops"] })).token;
      const other = (await h.createUser({ login: "ops.other", roles: ["ops"] })).token;
      const { rule } = await create({ source: "/rlim/a", target: "/rlim/b", code: 301 });
      for (let i = 0; i < 60; i++) {
        const res = await call(busy, "PATCH", `/redirect-rules/${rule.id}`, { active: i % 2 === 0 });
        expect(res.status, `change ${i + 1}`).toBe(200);
      }
      const v = await version();
      const limited = await call(busy, "PATCH", `/redirect-rules/${rule.id}`, { active: true });
      expect(limited.status).toBe(429);
      expect(limited.body.error).toEqual({ code: "rate_limited", message: expect.any(String), retryAfterSeconds: expect.any(Number) });
      expect(limited.body.error.retryAfterSeconds).toBeGreaterThan(0);
      expect(limited.body.error.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect((await call(busy, "DELETE", `/redirect-rules/${rule.id}`)).status).toBe(429);
      expect((await call(busy, "PUT", "/switches/availableRoutes", { value: [47] })).status).toBe(429);
      expect(await version()).toBe(v);
      expect((await call(busy, "GET", "/redirect-rules")).status).toBe(200);
      expect((await call(busy, "POST", "/redirect-rules/try", { url: "/vulkan" })).status).toBe(200);
      expect((await call(other, "PATCH", `/redirect-rules/${rule.id}`, { active: true })).status).toBe(200);
    });
  });

  describe("config version", () => {
    it("changes on every write, whoever writes, and not on reads", async () => {
      const h = hooks(stack.platformUrl);
      const res = await fetch(`${stack.platformUrl}/bff-api/config/version`);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.json()).toEqual({ version: expect.stringMatching(/^[0-9a-f]+\.\d+$/) });

      const seen = new Set([await version()]);
      const changed = async (what: string) => {
        const v = await version();
        expect(seen.has(v), `${what} changes the version`).toBe(false);
        seen.add(v);
      };
      const { rule } = await create({ source: "/ver/a", target: "/ver/b", code: 301 });
      await changed("create");
      await admin("PUT", `/redirect-rules/${rule.id}`, { source: "/ver/a", target: "/ver/c", code: 301 });
      await changed("update");
      await admin("PATCH", `/redirect-rules/${rule.id}`, { active: false });
      await changed("deactivate");
      await admin("DELETE", `/redirect-rules/${rule.id}`);
      await changed("delete");
      await admin("POST", "/redirect-rules/import", { rules: [{ source: "/ver/i", target: "/ver/j", code: 301 }], mode: "append" });
      await changed("import");
      await admin("PUT", "/switches/availableRoutes", { value: [47, 52, 60] });
      await changed("switch");
      const block = await admin("POST", "/block-rules", { kind: "path", pattern: "/ver-blocked", reason: 8 });
      await changed("block rule");
      await admin("DELETE", `/block-rules/${block.body.id}`);
      await changed("block rule delete");
      const hooked = await h.addRedirectRule({ source: "/ver/hook", target: "/ver/x", code: 301 });
      await changed("test hook rule");
      await h.deleteRedirectRule(hooked.id);
      await changed("test hook delete");
      await h.setConfig("inactiveMinutes", 31);
      await changed("test hook config");

      const v = await version();
      await admin("GET", "/redirect-rules");
      await admin("GET", "/redirect-rules/export");
      await admin("GET", "/switches");
      await admin("GET", "/block-rules");
      await admin("GET", "/audit");
      await admin("POST", "/redirect-rules/validate", { source: "/ver/v", target: "/ver/w", code: 301 });
      await admin("POST", "/redirect-rules/try", { url: "/ver/i" });
      await redirectLight("/ver/i");
      await fetch(`${stack.platformUrl}/bff-api/config/all.json`).then((r) => r.arrayBuffer());
      await fetch(`${stack.platformUrl}/blocks-api/api/v2/block`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ isAuth: false, url: "/ru" }),
      }).then((r) => r.arrayBuffer());
      expect(await version()).toBe(v);
    });
  });
});
