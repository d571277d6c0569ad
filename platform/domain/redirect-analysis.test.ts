import { describe, expect, it } from "vitest";
import {
  NEW_RULE_ID,
  type RuleState,
  checkImport,
  checkRemoval,
  checkRule,
  coversRule,
  displayChain,
  sampleUrls,
  sourceKey,
  triedBefore,
} from "./redirect-analysis.ts";
import { type CompiledRule, type RedirectRuleInput, buildRuleSet, compileRule, compileRuleSet, findMatch, firstMatch, splitRequest } from "./redirects.ts";

let nextId = 1;
function input(source: string, target: string, extra: Partial<RedirectRuleInput> = {}): RedirectRuleInput {
  return { id: nextId++, source, target, code: 301, languages: null, priority: 0, active: true, ...extra };
}
function compiled(source: string, target: string, extra: Partial<RedirectRuleInput> = {}): CompiledRule {
  const result = compileRule(input(source, target, extra));
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}
function state(rules: CompiledRule[], extra: Partial<RuleState> = {}): RuleState {
  return { set: buildRuleSet(rules), allowedHosts: ["partner.example"], languages: ["ru", "en", "de"], ...extra };
}
const fresh = (source: string, target: string, extra: Partial<RedirectRuleInput> = {}) => input(source, target, { id: NEW_RULE_ID, ...extra });
const codes = (check: { errors: Array<{ code: string }> }) => check.errors.map((e) => e.code);

describe("the indexed rule set", () => {
  it("finds the same rule as trying every rule in order", () => {
    const rules = [
      compiled("/promo/:slug", "/offers/:slug", { priority: 1 }),
      compiled("/promo/summer", "/summer"),
      compiled("/promo/*rest", "/p/*rest", { priority: 5 }),
      compiled("/a/:x/b", "/abc/:x"),
      compiled("/a/lit/b", "/alit", { languages: ["en"] }),
      compiled("/", "/home"),
      compiled("/q?x=1", "/q1"),
      compiled("/q", "/q0"),
      compiled("/off", "/never", { active: false }),
    ];
    const set = buildRuleSet(rules);
    const ordered = set.rules;
    for (const url of ["/promo/summer", "/promo/a/b", "/promo", "/a/lit/b", "/en/a/lit/b", "/a/zz/b", "/", "/en", "/q?x=1", "/q?x=2", "/off", "/a//b", "/promo/summer/"]) {
      const request = splitRequest(url);
      expect(findMatch(set, request)?.rule.id ?? null, url).toBe(firstMatch(ordered, request)?.rule.id ?? null);
    }
    expect(findMatch(set, splitRequest("/off"))).toBeNull();
  });
});

describe("coversRule", () => {
  it("knows a param covers a literal, a splat covers deeper paths, and not the other way round", () => {
    expect(coversRule(compiled("/promo/:slug", "/x"), compiled("/promo/summer", "/y"))).toBe(true);
    expect(coversRule(compiled("/promo/summer", "/y"), compiled("/promo/:slug", "/x"))).toBe(false);
    expect(coversRule(compiled("/promo/*rest", "/x"), compiled("/promo/a/:b", "/y"))).toBe(true);
    expect(coversRule(compiled("/promo/*rest", "/x"), compiled("/promo", "/y"))).toBe(false);
    expect(coversRule(compiled("/promo/:a", "/x"), compiled("/promo/*rest", "/y"))).toBe(false);
  });

  it("counts languages and query conditions", () => {
    expect(coversRule(compiled("/a", "/x"), compiled("/a", "/y", { languages: ["en"] }))).toBe(true);
    expect(coversRule(compiled("/a", "/x", { languages: ["en"] }), compiled("/a", "/y"))).toBe(false);
    expect(coversRule(compiled("/a", "/x", { languages: ["en", "de"] }), compiled("/a", "/y", { languages: ["de"] }))).toBe(true);
    expect(coversRule(compiled("/a", "/x"), compiled("/a?k=v", "/y"))).toBe(true);
    expect(coversRule(compiled("/a?k=v", "/x"), compiled("/a", "/y"))).toBe(false);
  });

  it("treats sources that differ only in param names or query order as the same", () => {
    expect(sourceKey(compiled("/p/:a?x=1&y=2", "/t"))).toBe(sourceKey(compiled("/p/:b?y=2&x=1", "/t")));
    expect(sourceKey(compiled("/p/:a", "/t"))).not.toBe(sourceKey(compiled("/p/*a", "/t")));
  });
});

describe("checkRule", () => {
  it("maps syntax problems to the contract's codes", () => {
    const s = state([]);
    expect(codes(checkRule(s, fresh("promo", "/x")))).toEqual(["invalid_pattern"]);
    expect(codes(checkRule(s, fresh("/a/:x", "/b/:y")))).toEqual(["param_missing"]);
    expect(codes(checkRule(s, fresh("/a", "b")))).toEqual(["invalid_target"]);
    expect(codes(checkRule(s, fresh("/a", "/b", { code: 303 })))).toEqual(["invalid_code"]);
    expect(codes(checkRule(s, fresh("/a", "/b", { languages: ["EN"] })))).toEqual(["invalid_language"]);
    expect(codes(checkRule(s, fresh("/a", "/b", { languages: ["fr"] })))).toEqual(["invalid_language"]);
  });

  it("allows external targets only on allowed hosts", () => {
    const s = state([]);
    expect(checkRule(s, fresh("/p", "https://partner.example/x")).errors).toEqual([]);
    const refused = checkRule(s, fresh("/p", "https://evil.example/x"));
    expect(refused.errors[0]).toMatchObject({ code: "target_host_not_allowed", field: "target" });
    expect(refused.errors[0]?.message).toContain("evil.example");
    expect(codes(checkRule(s, fresh("/p", "https://partner.example@evil.example/")))).toEqual(["invalid_target"]);
    expect(codes(checkRule(s, fresh("/p", "https://x:y@partner.example/")))).toEqual(["invalid_target"]);
  });

  it("finds a loop through existing rules and shows it", () => {
    const back = compiled("/b", "/a");
    const check = checkRule(state([back]), fresh("/a", "/b"));
    expect(check.errors).toEqual([expect.objectContaining({ code: "loop", loop: ["/a", "/b", "/a"] })]);
    expect(codes(checkRule(state([]), fresh("/s", "/s")))).toEqual(["loop"]);
  });

  it("finds loops through params, shown as the params", () => {
    const back = compiled("/y/:id", "/x/:id");
    expect(checkRule(state([back]), fresh("/x/:id", "/y/:id")).errors[0]?.loop).toEqual(["/x/:id", "/y/:id", "/x/:id"]);
  });

  it("finds a loop that only one value of a param makes", () => {
    const back = compiled("/offers/summer", "/promo/summer");
    expect(checkRule(state([back]), fresh("/promo/:slug", "/offers/:slug")).errors[0]?.loop).toEqual([
      "/promo/summer",
      "/offers/summer",
      "/promo/summer",
    ]);
  });

  it("finds a loop that only one value makes of a param that is the source's first segment", () => {
    const back = compiled("/offers/summer", "/summer");
    expect(checkRule(state([back]), fresh("/:slug", "/offers/:slug")).errors[0]?.loop).toEqual(["/summer", "/offers/summer", "/summer"]);
  });

  it("names the loop of the first language in alphabetical order, whatever order the rules were made in", () => {
    const backEn = compiled("/b", "/a", { languages: ["en"] });
    const backDe = compiled("/b", "/a", { languages: ["de"] });
    expect(checkRule(state([backEn, backDe]), fresh("/a", "/b")).errors[0]?.loop).toEqual(["/de/a", "/de/b", "/de/a"]);
  });

  it("finds a loop that only one language makes", () => {
    const back = compiled("/b", "/a", { languages: ["en"] });
    expect(checkRule(state([back]), fresh("/a", "/b")).errors[0]?.loop).toEqual(["/en/a", "/en/b", "/en/a"]);
  });

  it("does not blame an edit for a loop that was there before and that it does not touch", () => {
    const a = compiled("/a", "/b");
    const b = compiled("/b", "/a");
    const unrelated = compiled("/u", "/v");
    expect(checkRule(state([a, b, unrelated]), { ...input("/u", "/w"), id: unrelated.id }).errors).toEqual([]);
    // Leading a new URL into the old loop is a new loop.
    expect(codes(checkRule(state([a, b]), fresh("/x", "/a")))).toEqual(["loop"]);
  });

  it("refuses a second active rule for the same source and overlapping languages", () => {
    const existing = compiled("/promo", "/a", { languages: ["en", "de"] });
    const s = state([existing]);
    expect(checkRule(s, fresh("/promo", "/b", { languages: ["de"] })).errors[0]).toMatchObject({ code: "duplicate_source", ruleId: existing.id });
    expect(checkRule(s, fresh("/promo", "/b")).errors[0]).toMatchObject({ code: "duplicate_source" });
    expect(checkRule(s, fresh("/promo", "/b", { languages: ["ru"] })).errors).toEqual([]);
    expect(checkRule(s, fresh("/promo", "/b", { active: false })).errors).toEqual([]);
    // The rule itself, edited, is no duplicate of itself.
    expect(checkRule(s, { ...input("/promo", "/c", { languages: ["en"] }), id: existing.id }).errors).toEqual([]);
  });

  it("warns about shadowing both ways", () => {
    const literal = compiled("/promo/summer", "/summer");
    const s = state([literal]);
    expect(checkRule(s, fresh("/promo/:slug", "/offers/:slug", { priority: 10 })).warnings).toEqual([
      { kind: "shadows", ruleId: literal.id, source: "/promo/summer" },
    ]);
    const general = compiled("/promo/:slug", "/offers/:slug", { priority: 10 });
    expect(checkRule(state([general]), fresh("/promo/summer", "/summer")).warnings).toEqual([
      { kind: "shadowed_by", ruleId: general.id, source: "/promo/:slug" },
    ]);
    // At a lower priority the general rule hides nothing.
    expect(checkRule(s, fresh("/promo/:slug", "/offers/:slug", { priority: -1 })).warnings).toEqual([]);
  });
});

describe("checkRemoval", () => {
  it("refuses to remove a rule when the rule it hid would then loop", () => {
    const high = compiled("/a", "/b", { priority: 10 });
    const low = compiled("/a", "/c", { languages: ["en"] });
    const back = compiled("/c", "/a");
    const s = state([high, low, back]);
    expect(checkRemoval(s, high.id)[0]).toMatchObject({ code: "loop", loop: ["/en/a", "/en/c", "/en/a"] });
    expect(checkRemoval(s, back.id)).toEqual([]);
  });
});

describe("checkImport", () => {
  it("reports rows with their problems: alone, duplicates within the import, loops across it", () => {
    const rows = [
      { source: "/okay", target: "/fine" },
      { source: "bad", target: "/x" },
      { source: "/dup", target: "/one" },
      { source: "/dup", target: "/two" },
      { source: "/l1", target: "/l2" },
      { source: "/l2", target: "/l1" },
    ].map((r, row) => ({ row, input: input(r.source, r.target) }));
    const problems = checkImport(state([]), rows, "replace");
    expect(problems.map((p) => [p.row, p.code])).toEqual([
      [1, "invalid_pattern"],
      [3, "duplicate_source"],
      [4, "loop"],
      [5, "loop"],
    ]);
    expect(problems[1]?.message).toContain("row 2");
  });

  it("checks appended rows against the live rules, and replaced ones without them", () => {
    const live = compiled("/b", "/a");
    const rows = [{ row: 0, input: input("/a", "/b") }];
    expect(checkImport(state([live]), rows, "append").map((p) => p.code)).toEqual(["loop"]);
    expect(checkImport(state([live]), rows, "replace")).toEqual([]);
    const twin = [{ row: 0, input: input("/b", "/c") }];
    expect(checkImport(state([live]), twin, "append")[0]).toMatchObject({ code: "duplicate_source", ruleId: live.id });
  });

  // Its time is measured by bench/redirect-rules.bench.ts.
  it("handles thousands of rows", () => {
    const rows = Array.from({ length: 5000 }, (_, row) => ({ row, input: input(`/bulk/${row}/:x`, `/landing/${row}/:x`) }));
    expect(checkImport(state([]), rows, "replace")).toEqual([]);
  });
});

describe("samples", () => {
  it("uses neutral values, the rule's languages and its query condition", () => {
    const rule = compiled("/a/:x?k=v", "/b/:x", { languages: ["en", "de"] });
    expect(sampleUrls(rule, compileRuleSet([]), ["ru"])).toEqual(["/en/a/{:x}?k=v", "/de/a/{:x}?k=v"]);
    expect(displayChain(["/en/a/{:x}/{*rest}"])).toEqual(["/en/a/:x/*rest"]);
  });
});

// Gaps the mutation run (npm run mutation) found: each of these would let a broken rule check pass.
describe("the order rules are tried in", () => {
  it("is priority first (higher first), then the older rule", () => {
    const at = (priority: number, id: number) => ({ ...compiled("/o", "/t", { priority }), id });
    expect(triedBefore(at(2, 9), at(1, 1))).toBe(true);
    expect(triedBefore(at(1, 1), at(2, 9))).toBe(false);
    expect(triedBefore(at(1, 1), at(1, 2))).toBe(true);
    expect(triedBefore(at(1, 2), at(1, 1))).toBe(false);
    expect(triedBefore(at(1, 1), at(1, 1))).toBe(false);
  });
});

describe("what covers what", () => {
  it("needs the same number of segments unless it ends in a splat", () => {
    expect(coversRule(compiled("/promo", "/x"), compiled("/promo/summer", "/y"))).toBe(false);
    expect(coversRule(compiled("/promo/:a", "/x"), compiled("/promo", "/y"))).toBe(false);
  });

  it("tells different literals apart, and needs every language of the covered rule", () => {
    expect(coversRule(compiled("/promo/a", "/x"), compiled("/promo/b", "/y"))).toBe(false);
    expect(coversRule(compiled("/promo/a", "/x"), compiled("/promo/a", "/y"))).toBe(true);
    expect(coversRule(compiled("/a", "/x", { languages: ["en"] }), compiled("/a", "/y", { languages: ["en", "de"] }))).toBe(false);
  });

  it("needs the same value of each query condition, and lets the covered rule ask for more", () => {
    expect(coversRule(compiled("/a?k=v", "/x"), compiled("/a?k=w", "/y"))).toBe(false);
    expect(coversRule(compiled("/a?k=v", "/x"), compiled("/a?j=v", "/y"))).toBe(false);
    expect(coversRule(compiled("/a?k=v", "/x"), compiled("/a?z=1&k=v", "/y"))).toBe(true);
  });

  it("keys a source by its segments, their kinds and its query", () => {
    expect(sourceKey(compiled("/abc/def", "/t"))).not.toBe(sourceKey(compiled("/abcdef", "/t")));
    expect(sourceKey(compiled("/p?x=1", "/t"))).not.toBe(sourceKey(compiled("/p", "/t")));
    expect(sourceKey(compiled("/p/:a/*b", "/t"))).not.toBe(sourceKey(compiled("/p/:a/:b", "/t")));
    expect(sourceKey(compiled("/p/:a", "/t"))).not.toBe(sourceKey(compiled("/p/a", "/t")));
    expect(sourceKey(compiled("/p?b=1&a=2&c=3", "/t"))).toBe(sourceKey(compiled("/p?c=3&a=2&b=1", "/t")));
  });
});

describe("checkRule, further", () => {
  it("does not blame an edit inside a loop that was already there, and shows a new loop on the target field", () => {
    const a = compiled("/a", "/b");
    const b = compiled("/b", "/a");
    // The same rule of the old loop, with another priority: the loop is not this edit's doing.
    expect(checkRule(state([a, b]), { ...input("/a", "/b", { priority: 5 }), id: a.id }).errors).toEqual([]);
    expect(checkRule(state([b]), fresh("/a", "/b")).errors[0]).toMatchObject({ code: "loop", field: "target" });
  });

  it("gives no warnings with a rule it refuses on its own", () => {
    expect(checkRule(state([compiled("/promo/summer", "/s")]), fresh("promo/:x", "/o/:x", { priority: 10 }))).toEqual({
      errors: [expect.objectContaining({ code: "invalid_pattern" })],
      warnings: [],
    });
  });

  it("finds a loop that one value makes behind another param", () => {
    const back = compiled("/offers/:c/summer", "/promo/:c/summer");
    expect(codes(checkRule(state([back]), fresh("/promo/:c/:slug", "/offers/:c/:slug")))).toEqual(["loop"]);
  });

  it("allows a listed host on any port, and names the allow-list when it refuses", () => {
    const s = state([], { allowedHosts: ["partner.example", "other.example"] });
    expect(checkRule(s, fresh("/p", "https://partner.example:8443/x")).errors).toEqual([]);
    expect(checkRule(s, fresh("/p", "https://evil.example/x")).errors[0]?.message).toContain("partner.example, other.example");
    expect(checkRule(state([], { allowedHosts: [] }), fresh("/p", "https://evil.example/x")).errors[0]?.message).toContain("(the list is empty)");
    expect(checkRule(s, fresh("/p", "https://x:y@partner.example/")).errors[0]).toMatchObject({ field: "target", message: expect.stringContaining("user name or password") });
  });

  it("names the unknown languages, one or several, and the site's", () => {
    const one = checkRule(state([]), fresh("/a", "/b", { languages: ["fr"] })).errors[0];
    expect(one).toMatchObject({ field: "languages", message: "fr is not a site language (the site has ru, en, de)" });
    const two = checkRule(state([]), fresh("/a", "/b", { languages: ["fr", "it", "en"] })).errors[0];
    expect(two?.message).toBe("fr, it are not site languages (the site has ru, en, de)");
    // A site without a language list takes any.
    expect(checkRule(state([], { languages: null as unknown as string[] }), fresh("/a", "/b", { languages: ["fr"] })).errors).toEqual([]);
  });

  it("refuses a duplicate of a rule for every language, naming it", () => {
    const everywhere = compiled("/promo", "/a");
    const duplicate = checkRule(state([everywhere]), fresh("/promo", "/b", { languages: ["de"] })).errors[0];
    expect(duplicate).toMatchObject({ code: "duplicate_source", field: "source", ruleId: everywhere.id });
    expect(duplicate?.message).toContain("(all languages)");
    const scoped = compiled("/promo2", "/a", { languages: ["en", "de"] });
    expect(checkRule(state([scoped]), fresh("/promo2", "/b")).errors[0]?.message).toContain("(en, de)");
  });

  it("warns only about rules it really hides", () => {
    const general = compiled("/promo/:slug", "/offers/:slug");
    // Tried first, but a literal hides nothing of the general rule.
    expect(checkRule(state([general]), fresh("/promo/summer", "/summer", { priority: 10 })).warnings).toEqual([]);
    // An inactive rule hides nothing and warns of nothing.
    expect(checkRule(state([compiled("/promo/summer", "/s")]), fresh("/promo/:slug", "/o/:slug", { priority: 10, active: false })).warnings).toEqual([]);
  });

  it("stops at 100 warnings", () => {
    const hidden = Array.from({ length: 120 }, (_, i) => compiled(`/many/l${i}`, `/t${i}`));
    expect(checkRule(state(hidden), fresh("/many/:x", "/one/:x", { priority: 10 })).warnings).toHaveLength(100);
  });

  it("refuses an edit that moves a rule away from a URL when the rule it hid there then loops", () => {
    const high = compiled("/a", "/b", { priority: 10 });
    const low = compiled("/a", "/c", { languages: ["en"] });
    const back = compiled("/c", "/a");
    const s = state([high, low, back]);
    const moved = checkRule(s, { ...input("/z", "/b", { priority: 10 }), id: high.id });
    expect(moved.errors[0]).toMatchObject({ code: "loop", loop: ["/en/a", "/en/c", "/en/a"], message: expect.stringContaining("saving this rule") });
    const deactivated = checkRule(s, { ...input("/a", "/b", { priority: 10, active: false }), id: high.id });
    expect(deactivated.errors[0]).toMatchObject({ code: "loop", message: `deactivating rule #${high.id} would make a redirect loop: /en/a -> /en/c -> /en/a` });
    // Moving the unrelated rule is fine.
    expect(checkRule(s, { ...input("/c2", "/a"), id: back.id }).errors).toEqual([]);
  });

  it("looks for loops at the edited rule's old URLs, wherever the rule stands in the order", () => {
    const top = compiled("/z9", "/y9", { priority: 100 });
    const high = compiled("/a", "/b", { priority: 10 });
    const low = compiled("/a", "/c", { languages: ["en"] });
    const back = compiled("/c", "/a");
    const moved = checkRule(state([top, high, low, back]), { ...input("/z", "/b", { priority: 10 }), id: high.id });
    expect(moved.errors[0]).toMatchObject({ code: "loop", loop: ["/en/a", "/en/c", "/en/a"] });
  });

  it("shows a loop through a splat as the splat", () => {
    const back = compiled("/y/*rest", "/x/*rest");
    expect(checkRule(state([back]), fresh("/x/*rest", "/y/*rest")).errors[0]?.loop).toEqual(["/x/*rest", "/y/*rest", "/x/*rest"]);
  });
});

describe("checkRemoval, further", () => {
  it("has nothing to say about a rule that is not there", () => {
    expect(checkRemoval(state([compiled("/a", "/b")]), 987_654_321)).toEqual([]);
  });

  it("looks for the loop at the removed rule's URLs, wherever the rule stands in the order", () => {
    const top = compiled("/z9", "/y9", { priority: 100 });
    const high = compiled("/a", "/b", { priority: 10 });
    const low = compiled("/a", "/c");
    const back = compiled("/c", "/a");
    expect(checkRemoval(state([top, high, low, back]), high.id)[0]).toMatchObject({ code: "loop", loop: ["/a", "/c", "/a"] });
  });

  it("says which removal makes the loop", () => {
    const high = compiled("/a", "/b", { priority: 10 });
    const low = compiled("/a", "/c");
    const back = compiled("/c", "/a");
    expect(checkRemoval(state([high, low, back]), high.id)[0]?.message).toBe(`removing rule #${high.id} would make a redirect loop: /a -> /c -> /a`);
  });
});

describe("checkImport, further", () => {
  it("lets an inactive row share a source, and names the twin row without a rule id", () => {
    const rows = [
      { row: 0, input: input("/same", "/one") },
      { row: 1, input: input("/same", "/two", { active: false }) },
      { row: 2, input: input("/same", "/three") },
    ];
    const problems = checkImport(state([]), rows, "replace");
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ row: 2, code: "duplicate_source", field: "source" });
    expect(problems[0]).not.toHaveProperty("ruleId");
    expect(problems[0]?.message).toBe("row 0 already redirects /same (all languages); languages overlap");
  });

  it("names a live twin by its rule number", () => {
    const live = compiled("/b", "/a");
    expect(checkImport(state([live]), [{ row: 0, input: input("/b", "/c") }], "append")[0]?.message).toBe(
      `rule #${live.id} already redirects /b (all languages); languages overlap`,
    );
  });

  it("does not check an inactive row for loops", () => {
    const rows = [
      { row: 0, input: input("/l1", "/l2") },
      { row: 1, input: input("/l2", "/l1") },
      { row: 2, input: input("/l1", "/elsewhere", { active: false }) },
    ];
    expect(checkImport(state([]), rows, "replace").map((p) => [p.row, p.code])).toEqual([
      [0, "loop"],
      [1, "loop"],
    ]);
  });

  it("lists the problems by row, loops among them", () => {
    const rows = [
      { row: 0, input: input("/l1", "/l2") },
      { row: 1, input: input("/l2", "/l1") },
      { row: 2, input: input("bad", "/x") },
    ];
    const problems = checkImport(state([]), rows, "replace");
    expect(problems.map((p) => [p.row, p.code])).toEqual([
      [0, "loop"],
      [1, "loop"],
      [2, "invalid_pattern"],
    ]);
    expect(problems[0]?.message).toBe("this row would make a redirect loop: /l1 -> /l2 -> /l1");
  });
});

describe("samples, further", () => {
  it("samples the root as / and as each language's root, with the query condition", () => {
    const root = compiled("/?from=ad", "/promo");
    expect(sampleUrls(root, buildRuleSet([root]), ["en", "de"])).toEqual(["/?from=ad", "/en?from=ad", "/de?from=ad"]);
  });

  it("stops at 64 URLs however many languages and values there are", () => {
    const literals = Array.from({ length: 40 }, (_, i) => compiled(`/offers/v${i}`, `/x${i}`));
    const rule = compiled("/promo/:slug", "/offers/:slug");
    const set = buildRuleSet([...literals, rule]);
    const languages = ["ru", "en", "de", "tr", "uk", "kk", "az", "ar", "fa"];
    expect(sampleUrls(rule, set, languages)).toHaveLength(64);
  });

  it("tries at most 16 literal values of one param", () => {
    const literals = Array.from({ length: 40 }, (_, i) => compiled(`/offers/v${i}`, `/x${i}`));
    const rule = compiled("/promo/:slug", "/offers/:slug", { languages: ["en"] });
    const urls = sampleUrls(rule, buildRuleSet([...literals, rule]), []);
    expect(urls).toHaveLength(17);
    expect(urls[0]).toBe("/en/promo/{:slug}");
  });
});
