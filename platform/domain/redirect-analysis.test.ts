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
