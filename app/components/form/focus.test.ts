import { describe, expect, it } from "vitest";
import { FORM_ERRORS_TARGET, focusTarget, firstInvalid, takesFocus } from "./focus";

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

describe("focusTarget", () => {
  it("is the first invalid field, even when the form has errors of its own", () => {
    expect(focusTarget([{ name: "a" }, { name: "b", errors: ["x"] }], ["refused"])).toBe("b");
  });

  it("is the error summary when only the form as a whole was refused, and nothing without errors", () => {
    expect(focusTarget([{ name: "a" }, { name: "b", errors: [] }], ["auth.errors.wrong"])).toBe(FORM_ERRORS_TARGET);
    expect(focusTarget([{ name: "a" }], [])).toBeUndefined();
    expect(focusTarget([{ name: "a" }], undefined)).toBeUndefined();
  });

  it("takes the fields' own autofocus away while the summary has it", () => {
    expect(takesFocus(FORM_ERRORS_TARGET, "uLogin", true)).toBeUndefined();
  });
});
