import { describe, expect, it } from "vitest";
import { firstInvalid, takesFocus } from "./focus";

describe("firstInvalid", () => {
  it("is the first field with an error in the order given, not in the errors' order", () => {
    const fields = [{ name: "country" }, { name: "email", errors: ["required"] }, { name: "terms", errors: ["required"] }];
    expect(firstInvalid(fields)).toBe("email");
    expect(firstInvalid([...fields].reverse())).toBe("terms");
  });

  it("skips fields the form does not show and fields with an empty error list", () => {
    expect(firstInvalid([false, null, undefined, { name: "a", errors: [] }, { name: "b", errors: null }, { name: "c", errors: ["x"] }])).toBe("c");
  });

  it("is undefined when no field has an error", () => {
    expect(firstInvalid([{ name: "a" }, { name: "b", errors: [] }])).toBeUndefined();
    expect(firstInvalid([])).toBeUndefined();
  });
});

describe("takesFocus", () => {
  it("gives autofocus only to the first invalid field when there is one", () => {
    expect(takesFocus("email", "email", undefined)).toBe(true);
    expect(takesFocus("email", "code", true)).toBeUndefined();
  });

  it("keeps a control's own autofocus when nothing is invalid", () => {
    expect(takesFocus(undefined, "code", true)).toBe(true);
    expect(takesFocus(undefined, "code", undefined)).toBeUndefined();
  });
});
