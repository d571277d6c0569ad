import type { Context, MiddlewareHandler } from "hono";
import { z } from "zod";
import type { Db } from "../db/index.ts";
import { type Auth, type SessionUser, findAuth } from "../domain/sessions.ts";
import { apiError } from "./http.ts";

export type AuthEnv = { Variables: { user: SessionUser; auth: Auth } };

// "Authorization: Bearer <token>"; anything else counts as no token (an auth failure, not bad input).
const bearerHeader = z
  .string()
  .optional()
  .transform((value) => /^Bearer\s+(\S+)\s*$/i.exec(value ?? "")?.[1] ?? null);

export function bearerToken(c: Context): string | null {
  return bearerHeader.parse(c.req.header("authorization"));
}

/** Who the bearer token (a session or an access token) signs in, or null. */
export function requestAuth(db: Db, c: Context): Promise<Auth | null> {
  return findAuth(db, bearerToken(c));
}

/** The signed-in user of this request, or null. */
export async function sessionUser(db: Db, c: Context): Promise<SessionUser | null> {
  return (await requestAuth(db, c))?.user ?? null;
}

/**
 * Lets the request through only with a live session token or a live access token; the user is
 * in c.var.user. `sessionOnly` refuses access tokens (minting tokens needs the session itself).
 */
export function requireUser(db: Db, options: { sessionOnly?: boolean } = {}): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const auth = await requestAuth(db, c);
    if (!auth || (options.sessionOnly && auth.kind !== "session")) {
      return apiError(c, 401, "unauthorized", options.sessionOnly ? "A valid session token is required" : "A valid session is required");
    }
    c.set("auth", auth);
    c.set("user", auth.user);
    await next();
  };
}

/**
 * Lets the request through only for a signed-in user with the ops role. The admin API checks
 * this itself on every call, whatever the caller checked before: 401 without a valid token,
 * 403 for a valid user without the role (the site shows both as 404).
 */
export function requireOps(db: Db): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const auth = await requestAuth(db, c);
    if (!auth) return apiError(c, 401, "unauthorized", "A valid session is required");
    if (!Array.isArray(auth.user.roles) || !auth.user.roles.includes("ops")) return apiError(c, 403, "forbidden", "The ops role is required");
    c.set("auth", auth);
    c.set("user", auth.user);
    await next();
  };
}
