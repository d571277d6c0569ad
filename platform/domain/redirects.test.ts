import { describe, expect, it } from "vitest";
import {
  type RedirectRuleInput,
  compileRule,
  matchRule,
  parseSourcePattern,
  parseTarget,
  requestPathAndQuery,
  resolveChain,
  splitRequest,
} from "./redirects.ts";

let nextId = 1;
function rule(source: string, target: string, extra: Partial<RedirectRuleInput> = {}): RedirectRuleInput {
  return { id: nextId++, source, target, code: 301, languages: null, priority: 0, active: true, ...extra };
}

function compiled(source: string, target: string, extra: Partial<RedirectRuleInput> = {}) {
  const result = compileRule(rule(source, target, extra));
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

const codes = (r: { ok: boolean; errors?: Array<{ code: string }> }) => (r.ok ? [] : (r.errors ?? []).map((e) => e.code));

describe("parseSourcePattern", () => {
  it("parses literals, params, a final splat and a query condition", () => {
    const parsed = parseSourcePattern("/games/:id/*rest?action=restore&x=a%20b");
    expect(parsed).toEqual({
      ok: true,
      value: {
        segments: [
          { kind: "literal", value: "games" },
          { kind: "param", name: "id" },
          { kind: "splat", name: "rest" },
        ],
        query: [
          ["action", "restore"],
          ["x", "a b"],
        ],
      },
    });
  });

  it("accepts the root path", () => {
    expect(parseSourcePattern("/")).toEqual({ ok: true, value: { segments: [], query: [] } });
  });

  it.each([
    ["", "empty"],
    ["bonuses", "not_a_path"],
    ["//evil.com", "not_a_path"],
    ["/ru/bonuses", "language_prefix"],
    ["/a//b", "empty_segment"],
    ["/a/", "empty_segment"],
    ["/a b", "bad_characters"],
    ["/a/:", "bad_param_name"],
    ["/a/:1x", "bad_param_name"],
    ["/:a/:a", "duplicate_param"],
    ["/:a/*a", "duplicate_param"],
    ["/*rest/x", "splat_not_last"],
    ["/a?action", "bad_query"],
    ["/a?action=", "bad_query"],
    ["/a?x=%zz", "bad_query"],
    ["/a?x=1&x=2", "duplicate_query_key"],
  ])("refuses %j with %s", (source, code) => {
    expect(codes(parseSourcePattern(source))).toContain(code);
  });

  it("reports every problem, not just the first", () => {
    expect(codes(parseSourcePattern("/:a/:a/*r/x?y"))).toEqual(["duplicate_param", "splat_not_last", "bad_query"]);
  });
});

describe("parseTarget", () => {
  const source = (s: string) => {
    const parsed = parseSourcePattern(s);
    if (!parsed.ok) throw new Error("bad source");
    return parsed.value;
  };

  it("accepts own paths using the source's params and absolute http(s) URLs", () => {
    expect(parseTarget("/games/:id/*rest?tab=1", source("/old/:id/*rest")).ok).toBe(true);
    expect(parseTarget("https://partner.example/x?y=1").ok).toBe(true);
    expect(parseTarget("HTTP://partner.example").ok).toBe(true);
  });

  it.each([
    ["", "empty"],
    ["games", "not_a_path"],
    ["//evil.com/x", "not_a_path"],
    ["javascript:alert(1)", "not_a_path"],
    ["https://", "bad_url"],
    ["/en/games", "language_prefix"],
    ["/games/:missing", "unknown_param"],
    ["/games/:rest", "param_kind_mismatch"],
    ["/games/*id", "param_kind_mismatch"],
  ])("refuses %j with %s", (target, code) => {
    expect(codes(parseTarget(target, source("/old/:id/*rest")))).toContain(code);
  });
});

describe("compileRule", () => {
  it("checks code and languages too", () => {
    expect(codes(compileRule(rule("/a", "/b", { code: 303 })))).toEqual(["bad_code"]);
    expect(codes(compileRule(rule("/a", "/b", { languages: [] })))).toEqual(["bad_languages"]);
    expect(codes(compileRule(rule("/a", "/b", { languages: ["EN"] })))).toEqual(["bad_languages"]);
    expect(codes(compileRule(rule("/a", "/b", { languages: ["en", "en"] })))).toEqual(["bad_languages"]);
    expect(compileRule(rule("/a", "/b", { languages: ["en", "ru"] })).ok).toBe(true);
  });
});

describe("splitRequest and requestPathAndQuery", () => {
  it("strips exactly two lower-case letters as the language prefix", () => {
    expect(splitRequest("/ru/bonuses?x=1")).toMatchObject({ lang: "ru", path: "/bonuses" });
    expect(splitRequest("/ru")).toMatchObject({ lang: "ru", path: "/" });
    expect(splitRequest("/ru/")).toMatchObject({ lang: "ru", path: "/" });
    expect(splitRequest("/RU/bonuses")).toMatchObject({ lang: null, path: "/RU/bonuses" });
    expect(splitRequest("/rus/bonuses")).toMatchObject({ lang: null, path: "/rus/bonuses" });
    expect(splitRequest("/a?x=1").query.get("x")).toBe("1");
  });

  it("keeps path and query of paths and absolute URLs, and refuses other hosts in disguise", () => {
    expect(requestPathAndQuery("/ru/bonuses/daily_drops?x=1#top")).toBe("/ru/bonuses/daily_drops?x=1");
    expect(requestPathAndQuery("https://arena.example/en/vulkan?a=b")).toBe("/en/vulkan?a=b");
    expect(requestPathAndQuery("/a/../b")).toBe("/b");
    expect(requestPathAndQuery("//evil.com/x")).toBeNull();
    expect(requestPathAndQuery("/\\evil.com/x")).toBeNull();
    expect(requestPathAndQuery("bonuses")).toBeNull();
    expect(requestPathAndQuery("ftp://x/y")).toBeNull();
    expect(requestPathAndQuery("")).toBeNull();
  });
});

describe("matchRule", () => {
  it("captures params and a splat of one or more segments", () => {
    const r = compiled("/old/:id/*rest", "/new/:id/*rest");
    expect(matchRule(r, splitRequest("/old/7/a/b"))).toEqual({ id: "7", rest: "a/b" });
    expect(matchRule(r, splitRequest("/old/7"))).toBeNull();
    expect(matchRule(r, splitRequest("/old"))).toBeNull();
  });

  it("matches whole segments only, ignoring one trailing slash", () => {
    const r = compiled("/vulkan", "/slots/vulkan");
    expect(matchRule(r, splitRequest("/vulkan"))).toEqual({});
    expect(matchRule(r, splitRequest("/vulkan/"))).toEqual({});
    expect(matchRule(r, splitRequest("/vulkan2"))).toBeNull();
    expect(matchRule(r, splitRequest("/vulkan/x"))).toBeNull();
    expect(matchRule(r, splitRequest("/Vulkan"))).toBeNull();
  });

  it("requires the query condition", () => {
    const r = compiled("/user/action.php?action=restore", "/user/passwordreset");
    expect(matchRule(r, splitRequest("/user/action.php?action=restore&code=1"))).toEqual({});
    expect(matchRule(r, splitRequest("/user/action.php?action=activate"))).toBeNull();
    expect(matchRule(r, splitRequest("/user/action.php"))).toBeNull();
  });

  it("applies language-scoped rules only under their languages", () => {
    const r = compiled("/a", "/b", { languages: ["ru"] });
    expect(matchRule(r, splitRequest("/ru/a"))).toEqual({});
    expect(matchRule(r, splitRequest("/en/a"))).toBeNull();
    expect(matchRule(r, splitRequest("/a"))).toBeNull();
    expect(matchRule(compiled("/a", "/b"), splitRequest("/a"))).toEqual({});
  });
});

describe("resolveChain", () => {
  it("answers no redirect when nothing matches", () => {
    expect(resolveChain([rule("/a", "/b")], "/ru/c?x=1")).toEqual({
      redirect: false,
      code: null,
      url: null,
      reasons: [],
      breadcrumbs: ["/ru/c?x=1"],
    });
  });

  it("puts the language prefix back and carries query params, the target's own winning", () => {
    const r = rule("/daily_drops", "/dropsnwins?tab=main");
    const answer = resolveChain([r], "/ru/daily_drops?utm=x&tab=old");
    expect(answer).toEqual({
      redirect: true,
      code: 301,
      url: "/ru/dropsnwins?utm=x&tab=main",
      reasons: [`rule ${r.id}: /daily_drops -> /dropsnwins?tab=main`],
      breadcrumbs: ["/ru/daily_drops?utm=x&tab=old", "/ru/dropsnwins?utm=x&tab=main"],
    });
  });

  it("drops the query condition's params and keeps the rest", () => {
    const r = rule("/user/action.php?action=activate", "/user/activate");
    expect(resolveChain([r], "/en/user/action.php?action=activate&code=abc").url).toBe("/en/user/activate?code=abc");
  });

  it("substitutes params and splats into the target", () => {
    const r = rule("/allgamesentrance/:gameRoute/*rest", "/games/:gameRoute/*rest");
    expect(resolveChain([r], "/allgamesentrance/crash%20x/a/b").url).toBe("/games/crash%20x/a/b");
    expect(resolveChain([rule("/home/:x", "/")], "/de/home/1").url).toBe("/de");
    expect(resolveChain([rule("/home/:x", "/")], "/home/1").url).toBe("/");
  });

  it("tries rules by priority, then id", () => {
    const low = rule("/a", "/low");
    const high = rule("/a", "/high", { priority: 5 });
    const later = rule("/a", "/later", { priority: 5 });
    expect(resolveChain([later, low, high], "/a").url).toBe("/high");
    expect(resolveChain([low, rule("/a", "/off", { active: false, priority: 9 })], "/a").url).toBe("/low");
  });

  it("follows a chain, reporting the first hop's code", () => {
    const r1 = rule("/a", "/b", { code: 302 });
    const r2 = rule("/b", "/c", { code: 301 });
    const answer = resolveChain([r1, r2], "/en/a");
    expect(answer).toMatchObject({
      redirect: true,
      code: 302,
      url: "/en/c",
      breadcrumbs: ["/en/a", "/en/b", "/en/c"],
      reasons: [`rule ${r1.id}: /a -> /b`, `rule ${r2.id}: /b -> /c`],
    });
  });

  it("stops at a loop and says so", () => {
    const r1 = rule("/a", "/b");
    const r2 = rule("/b", "/a");
    expect(resolveChain([r1, r2], "/a")).toEqual({
      redirect: true,
      code: 301,
      url: "/a",
      reasons: [`rule ${r1.id}: /a -> /b`, `rule ${r2.id}: /b -> /a`, "loop"],
      breadcrumbs: ["/a", "/b", "/a"],
    });
    const self = rule("/s", "/s");
    expect(resolveChain([self], "/s")).toMatchObject({ url: "/s", reasons: [`rule ${self.id}: /s -> /s`, "loop"] });
  });

  it("ends the chain at an external URL, carrying the query", () => {
    const out = rule("/partner", "https://partner.example/landing?src=arena", { code: 302 });
    const next = rule("/landing", "/never");
    const answer = resolveChain([out, next], "/ru/partner?utm=1");
    expect(answer).toMatchObject({
      redirect: true,
      code: 302,
      url: "https://partner.example/landing?utm=1&src=arena",
      breadcrumbs: ["/ru/partner?utm=1", "https://partner.example/landing?utm=1&src=arena"],
    });
    expect(answer.reasons).toHaveLength(1);
  });

  it("gives up after the hop limit", () => {
    const rules = Array.from({ length: 12 }, (_, i) => rule(`/s${i}`, `/s${i + 1}`));
    const answer = resolveChain(rules, "/s0");
    expect(answer.breadcrumbs).toHaveLength(11);
    expect(answer.url).toBe("/s10");
    expect(answer.reasons.at(-1)).toBe("max_hops");
    expect(resolveChain(rules.slice(0, 10), "/s0").reasons).not.toContain("max_hops");
  });

  it("skips rules that do not compile", () => {
    expect(resolveChain([rule("/ru/a", "/b"), rule("/a", "/c")], "/a").url).toBe("/c");
  });
});
