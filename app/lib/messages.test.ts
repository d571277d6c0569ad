import { describe, expect, it } from "vitest";
import { messageWithValue, translate } from "./messages";

const t = (key: string, options?: Record<string, unknown>) => (options ? `${key}(${String(options.value)})` : `[${key}]`);

describe("server messages", () => {
  it("translate a bare key", () => {
    expect(translate(t, "ops.errors.required")).toBe("[ops.errors.required]");
  });

  it("carry a value, even one holding the separator", () => {
    expect(translate(t, messageWithValue("ops.transfer.errors.invalidJson", "bad :: token"))).toBe("ops.transfer.errors.invalidJson(bad :: token)");
  });
});
