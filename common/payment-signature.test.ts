import { describe, expect, it } from "vitest";
import { SIGNATURE_WINDOW_SECONDS, signPayload, verifySignature } from "./payment-signature.ts";

const SECRET = "s".repeat(40);
const BODY = '{"id":"pp_1","status":"success","amount":10000}';
const NOW = 1_800_000_000;

describe("payment message signatures", () => {
  it("accepts its own signature over the same bytes within the window, either side", () => {
    expect(verifySignature(SECRET, BODY, signPayload(SECRET, BODY, NOW), NOW)).toEqual({ ok: true, timestamp: NOW });
    expect(verifySignature(SECRET, BODY, signPayload(SECRET, BODY, NOW - SIGNATURE_WINDOW_SECONDS), NOW).ok).toBe(true);
    expect(verifySignature(SECRET, BODY, signPayload(SECRET, BODY, NOW + SIGNATURE_WINDOW_SECONDS), NOW).ok).toBe(true);
  });

  it("refuses a signature one second outside the window as stale", () => {
    expect(verifySignature(SECRET, BODY, signPayload(SECRET, BODY, NOW - SIGNATURE_WINDOW_SECONDS - 1), NOW)).toEqual({ ok: false, reason: "stale" });
    expect(verifySignature(SECRET, BODY, signPayload(SECRET, BODY, NOW + SIGNATURE_WINDOW_SECONDS + 1), NOW)).toEqual({ ok: false, reason: "stale" });
  });

  it("refuses another secret, another body, a re-dated timestamp and a changed digit", () => {
    const header = signPayload(SECRET, BODY, NOW);
    expect(verifySignature("t".repeat(40), BODY, header, NOW)).toEqual({ ok: false, reason: "mismatch" });
    expect(verifySignature(SECRET, BODY.replace("10000", "10001"), header, NOW)).toEqual({ ok: false, reason: "mismatch" });
    expect(verifySignature(SECRET, BODY, header.replace(`t=${NOW}`, `t=${NOW + 1}`), NOW)).toEqual({ ok: false, reason: "mismatch" });
    const digit = header.at(-1) === "0" ? "1" : "0";
    expect(verifySignature(SECRET, BODY, header.slice(0, -1) + digit, NOW)).toEqual({ ok: false, reason: "mismatch" });
  });

  it("refuses a missing or malformed header before any MAC is computed", () => {
    expect(verifySignature(SECRET, BODY, undefined, NOW)).toEqual({ ok: false, reason: "missing" });
    expect(verifySignature(SECRET, BODY, "", NOW)).toEqual({ ok: false, reason: "missing" });
    for (const bad of ["t=1", "v1=abc", `t=x,v1=${"0".repeat(64)}`, `t=1,v1=${"0".repeat(63)}`, `t=1,v1=${"G".repeat(64)}`, `v1=${"0".repeat(64)},t=1`]) {
      expect(verifySignature(SECRET, BODY, bad, NOW), bad).toEqual({ ok: false, reason: "malformed" });
    }
  });
});
