import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { requestPathAndQuery } from "../domain/redirects.ts";

/** The one error shape every platform API answers with. */
export function apiError(c: Context, status: ContentfulStatusCode, code: string, message: string) {
  return c.json({ error: { code, message } }, status);
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

function parseWith<T extends z.ZodTypeAny>(c: Context, schema: T, input: unknown, what: string): Parsed<z.infer<T>> {
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
