import type { Context, MiddlewareHandler } from "hono";
import { z } from "zod";
import type { Db } from "../db/index.ts";
import { type SessionUser, findSessionUser } from "../domain/sessions.ts";
import { apiError } from "./http.ts";

export type AuthEnv = { Variables: { user: SessionUser } };

// "Authorization: Bearer <token>"; anything else counts as no token (an auth failure, not bad input).
const bearerHeader = z
  .string()
  .optional()
  .transform((value) => /^Bearer\s+(\S+)\s*$/i.exec(value ?? "")?.[1] ?? null);

export function bearerToken(c: Context): string | null {
  return bearerHeader.parse(c.req.header("authorization"));
}

/** The signed-in user of this request, or null. */
export function sessionUser(db: Db, c: Context): Promise<SessionUser | null> {
  return findSessionUser(db, bearerToken(c));
}

/** Lets the request through only with a live session; the user is in c.var.user. */
export function requireUser(db: Db): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const user = await sessionUser(db, c);
    if (!user) return apiError(c, 401, "unauthorized", "A valid session is required");
    c.set("user", user);
    await next();
  };
}
