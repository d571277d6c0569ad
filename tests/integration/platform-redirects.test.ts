import { beforeAll, describe, expect, it } from "vitest";
import { hooks } from "../support/hooks";
import { databases } from "../support/stack";
import { platformStack } from "../support/suite";

describe.each(databases)("platform redirect-light on %s", (db) => {
  const stack = platformStack(db, { platformEnv: { PLATFORM_TEST_HOOKS: "1" } });
  beforeAll(async () => {
    // Seeded: the legacy redirects whose pages exist; the others are added as the seed once had them.
    await hooks(stack.platformUrl).addPendingLegacyRedirects();
  });

  const post = (path: string, body: unknown) =>
    fetch(`${stack.platformUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const check = async (url: string) => {
    const res = await post("/redirects-api/api/v1/redirect-light", { url });
    expect(res.status).toBe(200);
    return res.json();
  };
  const addRule = async (rule: Record<string, unknown>) => {
    const res = await post("/__test/redirect-rules", rule);
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const removeRule = (id: number) => fetch(`${stack.platformUrl}/__test/redirect-rules/${id}`, { method: "DELETE" });

  it.each([
    ["/bonuses/daily_drops", "/bonuses/dropsnwins"],
    ["/bonuses/happy_birthday", "/bonuses/wishing_you_a_happy_birthday"],
    ["/bonuses/fastgames-daily-tournament", "/promotions/fastgames-daily-tournament"],
    ["/vulkan", "/slots/vulkan"],
    ["/tvgames/view/poker", "/poker"],
    ["/allgamesentrance/aviator", "/games/aviator"],
    ["/games/view/aviator", "/games/aviator"],
    ["/user/registration.php", "/registration"],
    ["/user/action.php?action=restore", "/user/passwordreset"],
    ["/user/action.php?action=activate", "/user/activate"],
  ])("redirects the legacy %s to %s with 301, with and without a language prefix", async (from, to) => {
    const bare = await check(from);
    expect(bare).toMatchObject({ redirect: true, code: 301, url: to, breadcrumbs: [from, to] });
    expect(bare.reasons).toHaveLength(1);
    expect(bare.reasons[0]).toMatch(/^rule \d+: \/\S+ -> \/\S+$/);
    const ru = await check(`/ru${from}`);
    expect(ru).toMatchObject({ redirect: true, code: 301, url: `/ru${to}`, breadcrumbs: [`/ru${from}`, `/ru${to}`] });
  });

  it("answers no redirect for a path no rule covers", async () => {
    expect(await check("/en/sports?x=1")).toEqual({ redirect: false, code: null, url: null, reasons: [], breadcrumbs: ["/en/sports?x=1"] });
    expect((await check("/vulkan2")).redirect).toBe(false);
    expect((await check("/allgamesentrance")).redirect).toBe(false);
  });

  it("carries query params and path params to the target", async () => {
    expect((await check("/de/allgamesentrance/crash-x?utm_source=mail&ref=7")).url).toBe("/de/games/crash-x?utm_source=mail&ref=7");
    expect((await check("/vulkan/?tab=new")).url).toBe("/slots/vulkan?tab=new");
  });

  it("applies a query condition and carries the other params (the activation code)", async () => {
    expect((await check("/kk/user/action.php?action=activate&code=a1b2")).url).toBe("/kk/user/activate?code=a1b2");
    expect((await check("/user/action.php?code=9&action=restore")).url).toBe("/user/passwordreset?code=9");
    expect((await check("/user/action.php?action=unknown")).redirect).toBe(false);
    expect((await check("/user/action.php")).redirect).toBe(false);
  });

  it("uses the path and query of an absolute URL", async () => {
    expect(await check("https://arena.example/en/vulkan?a=1#top")).toMatchObject({
      url: "/en/slots/vulkan?a=1",
      breadcrumbs: ["/en/vulkan?a=1", "/en/slots/vulkan?a=1"],
    });
  });

  it("scopes a rule to its languages", async () => {
    const id = await addRule({ source: "/only-en", target: "/en-landing", code: 302, languages: ["en", "de"] });
    expect(await check("/en/only-en")).toMatchObject({ redirect: true, code: 302, url: "/en/en-landing" });
    expect((await check("/de/only-en")).url).toBe("/de/en-landing");
    expect((await check("/ru/only-en")).redirect).toBe(false);
    expect((await check("/only-en")).redirect).toBe(false);
    await removeRule(id);
  });

  it("lets the target's own query win and drops nothing else", async () => {
    const id = await addRule({ source: "/promo-old", target: "/promo-new?tab=main", code: 307 });
    expect(await check("/promo-old?tab=old&x=1")).toMatchObject({ code: 307, url: "/promo-new?x=1&tab=main" });
    await removeRule(id);
  });

  it("follows a chain, reporting every hop and the first hop's code", async () => {
    const a = await addRule({ source: "/chain-a/:id", target: "/chain-b/:id", code: 302 });
    const b = await addRule({ source: "/chain-b/:id", target: "/chain-c/:id", code: 301, note: "second hop" });
    expect(await check("/ru/chain-a/5?q=1")).toEqual({
      redirect: true,
      code: 302,
      url: "/ru/chain-c/5?q=1",
      reasons: [`rule ${a}: /chain-a/:id -> /chain-b/:id`, `rule ${b}: /chain-b/:id -> /chain-c/:id`],
      breadcrumbs: ["/ru/chain-a/5?q=1", "/ru/chain-b/5?q=1", "/ru/chain-c/5?q=1"],
    });
  });

  it("stops at a loop, marks it, and answers the repeated URL", async () => {
    const a = await addRule({ source: "/loop-a", target: "/loop-b", code: 301 });
    const b = await addRule({ source: "/loop-b", target: "/loop-a", code: 308 });
    expect(await check("/en/loop-a")).toEqual({
      redirect: true,
      code: 301,
      url: "/en/loop-a",
      reasons: [`rule ${a}: /loop-a -> /loop-b`, `rule ${b}: /loop-b -> /loop-a`, "loop"],
      breadcrumbs: ["/en/loop-a", "/en/loop-b", "/en/loop-a"],
    });
  });

  it("stops a runaway chain after 10 hops", async () => {
    for (let i = 0; i < 12; i++) await addRule({ source: `/hop${i}`, target: `/hop${i + 1}`, code: 301 });
    const answer = await check("/hop0");
    expect(answer.breadcrumbs).toHaveLength(11);
    expect(answer.url).toBe("/hop10");
    expect(answer.reasons.at(-1)).toBe("max_hops");
  });

  it("ends the chain at an external target", async () => {
    const id = await addRule({ source: "/partner/*rest", target: "https://partner.example/landing?src=arena", code: 302 });
    expect(await check("/ru/partner/a/b?utm=1")).toEqual({
      redirect: true,
      code: 302,
      url: "https://partner.example/landing?utm=1&src=arena",
      reasons: [`rule ${id}: /partner/*rest -> https://partner.example/landing?src=arena`],
      breadcrumbs: ["/ru/partner/a/b?utm=1", "https://partner.example/landing?utm=1&src=arena"],
    });
  });

  it("tries rules by priority, skips inactive ones, and forgets deleted ones", async () => {
    const low = await addRule({ source: "/prio", target: "/low", code: 301 });
    const high = await addRule({ source: "/prio", target: "/high", code: 302, priority: 10 });
    await addRule({ source: "/prio", target: "/off", code: 301, priority: 99, active: false });
    expect((await check("/prio")).url).toBe("/high");
    expect((await removeRule(high)).status).toBe(200);
    expect((await check("/prio")).url).toBe("/low");
    await removeRule(low);
    expect((await check("/prio")).redirect).toBe(false);
    expect((await removeRule(low)).status).toBe(404);
  });

  it.each([
    ["not JSON", "url=/vulkan"],
    ["an empty body", ""],
    ["no url", {}],
    ["a number", { url: 5 }],
    ["an empty url", { url: "" }],
    ["a relative path", { url: "vulkan" }],
    ["a protocol-relative URL", { url: "//evil.example/x" }],
    ["a backslash trick", { url: "/\\evil.example" }],
    ["another scheme", { url: "javascript:alert(1)" }],
    ["an oversized url", { url: `/${"a".repeat(5000)}` }],
  ])("refuses %s with 400", async (_what, body) => {
    const res = await post("/redirects-api/api/v1/redirect-light", body);
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe("bad_request");
  });

  it("validates rules written through the hook with the domain module", async () => {
    for (const rule of [
      { source: "/ru/x", target: "/y", code: 301 },
      { source: "/x/:a", target: "/y/:b", code: 301 },
      { source: "/x", target: "//evil.example", code: 301 },
      { source: "/x", target: "/y", code: 303 },
      { source: "/x", target: "/y", code: 301, languages: ["EN"] },
      { source: "/*rest/x", target: "/y", code: 301 },
    ]) {
      const res = await post("/__test/redirect-rules", rule);
      expect(res.status, JSON.stringify(rule)).toBe(400);
      expect((await res.json()).error.code).toBe("bad_request");
    }
    expect((await fetch(`${stack.platformUrl}/__test/redirect-rules/abc`, { method: "DELETE" })).status).toBe(400);
  });
});
