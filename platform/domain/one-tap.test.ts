import { describe, expect, it } from "vitest";
import { signJwt } from "./jwt.ts";
import { issueCredential, providerKey, verifyCredential } from "./one-tap.ts";

const secret = "x".repeat(40);
const now = 1_800_000_000;
const claims = { sub: "g-1", email: "Fan@Example.com", name: "Fan", aud: "client-1", exp: now + 600 };

describe("one-tap credentials", () => {
  it("accepts its own credential for the right client, e-mail lower-cased", () => {
    const check = verifyCredential(secret, "client-1", issueCredential(secret, claims), now);
    expect(check).toEqual({ ok: true, claims: { sub: "g-1", email: "fan@example.com", name: "Fan", aud: "client-1", exp: now + 600 } });
  });

  it("refuses another audience, an expired credential and another key", () => {
    expect(verifyCredential(secret, "client-2", issueCredential(secret, claims), now)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/client id/),
    });
    expect(verifyCredential(secret, "client-1", issueCredential(secret, { ...claims, exp: now }), now)).toEqual({ ok: false, reason: "expired" });
    expect(verifyCredential("y".repeat(40), "client-1", issueCredential(secret, claims), now).ok).toBe(false);
  });

  it("refuses a validly signed token without the claims", () => {
    const token = signJwt({ sub: "g-1", aud: "client-1", exp: now + 60 }, providerKey(secret));
    expect(verifyCredential(secret, "client-1", token, now)).toMatchObject({ ok: false, reason: expect.stringMatching(/^claims: email/) });
  });
});
