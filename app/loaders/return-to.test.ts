import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./return-to";

describe("safeReturnPath", () => {
  it("keeps paths of this site with their query", () => {
    expect(safeReturnPath("/ru/live?sport=1", "/ru")).toBe("/ru/live?sport=1");
  });
  it.each([
    "https://evil.example/",
    "//evil.example/x",
    "/\\evil.example",
    "javascript:alert(1)",
    "ru/live",
    "",
    "/\u0000x",
    "/%0d%0aSet-Cookie:x",
  ])("refuses %j", (value) => {
    const result = safeReturnPath(value, "/ru");
    expect(result.startsWith("/") && !result.startsWith("//")).toBe(true);
    if (!value.startsWith("/%0d")) expect(result).toBe("/ru");
  });
  it("refuses non-strings", () => {
    expect(safeReturnPath(undefined, "/en")).toBe("/en");
    expect(safeReturnPath(42, "/en")).toBe("/en");
  });
});
