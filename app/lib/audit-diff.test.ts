import { describe, expect, it } from "vitest";
import { changes, flatten, oneSideFields, showValue } from "./audit-diff";

describe("audit diff", () => {
  it("flattens objects by path, arrays and deep values whole", () => {
    expect([...flatten({ value: { isActive: true, hosts: ["a", "b"] }, n: 1 })]).toEqual([
      ["value.isActive", true],
      ["value.hosts", ["a", "b"]],
      ["n", 1],
    ]);
    expect([...flatten({ a: { b: { c: { d: { e: 1 } } } } })]).toEqual([["a.b.c.d", { e: 1 }]]);
    expect([...flatten({})]).toEqual([["·", {}]]);
  });

  it("lists what changed, was added or removed, not bookkeeping", () => {
    const before = { priority: 10, note: "", updated_at: "2030-01-01", value: { list: [1] } };
    const after = { priority: 20, note: "", updated_at: "2030-01-02", value: { list: [1, 2] }, active: true };
    expect(changes(before, after)).toEqual([
      { path: "priority", before: 10, after: 20, kind: "changed" },
      { path: "value.list", before: [1], after: [1, 2], kind: "changed" },
      { path: "active", before: undefined, after: true, kind: "added" },
    ]);
    expect(changes({ a: 1 }, { a: 1 })).toEqual([]);
  });

  it("shows a creation's or a deletion's one side without its id and bookkeeping", () => {
    expect(oneSideFields(null, { id: 4, source: "/a", created_by: "ops" })).toEqual([["source", "/a"]]);
    expect(oneSideFields({ id: 4, pattern: "US" }, null)).toEqual([["pattern", "US"]]);
    expect(oneSideFields({ a: 1 }, { a: 2 })).toBeNull();
    expect(showValue(undefined)).toBe("—");
    expect(showValue("x")).toBe('"x"');
  });
});
