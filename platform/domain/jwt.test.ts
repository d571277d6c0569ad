import { describe, expect, it } from "vitest";
import { signJwt, verifyJwt } from "./jwt.ts";

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");

describe("HS256 JWT", () => {
  it("round-trips a payload", () => {
    const token = signJwt({ sub: "1", exp: 2 }, "k");
    expect(token.split(".")).toHaveLength(3);
    expect(verifyJwt(token, "k")).toEqual({ ok: true, payload: { sub: "1", exp: 2 } });
  });

  it("refuses another key, a changed payload and garbage", () => {
    const token = signJwt({ sub: "1" }, "k");
    expect(verifyJwt(token, "other").ok).toBe(false);
    const [h, , s] = token.split(".");
    expect(verifyJwt(`${h}.${b64({ sub: "2" })}.${s}`, "k").ok).toBe(false);
    expect(verifyJwt("a.b", "k").ok).toBe(false);
    expect(verifyJwt("a.b.c", "k").ok).toBe(false);
    expect(verifyJwt("", "k").ok).toBe(false);
  });

  it("refuses alg none", () => {
    const token = `${b64({ alg: "none", typ: "JWT" })}.${b64({ sub: "1" })}.`;
    expect(verifyJwt(token, "k")).toEqual({ ok: false, reason: "algorithm must be HS256" });
  });
});
