import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Compact JWTs signed with HS256, as the fake one-tap provider issues them. Only HS256 is
 * accepted on verify: a token naming another algorithm ("none" above all) is refused.
 */

const HEADER = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");

function signature(secret: string, signingInput: string): Buffer {
  return createHmac("sha256", secret).update(signingInput).digest();
}

export function signJwt(payload: Record<string, unknown>, secret: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${HEADER}.${body}.${signature(secret, `${HEADER}.${body}`).toString("base64url")}`;
}

export type JwtResult = { ok: true; payload: unknown } | { ok: false; reason: string };

/** Checks the shape, algorithm and signature; the caller checks the claims. */
export function verifyJwt(token: string, secret: string): JwtResult {
  const parts = token.split(".");
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p))) return { ok: false, reason: "not a compact JWT" };
  const [header, body, sig] = parts as [string, string, string];
  let parsedHeader: unknown;
  let payload: unknown;
  try {
    parsedHeader = JSON.parse(Buffer.from(header, "base64url").toString("utf8"));
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "header or payload is not JSON" };
  }
  if (typeof parsedHeader !== "object" || parsedHeader === null || (parsedHeader as { alg?: unknown }).alg !== "HS256") {
    return { ok: false, reason: "algorithm must be HS256" };
  }
  const expected = signature(secret, `${header}.${body}`);
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "bad signature" };
  return { ok: true, payload };
}
