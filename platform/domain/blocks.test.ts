import { describe, expect, it } from "vitest";
import { type BlockRuleInput, type BlockVisitor, blockPatternError, checkBlock, pathHasPrefix, pathWithoutLanguage } from "./blocks.ts";

let nextId = 1;
function rule(kind: BlockRuleInput["kind"], pattern: string, reason: number, extra: Partial<BlockRuleInput> = {}): BlockRuleInput {
  return { id: nextId++, kind, pattern, reason, template_type_id: 1, applies_to: "all", active: true, priority: 0, ...extra };
}
const visitor = (extra: Partial<BlockVisitor> = {}): BlockVisitor => ({
  isAuth: false,
  country: "DE",
  userAgent: "Mozilla/5.0 Chrome/120",
  path: "/ru/sports",
  ...extra,
});
const none = { displayTypeId: null, templateTypeId: null };

describe("blockPatternError", () => {
  it.each([
    ["country", "KP", null],
    ["country", "kp", "two upper-case"],
    ["country", "KPX", "two upper-case"],
    ["user_agent", "MSIE [1-9]\\.|Trident/[4-7]\\.", null],
    ["user_agent", "Opera (", "not a valid regular expression"],
    ["user_agent", "", "must not be empty"],
    ["path", "/fishinghunting", null],
    ["path", "/", null],
    ["path", "fishinghunting", "single"],
    ["path", "//x", "single"],
    ["path", "/x/", 'does not end with "/"'],
    ["path", "/x?y=1", "no query"],
    ["path", "/a//b", "no empty segments"],
    ["path", "/ru/x", "language prefix"],
  ] as const)("%s %j", (kind, pattern, problem) => {
    const error = blockPatternError(kind, pattern);
    if (problem === null) expect(error).toBeNull();
    else expect(error).toContain(problem);
  });
});

describe("paths", () => {
  it("strips the language prefix and matches on segment boundaries", () => {
    expect(pathWithoutLanguage("/ru/fishinghunting/x")).toBe("/fishinghunting/x");
    expect(pathWithoutLanguage("/ru")).toBe("/");
    expect(pathWithoutLanguage("/fishinghunting")).toBe("/fishinghunting");
    expect(pathHasPrefix("/fishinghunting", "/fishinghunting")).toBe(true);
    expect(pathHasPrefix("/fishinghunting/", "/fishinghunting")).toBe(true);
    expect(pathHasPrefix("/fishinghunting/a", "/fishinghunting")).toBe(true);
    expect(pathHasPrefix("/fishinghuntingx", "/fishinghunting")).toBe(false);
    expect(pathHasPrefix("/anything", "/")).toBe(true);
  });
});

describe("checkBlock", () => {
  it("answers nulls when nothing matches", () => {
    expect(checkBlock([rule("country", "KP", 1)], visitor())).toEqual(none);
  });

  it("matches country, user agent (case-insensitive) and path", () => {
    expect(checkBlock([rule("country", "KP", 1)], visitor({ country: "KP" }))).toEqual({ displayTypeId: 1, templateTypeId: 1 });
    expect(checkBlock([rule("country", "KP", 1)], visitor({ country: null }))).toEqual(none);
    expect(checkBlock([rule("user_agent", "opera mini", 13)], visitor({ userAgent: "Opera Mini/8" })).displayTypeId).toBe(13);
    expect(checkBlock([rule("path", "/fishinghunting", 8, { template_type_id: 2 })], visitor({ path: "/en/fishinghunting/x" }))).toEqual({
      displayTypeId: 8,
      templateTypeId: 2,
    });
  });

  it("honours applies_to", () => {
    const guests = rule("country", "DE", 3, { applies_to: "guests" });
    const users = rule("country", "DE", 5, { applies_to: "users" });
    expect(checkBlock([guests, users], visitor({ isAuth: false })).displayTypeId).toBe(3);
    expect(checkBlock([guests, users], visitor({ isAuth: true })).displayTypeId).toBe(5);
  });

  it("takes the highest priority, then the lowest id, among active rules", () => {
    const first = rule("country", "DE", 1);
    const second = rule("country", "DE", 2);
    const urgent = rule("path", "/", 4, { priority: 10 });
    const off = rule("country", "DE", 16, { priority: 99, active: false });
    expect(checkBlock([second, first], visitor()).displayTypeId).toBe(1);
    expect(checkBlock([second, first, urgent, off], visitor()).displayTypeId).toBe(4);
  });

  it("never matches with an invalid stored expression", () => {
    expect(checkBlock([rule("user_agent", "(", 13)], visitor({ userAgent: "(" }))).toEqual(none);
  });
});
