import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";

/** The one error shape every platform API answers with. */
export function apiError(c: Context, status: ContentfulStatusCode, code: string, message: string) {
  return c.json({ error: { code, message } }, status);
}

/** Parses query parameters with zod; on failure answers 400 with the first problem. */
export function parseQuery<T extends z.ZodTypeAny>(c: Context, schema: T):
  | { ok: true; data: z.infer<T> }
  | { ok: false; response: Response } {
  const parsed = schema.safeParse(c.req.query());
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    response: apiError(c, 400, "bad_request", `${issue?.path.join(".") || "query"}: ${issue?.message ?? "invalid"}`),
  };
}

export const COUNTRY_HEADER = "x-country-code";

/** The visitor's country as the site passes it; anything but two letters counts as unknown. */
export function countryOf(c: Context): string | null {
  const raw = c.req.header(COUNTRY_HEADER)?.trim().toUpperCase();
  return raw && /^[A-Z]{2}$/.test(raw) ? raw : null;
}
