import { z } from "zod";
import { signJwt, verifyJwt } from "./jwt.ts";
import { hmacHex } from "./signing.ts";

/**
 * The fake Google one-tap provider living inside the platform: it signs ID-token-like JWTs
 * (HS256) with a key derived from PLATFORM_SECRET, and the one-tap endpoint checks them as it
 * would check Google's.
 */

export function providerKey(platformSecret: string): string {
  return hmacHex(platformSecret, "fake-google-one-tap-provider");
}

export const credentialClaims = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().trim().toLowerCase().max(200).email(),
  name: z.string().trim().max(200).default(""),
  aud: z.string(),
  exp: z.number(),
});
export type CredentialClaims = z.infer<typeof credentialClaims>;

export function issueCredential(platformSecret: string, claims: { sub: string; email: string; name: string; aud: string; exp: number }): string {
  return signJwt({ iss: "https://accounts.google.com", email_verified: true, iat: claims.exp - 3_600, ...claims }, providerKey(platformSecret));
}

export type CredentialCheck = { ok: true; claims: CredentialClaims } | { ok: false; reason: string };

/** Signature, shape, audience and expiry of a one-tap credential. */
export function verifyCredential(platformSecret: string, clientId: string, credential: string, nowSeconds: number): CredentialCheck {
  const jwt = verifyJwt(credential, providerKey(platformSecret));
  if (!jwt.ok) return jwt;
  const parsed = credentialClaims.safeParse(jwt.payload);
  if (!parsed.success) return { ok: false, reason: `claims: ${parsed.error.issues[0]?.path.join(".")} ${parsed.error.issues[0]?.message}` };
  if (parsed.data.aud !== clientId) return { ok: false, reason: "issued for another client id" };
  if (parsed.data.exp <= nowSeconds) return { ok: false, reason: "expired" };
  return { ok: true, claims: parsed.data };
}
