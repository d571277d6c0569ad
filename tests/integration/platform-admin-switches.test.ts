import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultMaintenance, hooks } from "../support/hooks";
import { type AdminClient, clearRateLimits, opsSignIn } from "../support/ops";
import { type Stack, databases, startStack } from "../support/stack";

// The ops console's admin API, second half: the site switches and the block rules.
describe.each(databases)("platform admin API: switches and block rules on %s", (db) => {
  let stack: Stack;
  let admin: AdminClient;

  beforeAll(async () => {
    stack = await startStack({ db, site: false });
    ({ admin } = await opsSignIn(stack.platformUrl, { email: "olga@arena.bet" }));
  });
  afterAll(async () => {
    await stack?.stop();
  });
  beforeEach(async () => {
    await clearRateLimits(stack.platformUrl);
  });

  const version = async () => ((await (await fetch(`${stack.platformUrl}/bff-api/config/version`)).json()) as { version: string }).version;
  const siteConfig = async () => (await fetch(`${stack.platformUrl}/bff-api/config/all.json`)).json();
  const block = async (visitor: { country?: string; url?: string; isAuth?: boolean }) => {
    const res = await fetch(`${stack.platformUrl}/blocks-api/api/v2/block`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(visitor.country ? { "x-country-code": visitor.country } : {}) },
      body: JSON.stringify({ isAuth: visitor.isAuth ?? false, url: visitor.url ?? "/ru" }),
    });
    return res.json();
  };
  /** A refused change: 400 with the code and field, and neither the config nor the version moved. */
  const refused = async (method: string, path: string, body: unknown, code: string, field?: string) => {
    const [configBefore, versionBefore, blocksBefore] = [await siteConfig(), await version(), (await admin("GET", "/block-rules")).body.total];
    const res = await admin(method, path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({ code, ...(field ? { field } : {}) });
    expect([await siteConfig(), await version(), (await admin("GET", "/block-rules")).body.total]).toEqual([configBefore, versionBefore, blocksBefore]);
    return res.body.error as { message: string };
  };

  describe("switches", () => {
    it("shows each switch's current value, who changed it last and when", async () => {
      const initial = await admin("GET", "/switches");
      expect(initial.status).toBe(200);
      expect(initial.body).toEqual({
        maintenance: { value: defaultMaintenance, updated_by: "seed", updated_at: expect.any(String) },
        availableRoutes: { value: [47, 52], updated_by: "seed", updated_at: expect.any(String) },
        urlsToRedirectTo404: { value: [], updated_by: "seed", updated_at: expect.any(String) },
        redirectAllowedHosts: { value: [], updated_by: "seed", updated_at: expect.any(String) },
      });
      const put = await admin("PUT", "/switches/availableRoutes", { value: [47, 52, 61] });
      expect(put).toEqual({ status: 200, body: { value: [47, 52, 61], updated_by: "olga@arena.bet", updated_at: expect.any(String) } });
      expect(Date.parse(put.body.updated_at)).toBeGreaterThan(Date.parse(initial.body.availableRoutes.updated_at));
      expect((await admin("GET", "/switches")).body.availableRoutes).toEqual(put.body);
      expect((await siteConfig()).availableRoutes).toEqual([47, 52, 61]);
      await hooks(stack.platformUrl).setConfig("availableRoutes", [47]);
      expect((await admin("GET", "/switches")).body.availableRoutes).toMatchObject({ value: [47], updated_by: "test" });
    });

    it("takes a maintenance window and serves it to the site at once", async () => {
      const value = {
        started_at: "2026-12-01T02:00:00Z",
        ended_at: "2026-12-01T04:00:00+00:00",
        notify_started_at: "2026-11-28T00:00:00Z",
        notify_ended_at: "2026-12-01T02:00:00Z",
        isActive: false,
        web_state: 1,
      };
      const res = await admin("PUT", "/switches/maintenance", { value });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.value).toEqual(value);
      expect((await siteConfig()).maintenance).toEqual(value);
      const active = await admin("PUT", "/switches/maintenance", { value: { ...defaultMaintenance, isActive: true } });
      expect(active.status).toBe(200);
      expect((await siteConfig()).maintenance.isActive).toBe(true);
      expect((await admin("PUT", "/switches/maintenance", { value: defaultMaintenance })).status).toBe(200);
    });

    it.each([
      ["a date that is not ISO", { started_at: "tomorrow" }, "started_at"],
      ["a date without a time zone", { started_at: "2026-12-01T02:00:00" }, "started_at"],
      ["an end before the start", { started_at: "2026-12-01T02:00:00Z", ended_at: "2026-12-01T01:00:00Z" }, "ended_at"],
      ["an end equal to the start", { started_at: "2026-12-01T02:00:00Z", ended_at: "2026-12-01T02:00:00Z" }, "ended_at"],
      ["a notice start without its end", { notify_started_at: "2026-11-30T00:00:00Z" }, "notify_ended_at"],
      ["a notice end without its start", { notify_ended_at: "2026-11-30T00:00:00Z" }, "notify_started_at"],
      ["a notice that ends before it starts", { notify_started_at: "2026-11-30T00:00:00Z", notify_ended_at: "2026-11-29T00:00:00Z" }, "notify_ended_at"],
      ["a notice of more than 30 days", { notify_started_at: "2026-10-01T00:00:00Z", notify_ended_at: "2026-11-30T00:00:00Z" }, "notify_ended_at"],
      [
        "a notice that starts after the maintenance",
        { started_at: "2026-12-01T02:00:00Z", notify_started_at: "2026-12-01T03:00:00Z", notify_ended_at: "2026-12-01T03:30:00Z" },
        "notify_started_at",
      ],
      [
        "a notice that outlasts the maintenance",
        { started_at: "2026-12-01T02:00:00Z", ended_at: "2026-12-01T04:00:00Z", notify_started_at: "2026-11-30T00:00:00Z", notify_ended_at: "2026-12-02T00:00:00Z" },
        "notify_ended_at",
      ],
      ["isActive that is not a boolean", { isActive: "yes" }, "isActive"],
      ["a negative web_state", { web_state: -1 }, "web_state"],
      ["an unknown field", { country: "RU" }, "country"],
    ])("refuses a maintenance value with %s", async (_what, change, field) => {
      const message = (await refused("PUT", "/switches/maintenance", { value: { ...defaultMaintenance, ...change } }, "invalid_value", field)).message;
      expect(message.startsWith(field)).toBe(true);
    });

    it("refuses a maintenance value that is not a whole window object", async () => {
      await refused("PUT", "/switches/maintenance", { value: null }, "invalid_value", "value");
      const { web_state: _omitted, ...partial } = defaultMaintenance;
      expect((await refused("PUT", "/switches/maintenance", { value: partial }, "invalid_value", "web_state")).message).toBe("web_state is required");
    });

    it("checks the lists: feature routes, 404 paths and allowed hosts", async () => {
      expect((await refused("PUT", "/switches/availableRoutes", { value: ["47"] }, "invalid_value", "value")).message).toBe('entry 1 ("47") must be a number');
      await refused("PUT", "/switches/availableRoutes", { value: [47, 0] }, "invalid_value", "value");
      await refused("PUT", "/switches/availableRoutes", { value: [47, 47] }, "invalid_value", "value");
      await refused("PUT", "/switches/availableRoutes", { value: 47 }, "invalid_value", "value");

      expect((await admin("PUT", "/switches/urlsToRedirectTo404", { value: ["/lotto/*", "/old-page"] })).body.value).toEqual(["/lotto/*", "/old-page"]);
      expect((await siteConfig()).urlsToRedirectTo404).toEqual(["/lotto/*", "/old-page"]);
      for (const bad of ["lotto", "/a b", "/a?x=1", "/a*/b"]) {
        await refused("PUT", "/switches/urlsToRedirectTo404", { value: [bad] }, "invalid_value", "value");
      }

      const hosts = await admin("PUT", "/switches/redirectAllowedHosts", { value: ["Partner.Example", " cdn.partner.example:8443 "] });
      expect(hosts.body.value).toEqual(["partner.example", "cdn.partner.example:8443"]);
      for (const bad of ["https://x.example", "x.example/path", "", "-x.example", "a..b", "nan", "localhost", "127.0.0.1", "x.example.123"]) {
        await refused("PUT", "/switches/redirectAllowedHosts", { value: [bad] }, "invalid_value", "value");
      }
      await refused("PUT", "/switches/redirectAllowedHosts", { value: ["x.example", "X.example"] }, "invalid_value", "value");
    });

    it("answers 404 for a key that is not a switch and 400 without a value", async () => {
      expect(await admin("PUT", "/switches/companyName", { value: "Other" })).toMatchObject({ status: 404, body: { error: { code: "not_found" } } });
      expect((await siteConfig()).companyName).toBe("Arena Bet");
      await refused("PUT", "/switches/availableRoutes", {}, "invalid_value", "value");
    });
  });

  describe("block rules", () => {
    it("creates, reads, edits, switches off and deletes block rules, each live on the block check at once", async () => {
      const created = await admin("POST", "/block-rules", { kind: "country", pattern: "fr", reason: 1, note: "Not licensed" });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const rule = created.body;
      expect(rule).toEqual({
        id: expect.any(Number),
        kind: "country",
        pattern: "FR",
        reason: 1,
        template_type_id: 1,
        applies_to: "all",
        active: true,
        priority: 0,
        note: "Not licensed",
        created_by: "olga@arena.bet",
        created_at: expect.any(String),
        updated_by: "olga@arena.bet",
        updated_at: expect.any(String),
      });
      expect(await block({ country: "FR" })).toEqual({ displayTypeId: 1, templateTypeId: 1 });
      expect((await admin("GET", `/block-rules/${rule.id}`)).body).toEqual(rule);

      const edited = await admin("PUT", `/block-rules/${rule.id}`, { kind: "country", pattern: "FR", reason: 3, templateTypeId: 2, appliesTo: "guests" });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ id: rule.id, reason: 3, template_type_id: 2, applies_to: "guests", note: "", created_at: rule.created_at });
      expect(await block({ country: "FR" })).toEqual({ displayTypeId: 3, templateTypeId: 2 });
      expect(await block({ country: "FR", isAuth: true })).toEqual({ displayTypeId: null, templateTypeId: null });

      expect((await admin("PATCH", `/block-rules/${rule.id}`, { active: false })).body.active).toBe(false);
      expect((await block({ country: "FR" })).displayTypeId).toBeNull();
      expect((await admin("PATCH", `/block-rules/${rule.id}`, { active: true })).body.active).toBe(true);
      expect((await block({ country: "FR" })).displayTypeId).toBe(3);

      expect(await admin("DELETE", `/block-rules/${rule.id}`)).toEqual({ status: 200, body: { ok: true } });
      expect((await block({ country: "FR" })).displayTypeId).toBeNull();
      expect((await admin("GET", `/block-rules/${rule.id}`)).status).toBe(404);
      expect((await admin("PUT", `/block-rules/${rule.id}`, { kind: "country", pattern: "FR", reason: 1 })).status).toBe(404);
      expect((await admin("DELETE", `/block-rules/${rule.id}`)).status).toBe(404);
    });

    it("blocks a path prefix the moment it is saved", async () => {
      const created = await admin("POST", "/block-rules", { kind: "path", pattern: "/toto", reason: 8, priority: 5 });
      expect(created.status).toBe(201);
      expect(await block({ url: "/en/toto/draws" })).toEqual({ displayTypeId: 8, templateTypeId: 1 });
      expect((await block({ url: "/en/totoro" })).displayTypeId).toBeNull();
      await admin("DELETE", `/block-rules/${created.body.id}`);
    });

    it("lists block rules by priority with paging and filters", async () => {
      const all = await admin("GET", "/block-rules");
      expect(all.body).toMatchObject({ total: 4, page: 1, pageSize: 50 });
      const agents = await admin("GET", "/block-rules?kind=user_agent");
      expect(agents.body.items.map((r: { pattern: string }) => r.pattern)).toEqual(["MSIE [1-9]\\.|Trident/[4-7]\\.", "Opera Mini"]);
      const second = await admin("GET", "/block-rules?pageSize=1&page=2");
      expect(second.body).toMatchObject({ total: 4, page: 2, pageSize: 1, items: [{ id: all.body.items[1].id }] });
      expect((await admin("GET", "/block-rules?active=false")).body.total).toBe(0);
      expect((await admin("GET", "/block-rules?kind=ip")).status).toBe(400);
      expect((await admin("GET", "/block-rules?pageSize=500")).status).toBe(400);
    });

    it.each([
      ["a country that is not two letters", { kind: "country", pattern: "FRA", reason: 1 }, "invalid_pattern", "pattern"],
      ["a user agent that is not a regular expression", { kind: "user_agent", pattern: "(", reason: 13 }, "invalid_pattern", "pattern"],
      ["an empty user agent", { kind: "user_agent", pattern: "", reason: 13 }, "invalid_pattern", "pattern"],
      ["a path without a leading slash", { kind: "path", pattern: "fishing", reason: 8 }, "invalid_pattern", "pattern"],
      ["a path with a language prefix", { kind: "path", pattern: "/en/fishing", reason: 8 }, "invalid_pattern", "pattern"],
      ["a reason without a block page", { kind: "country", pattern: "FR", reason: 6 }, "invalid_reason", "reason"],
      ["a reason that is not a number", { kind: "country", pattern: "FR", reason: "1" }, "invalid_reason", "reason"],
      ["an unknown kind", { kind: "ip", pattern: "1.2.3.4", reason: 1 }, "invalid_value", "kind"],
      ["an unknown audience", { kind: "country", pattern: "FR", reason: 1, appliesTo: "bots" }, "invalid_value", "appliesTo"],
      ["a long note", { kind: "country", pattern: "FR", reason: 1, note: "n".repeat(501) }, "invalid_value", "note"],
      ["a fractional priority", { kind: "country", pattern: "FR", reason: 1, priority: 0.5 }, "invalid_value", "priority"],
    ])("refuses a block rule with %s", async (_what, body, code, field) => {
      await refused("POST", "/block-rules", body, code, field);
    });

    it("refuses an invalid edit and leaves the rule as it was", async () => {
      const created = (await admin("POST", "/block-rules", { kind: "country", pattern: "DE", reason: 1, active: false })).body;
      await refused("PUT", `/block-rules/${created.id}`, { kind: "country", pattern: "DEU", reason: 1 }, "invalid_pattern", "pattern");
      expect((await admin("GET", `/block-rules/${created.id}`)).body).toEqual(created);
      await admin("DELETE", `/block-rules/${created.id}`);
    });
  });

  describe("audit", () => {
    it("records switch and block rule changes with before and after", async () => {
      await admin("PUT", "/switches/urlsToRedirectTo404", { value: ["/gone"] });
      await admin("PUT", "/switches/urlsToRedirectTo404", { value: ["/gone", "/gone-too"] });
      const switches = (await admin("GET", "/audit?entity=switch&entityId=urlsToRedirectTo404&pageSize=1")).body;
      expect(switches.items[0]).toMatchObject({
        actor: "olga@arena.bet",
        action: "switch.update",
        entity: "switch",
        entity_id: "urlsToRedirectTo404",
        before: { value: ["/gone"] },
        after: { value: ["/gone", "/gone-too"] },
      });

      const rule = (await admin("POST", "/block-rules", { kind: "user_agent", pattern: "BadBot", reason: 13 })).body;
      await admin("PUT", `/block-rules/${rule.id}`, { kind: "user_agent", pattern: "BadBot|WorseBot", reason: 13 });
      await admin("DELETE", `/block-rules/${rule.id}`);
      const blocks = (await admin("GET", `/audit?entity=block_rule&entityId=${rule.id}`)).body;
      expect(blocks.items.map((i: { action: string }) => i.action)).toEqual(["block_rule.delete", "block_rule.update", "block_rule.create"]);
      expect(blocks.items[1]).toMatchObject({ before: { pattern: "BadBot" }, after: { pattern: "BadBot|WorseBot" } });
      expect(blocks.items[0]).toMatchObject({ before: { id: rule.id }, after: null });

      const everything = (await admin("GET", "/audit?pageSize=2")).body;
      expect(everything.items.map((i: { action: string }) => i.action)).toEqual(["block_rule.delete", "block_rule.update"]);
      expect(everything.total).toBeGreaterThanOrEqual(5);
    });
  });
});
