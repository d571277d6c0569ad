import { describe, expect, it } from "vitest";
import { blockRuleFields } from "./blocks";
import { fieldsOf } from "./kit";
import { redirectRuleFields } from "./redirects";
import { importFields } from "./transfer";

describe("the ops forms' field lists", () => {
  it("give their fields in the order the form shows them, rows flattened, files left out", () => {
    expect(fieldsOf(redirectRuleFields).map((f) => f.name)).toEqual(["source", "target", "code", "priority", "languages", "active", "note"]);
    expect(fieldsOf(blockRuleFields).map((f) => f.name)).toEqual(["kind", "appliesTo", "pattern", "reason", "priority", "note"]);
    expect(fieldsOf(importFields).map((f) => f.name)).toEqual(["json", "mode", "confirmReplace"]);
  });
});
