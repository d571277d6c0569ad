import { randomBytes } from "node:crypto";
import { env } from "~/env.server";
import { sessionToken } from "~/lib/request.server";

/**
 * The headers every answer of the site carries (decision 024): the content security policy
 * with a per-request nonce, HSTS when the public origin is https, and `private, no-store` on
 * signed-in pages and on anything that sets a cookie.
 */

/** 128 random bits, base64: fresh for every rendered page. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    // Only scripts carrying this page's nonce run, and the scripts they load ('strict-dynamic'):
    // Remix's module scripts, React's streaming scripts, then the chunks they import.
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
  ].join("; ");
}

export const CSP_HEADER = env.CSP_REPORT_ONLY === "1" ? "Content-Security-Policy-Report-Only" : "Content-Security-Policy";

const staticHeaders: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  // Not `no-referrer`: with it browsers post forms with `Origin: null`.
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "SAMEORIGIN",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
};

const hsts = env.PUBLIC_ORIGIN?.startsWith("https:") ? "max-age=31536000; includeSubDomains" : null;

/** Headers of every answer: documents, data requests and resource routes. */
export function applySecurityHeaders(headers: Headers, request: Request): void {
  for (const [k, v] of Object.entries(staticHeaders)) if (!headers.has(k)) headers.set(k, v);
  if (hsts) headers.set("Strict-Transport-Security", hsts);
  // A page for a signed-in visitor, or anything that sets a cookie, is nobody else's.
  if (sessionToken(request) !== null || headers.has("Set-Cookie")) headers.set("Cache-Control", "private, no-store");
}

/** A document: the above plus the content security policy with the page's nonce. */
export function applyDocumentHeaders(headers: Headers, request: Request, nonce: string): void {
  applySecurityHeaders(headers, request);
  headers.set(CSP_HEADER, contentSecurityPolicy(nonce));
}
