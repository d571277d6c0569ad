import { describe, expect, it } from "vitest";
import { wholeFormErrors } from "./Field";

describe("wholeFormErrors", () => {
  it("keeps the server's refusal of the whole form while conform has dropped it", () => {
    expect(wholeFormErrors({ status: "error", error: { "": ["auth.errors.wrong"] } }, undefined)).toEqual(["auth.errors.wrong"]);
  });
  it("falls back to conform's own errors when the server refused no field of the whole form", () => {
    expect(wholeFormErrors({ status: "error", error: { email: ["bad"] } }, ["live"])).toEqual(["live"]);
    expect(wholeFormErrors(undefined, undefined)).toBeUndefined();
    expect(wholeFormErrors({ status: "success" }, undefined)).toBeUndefined();
  });
});
