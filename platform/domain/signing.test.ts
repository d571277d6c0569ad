import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { codeHash, loginLinkSign, newsletterToken, randomDigits, randomToken, sameHex } from "./signing.ts";

describe("signing", () => {
  it("signs login links as hex HMAC-SHA256 of method_id:token", () => {
    const expected = createHmac("sha256", "s3cret").update("7:abc").digest("hex");
    expect(loginLinkSign("s3cret", 7, "abc")).toBe(expected);
    expect(loginLinkSign("s3cret", 7, "abc")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("signs newsletter links over the lower-case e-mail", () => {
    expect(newsletterToken("k", " Mail@Example.COM ")).toBe(createHmac("sha256", "k").update("mail@example.com").digest("hex"));
  });

  it("compares hex in constant time and refuses odd input", () => {
    const a = loginLinkSign("k", 1, "t");
    expect(sameHex(a, a)).toBe(true);
    expect(sameHex(a, a.toUpperCase())).toBe(true);
    expect(sameHex(a, loginLinkSign("k", 2, "t"))).toBe(false);
    expect(sameHex(a, a.slice(2))).toBe(false);
    expect(sameHex("zz", "zz")).toBe(false);
  });

  it("binds code hashes to user and purpose", () => {
    expect(codeHash("k", "two_step", 1, "123456")).not.toBe(codeHash("k", "two_step", 2, "123456"));
    expect(codeHash("k", "two_step", 1, "123456")).not.toBe(codeHash("k", "sms_login", 1, "123456"));
    expect(codeHash("k", "two_step", 1, "123456")).toBe(codeHash("k", "two_step", 1, "123456"));
  });

  it("makes tokens of 43 base64url characters and codes of digits", () => {
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(randomToken());
    for (let i = 0; i < 50; i++) expect(randomDigits(6)).toMatch(/^\d{6}$/);
  });
});
