import { describe, expect, it } from "vitest";
import { maskEmail, maskPhone } from "./mask";

describe("masked contacts", () => {
  it("keeps the first letter and the domain of an e-mail", () => {
    expect(maskEmail("anna.schmidt@example.com")).toBe("a•••@example.com");
    expect(maskEmail("@example.com")).toBeNull();
    expect(maskEmail(null)).toBeNull();
  });
  it("keeps the country code and the last two digits of a phone", () => {
    expect(maskPhone("49", "3012345678")).toBe("+49 ••• ••• 78");
    expect(maskPhone("+7", "999 123-45-67")).toBe("+7 ••• ••• 67");
    expect(maskPhone(null, "12345")).toBe("••• ••• 45");
    expect(maskPhone("7", null)).toBeNull();
  });
});
