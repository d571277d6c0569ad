import type { HttpBindings } from "@hono/node-server";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { normaliseAddress } from "../domain/client-address.ts";
import { requestPathAndQuery } from "../domain/redirects.ts";

/** The one error shape every platform API answers with; `extra` adds fields such as retryAfterSeconds. */
export function apiError(c: Context, status: ContentfulStatusCode, code: string, message: string, extra?: Record<string, unknown>) {
  return c.json({ error: { code, message, ...extra } }, status);
}

/** 429 with the seconds until the limit's window closes (also as Retry-After). */
export function rateLimited(c: Context, retryAfterSeconds: number, what: string) {
  c.header("retry-after", String(retryAfterSeconds));
  return apiError(c, 429, "rate_limited", `Too many ${what}; try again in ${retryAfterSeconds} s`, { retryAfterSeconds });
}

export const CLIENT_IP_HEADER = "x-client-ip";

declare module "hono" {
  interface ContextVariableMap {
    /** Whether this request's peer is one of the site's copies, whose x-client-ip is believed. */
    trustedCaller: boolean;
  }
}

const peerOf = (c: Context) => (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket;

/**
 * Marks the requests whose x-client-ip is believed: those from `callers`, the site's copies
 * (PLATFORM_TRUSTED_CALLERS), and in-process ones (unit tests' app.request, which has no
 * socket). Anyone else who reaches the platform is named by its socket, so a caller cannot pick
 * its rate-limit bucket by claiming another address (decision 012).
 */
export function trustClientAddressFrom(callers: readonly string[]): MiddlewareHandler {
  const trusted = new Set(callers.map((a) => normaliseAddress(a)).filter((a): a is string => a !== null));
  return (c, next) => {
    const socket = peerOf(c);
    const peer = normaliseAddress(socket?.remoteAddress);
    c.set("trustedCaller", !socket || (peer !== null && trusted.has(peer)));
    return next();
  };
}

/**
 * The visitor's address for rate limits: a trusted caller (the site) passes it in x-client-ip;
 * anyone else, and a trusted caller without it, is the socket's. A trusted caller's header that is
 * not an IP address is bad input. An API used without trustClientAddressFrom believes only
 * in-process requests.
 */
export function clientAddress(c: Context): Parsed<string> {
  const socket = peerOf(c);
  const header = c.req.header(CLIENT_IP_HEADER);
  if (header !== undefined && (c.get("trustedCaller") ?? !socket)) {
    const address = normaliseAddress(header);
    if (!address) return { ok: false, response: apiError(c, 400, "bad_request", `${CLIENT_IP_HEADER}: expected an IP address`) };
    return { ok: true, data: address };
  }
  return { ok: true, data: normaliseAddress(socket?.remoteAddress) ?? "unknown" };
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

/**
 * Refuses bodies over `maxSize` bytes with `onTooLarge`. A JSON body is read straight from Node's
 * request stream into Hono's body cache, so c.req.text() and c.req.json() never build a web
 * Request with its streams (a visible part of every API call's CPU). Other bodies, and requests
 * without Node's stream (app.request in tests), go through Hono's bodyLimit.
 */
export function bodiesUpTo(maxSize: number, onTooLarge: (c: Context) => Response): MiddlewareHandler {
  const fallback = bodyLimit({ maxSize, onError: onTooLarge });
  const decoder = new TextDecoder();
  return async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
    if (!incoming || !(c.req.header("content-type") ?? "").toLowerCase().startsWith("application/json")) return fallback(c, next);
    if (Number(c.req.header("content-length") ?? 0) > maxSize) return onTooLarge(c);
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      // destroyOnReturn false: leaving the loop early must not reset the connection before the
      // 413 is written (the server discards the rest of the body after the answer).
      for await (const chunk of incoming.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > maxSize) return onTooLarge(c);
        chunks.push(chunk);
      }
    } catch {
      return apiError(c, 400, "bad_request", "body: the upload broke off");
    }
    // TextDecoder, as Request.text() does: invalid bytes become U+FFFD and a leading BOM goes.
    // Hono keeps promises in its body cache, though its type names the values.
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(decoder.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    return next();
  };
}

/**
 * Whether a parsed input holds a NUL character anywhere (keys included). PostgreSQL stores no
 * NUL in text or jsonb, so such input would fail at the write: it is refused as bad input first.
 * Iterative, so a deeply nested document cannot overflow the stack.
 */
export function containsNul(input: unknown): boolean {
  const pending: unknown[] = [input];
  while (pending.length) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (value.includes("\u0000")) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes("\u0000")) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

function parseWith<T extends z.ZodTypeAny>(c: Context, schema: T, input: unknown, what: string): Parsed<z.infer<T>> {
  if (containsNul(input)) return { ok: false, response: apiError(c, 400, "bad_request", `${what}: text must not contain NUL characters`) };
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    response: apiError(c, 400, "bad_request", `${issue?.path.join(".") || what}: ${issue?.message ?? "invalid"}`),
  };
}

/** Parses query parameters with zod; on failure answers 400 with the first problem. */
export function parseQuery<T extends z.ZodTypeAny>(c: Context, schema: T): Parsed<z.infer<T>> {
  return parseWith(c, schema, c.req.query(), "query");
}

/** Parses path parameters with zod; on failure answers 400. */
export function parseParams<T extends z.ZodTypeAny>(c: Context, schema: T): Parsed<z.infer<T>> {
  return parseWith(c, schema, c.req.param(), "path");
}

/** Parses the request headers (lower-case names) with zod; on failure answers 400. */
export function parseHeaders<T extends z.ZodTypeAny>(c: Context, schema: T): Parsed<z.infer<T>> {
  return parseWith(c, schema, c.req.header(), "headers");
}

/** Parses a JSON body with zod; a missing or malformed body is a 400 like any other bad input. */
export async function parseJsonBody<T extends z.ZodTypeAny>(c: Context, schema: T): Promise<Parsed<z.infer<T>>> {
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    return { ok: false, response: apiError(c, 400, "bad_request", "body: expected a JSON document") };
  }
  return parseWith(c, schema, body, "body");
}

/** Postgres unique-violation, raised by both pg and PGlite. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
}

export const COUNTRY_HEADER = "x-country-code";

/** A currency as ISO 4217 letters, in any case; answered upper-case. */
export const currencyCode = z
  .string()
  .regex(/^[A-Za-z]{3}$/, "expected an ISO 4217 code")
  .transform((v) => v.toUpperCase());

/** The visitor's country as the site passes it; anything but two letters counts as unknown. */
export function countryOf(c: Context): string | null {
  const raw = c.req.header(COUNTRY_HEADER)?.trim().toUpperCase();
  return raw && /^[A-Z]{2}$/.test(raw) ? raw : null;
}

/** A URL the site asks about: a path with optional query, or an absolute http(s) URL; gives path+query. */
export const requestUrl = z
  .string()
  .min(1)
  .max(4096)
  .transform((url, ctx) => {
    const pathAndQuery = requestPathAndQuery(url);
    if (pathAndQuery === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'expected a path starting with "/" or an http(s) URL' });
      return z.NEVER;
    }
    return pathAndQuery;
  });

const nulMessage = (where: string) => `${where}: text must not contain NUL characters`;

/**
 * Refuses U+0000 anywhere in a request before any API sees it: in the path or query (raw or
 * percent-encoded), in a JSON body, in a url-encoded or multipart form. PostgreSQL stores no NUL,
 * so such input would otherwise fail deep inside a write; every handler's own parsing refuses
 * it too, this makes it one answer for every route (issue 11). Bodies that do not parse are left
 * to the handler, which answers its own 400.
 */
export const refuseNulBytes: MiddlewareHandler = async (c, next) => {
  const url = c.req.url;
  const pathAndQuery = url.slice(url.indexOf("/", url.indexOf("//") + 2));
  if (/%00|\u0000/i.test(pathAndQuery)) return apiError(c, 400, "bad_request", nulMessage("url"));
  if (c.req.method === "GET" || c.req.method === "HEAD") return next();
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (type.startsWith("application/json")) {
    const text = await c.req.text();
    if (text.includes("\u0000") || /\\u0000/i.test(text)) {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return next();
      }
      if (containsNul(body)) return apiError(c, 400, "bad_request", nulMessage("body"));
    }
  } else if (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")) {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch {
      return next();
    }
    if (containsNul(Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v instanceof File ? v.name : v])))) {
      return apiError(c, 400, "bad_request", nulMessage("body"));
    }
  }
  return next();
};
