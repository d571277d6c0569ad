import { describe, expect, it } from "vitest";
import { databases } from "../support/stack";
import { platformStack } from "../support/suite";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
const IE8 = "Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; Trident/4.0)";
const IE11 = "Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko";
const OPERA_MINI = "Opera/9.80 (Android; Opera Mini/36.2.2254/119.132; U; id) Presto/2.12.423 Version/12.16";

describe.each(databases)("platform block check on %s", (db) => {
  const stack = platformStack(db, { platformEnv: { PLATFORM_TEST_HOOKS: "1" } });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${stack.platformUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const block = async (visitor: { isAuth?: boolean; url?: string; country?: string; ua?: string }) => {
    const headers: Record<string, string> = { "x-client-user-agent": visitor.ua ?? CHROME };
    if (visitor.country !== undefined) headers["x-country-code"] = visitor.country;
    const res = await post("/blocks-api/api/v2/block", { isAuth: visitor.isAuth ?? false, url: visitor.url ?? "/ru" }, headers);
    expect(res.status).toBe(200);
    return res.json();
  };
  const addRule = async (rule: Record<string, unknown>) => {
    const res = await post("/__test/block-rules", rule);
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const none = { displayTypeId: null, templateTypeId: null };

  it("lets an ordinary visitor through", async () => {
    expect(await block({ country: "DE" })).toEqual(none);
    expect(await block({ isAuth: true, url: "/en/sports/football" })).toEqual(none);
  });

  it("blocks old Internet Explorer (17) and Opera Mini (13) by user agent", async () => {
    expect(await block({ ua: IE8 })).toEqual({ displayTypeId: 17, templateTypeId: 1 });
    expect(await block({ ua: IE11, isAuth: true })).toEqual({ displayTypeId: 17, templateTypeId: 1 });
    expect(await block({ ua: OPERA_MINI })).toEqual({ displayTypeId: 13, templateTypeId: 1 });
    expect(await block({ ua: OPERA_MINI.toUpperCase() })).toEqual({ displayTypeId: 13, templateTypeId: 1 });
    expect(await block({ ua: "" })).toEqual(none);
  });

  it("blocks a country by the country header, in any case", async () => {
    expect(await block({ country: "KP" })).toEqual({ displayTypeId: 1, templateTypeId: 1 });
    expect(await block({ country: "kp", isAuth: true })).toEqual({ displayTypeId: 1, templateTypeId: 1 });
  });

  it("treats a country it cannot read as unknown rather than refusing the check", async () => {
    expect(await block({ country: "T1" })).toEqual(none);
    expect(await block({ country: "" })).toEqual(none);
    expect(await block({ country: "KPX" })).toEqual(none);
  });

  it("blocks a path prefix on segment boundaries, with or without a language prefix", async () => {
    const comingSoon = { displayTypeId: 8, templateTypeId: 1 };
    expect(await block({ url: "/fishinghunting" })).toEqual(comingSoon);
    expect(await block({ url: "/ru/fishinghunting" })).toEqual(comingSoon);
    expect(await block({ url: "/en/fishinghunting/game/5?x=1" })).toEqual(comingSoon);
    expect(await block({ url: "https://arena.example/tr/fishinghunting/" })).toEqual(comingSoon);
    expect(await block({ url: "/fishinghuntingx" })).toEqual(none);
    expect(await block({ url: "/en/slots/fishinghunting" })).toEqual(none);
  });

  it("applies a rule to guests or to signed-in users only", async () => {
    await addRule({ kind: "country", pattern: "AQ", reason: 3, appliesTo: "guests", templateTypeId: 2 });
    await addRule({ kind: "country", pattern: "AQ", reason: 16, appliesTo: "users", templateTypeId: 3 });
    expect(await block({ country: "AQ", isAuth: false })).toEqual({ displayTypeId: 3, templateTypeId: 2 });
    expect(await block({ country: "AQ", isAuth: true })).toEqual({ displayTypeId: 16, templateTypeId: 3 });
  });

  it("takes the highest priority first, then the oldest rule", async () => {
    await addRule({ kind: "path", pattern: "/priority-test", reason: 5 });
    await addRule({ kind: "path", pattern: "/priority-test", reason: 14 });
    expect((await block({ url: "/ru/priority-test" })).displayTypeId).toBe(5);
    await addRule({ kind: "user_agent", pattern: "PriorityBot/\\d+", reason: 4, priority: 10 });
    expect((await block({ url: "/ru/priority-test", ua: "PriorityBot/2" })).displayTypeId).toBe(4);
    await addRule({ kind: "path", pattern: "/priority-test", reason: 2, priority: 20, active: false });
    expect((await block({ url: "/ru/priority-test", ua: "PriorityBot/2" })).displayTypeId).toBe(4);
  });

  it("stops blocking once a rule is deleted", async () => {
    const id = await addRule({ kind: "path", pattern: "/temporary", reason: 4 });
    expect((await block({ url: "/temporary" })).displayTypeId).toBe(4);
    expect((await fetch(`${stack.platformUrl}/__test/block-rules/${id}`, { method: "DELETE" })).status).toBe(200);
    expect(await block({ url: "/temporary" })).toEqual(none);
    expect((await fetch(`${stack.platformUrl}/__test/block-rules/${id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("refuses invalid rules with 400: a bad regex, a bad country, a bad path", async () => {
    for (const rule of [
      { kind: "user_agent", pattern: "Opera (Mini", reason: 13 },
      { kind: "country", pattern: "kp", reason: 1 },
      { kind: "country", pattern: "KPR", reason: 1 },
      { kind: "path", pattern: "fishing", reason: 8 },
      { kind: "path", pattern: "/ru/fishing", reason: 8 },
      { kind: "ip", pattern: "1.2.3.4", reason: 1 },
      { kind: "path", pattern: "/x", reason: "8" },
      { kind: "path", pattern: "/x", reason: 8, appliesTo: "bots" },
    ]) {
      const res = await post("/__test/block-rules", rule);
      expect(res.status, JSON.stringify(rule)).toBe(400);
      expect((await res.json()).error.code).toBe("bad_request");
    }
  });

  it.each([
    ["not JSON", "{"],
    ["no isAuth", { url: "/ru" }],
    ["a string isAuth", { isAuth: "false", url: "/ru" }],
    ["no url", { isAuth: false }],
    ["a relative url", { isAuth: false, url: "ru/sports" }],
    ["a protocol-relative url", { isAuth: false, url: "//evil.example/" }],
  ])("refuses %s with 400", async (_what, body) => {
    const res = await post("/blocks-api/api/v2/block", body, { "x-country-code": "DE", "x-client-user-agent": CHROME });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe("bad_request");
  });
});
