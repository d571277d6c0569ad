import { Hono } from "hono";
import { sql } from "kysely";
import { z } from "zod";
import type { Db } from "../db/index.ts";
import { createSession, hashToken, revokeSession } from "../domain/sessions.ts";
import { type SiteConfigKey, assembleSiteConfig, siteConfigKeys } from "../domain/site-config.ts";
import { insertBlockRule, insertRedirectRule } from "../domain/rule-writes.ts";
import type { FaultState } from "./faults.ts";
import { apiError, isUniqueViolation, parseJsonBody, parseParams, parseQuery } from "./http.ts";

/**
 * /__test: set-up hooks for the tests of both programs. Mounted only when PLATFORM_TEST_HOOKS=1;
 * otherwise every /__test path is an ordinary 404.
 */

const TEST_SESSION_SECONDS = 86_400;
const BY = "test";

const int = (min: number, max: number) => z.number().int().min(min).max(max);
const idParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

const newUser = z.object({
  login: z.string().trim().min(1).max(100).optional(),
  email: z.string().trim().email().max(200).optional(),
  ban_level: int(0, 1000).optional(),
  ban_version: int(0, 1000).optional(),
  termsAccepted: z.boolean().default(true),
  roles: z.array(z.string().min(1).max(50)).max(20).optional(),
  phone_number: z.string().regex(/^\d{4,15}$/).optional(),
  phone_code: z.string().regex(/^\d{1,4}$/).optional(),
  country_code: z.string().regex(/^[A-Z]{2}$/).optional(),
  user_status_id: int(0, 1000).optional(),
  activation_type: int(0, 3).optional(),
});

const newSession = z.object({
  userId: int(1, 2_147_483_647),
  ttlSeconds: int(1, 31_536_000).default(TEST_SESSION_SECONDS),
  /** expired and revoked make tokens that look real but no longer sign anyone in. */
  state: z.enum(["active", "expired", "revoked"]).default("active"),
});

const newRedirectRule = z.object({
  source: z.string().max(2000),
  target: z.string().max(2000),
  code: z.number().int(),
  languages: z.array(z.string()).max(50).nullable().optional(),
  active: z.boolean().optional(),
  priority: int(-1_000_000, 1_000_000).optional(),
  note: z.string().max(2000).optional(),
});

const newBlockRule = z.object({
  kind: z.enum(["country", "user_agent", "path"]),
  pattern: z.string().max(2000),
  reason: int(0, 1_000_000),
  templateTypeId: int(0, 1_000_000).optional(),
  appliesTo: z.enum(["all", "guests", "users"]).optional(),
  active: z.boolean().optional(),
  priority: int(-1_000_000, 1_000_000).optional(),
  note: z.string().max(2000).optional(),
});

const configParams = z.object({
  key: z.string().refine((k): k is SiteConfigKey => (siteConfigKeys as string[]).includes(k), "not a site config key"),
});
const configBody = z.object({
  value: z.unknown().refine((v) => v !== undefined, "value is required"),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "country is two letters")
    .transform((s) => s.toUpperCase())
    .optional(),
});

const newFault = z.object({
  path: z.string().startsWith("/").max(500),
  mode: z.enum(["down", "slow", "error", "shape"]),
  delayMs: int(0, 120_000).default(3000),
  status: int(400, 599).default(503),
  remaining: int(1, 1_000_000).optional(),
});

/** Thrown inside the config transaction to roll it back with a message for the 400. */
class ConfigRejected extends Error {}

export function testHooksApi(db: Db, faults: FaultState) {
  const app = new Hono();

  app.post("/users", async (c) => {
    const parsed = await parseJsonBody(c, newUser);
    if (!parsed.ok) return parsed.response;
    const u = parsed.data;
    try {
      const created = await db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto("app_user")
          .values({
            login: u.login ?? null,
            email: u.email ?? null,
            ban_level: u.ban_level,
            ban_version: u.ban_version,
            roles: u.roles ? JSON.stringify(u.roles) : undefined,
            terms_accepted_at: u.termsAccepted ? sql<Date>`now()` : null,
            phone_number: u.phone_number ?? null,
            phone_code: u.phone_code ?? null,
            country_code: u.country_code ?? null,
            user_status_id: u.user_status_id,
            activation_type: u.activation_type,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        const { token } = await createSession(trx, id, TEST_SESSION_SECONDS);
        return { userId: id, token };
      });
      return c.json(created, 201);
    } catch (error) {
      if (isUniqueViolation(error)) return apiError(c, 409, "conflict", "login or email is taken");
      throw error;
    }
  });

  app.post("/sessions", async (c) => {
    const parsed = await parseJsonBody(c, newSession);
    if (!parsed.ok) return parsed.response;
    const { userId, ttlSeconds, state } = parsed.data;
    const result = await db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom("app_user").select("id").where("id", "=", userId).executeTakeFirst();
      if (!user) return null;
      const session = await createSession(trx, userId, ttlSeconds);
      if (state === "revoked") await revokeSession(trx, session.token);
      if (state === "expired") {
        const { expires_at } = await trx
          .updateTable("user_session")
          .set({ expires_at: sql<Date>`now() - interval '1 second'` })
          .where("token_hash", "=", hashToken(session.token))
          .returning("expires_at")
          .executeTakeFirstOrThrow();
        return { token: session.token, expiresAt: expires_at };
      }
      return session;
    });
    if (!result) return apiError(c, 404, "not_found", `No user ${userId}`);
    return c.json({ token: result.token, expiresAt: result.expiresAt.toISOString() }, 201);
  });

  app.post("/redirect-rules", async (c) => {
    const parsed = await parseJsonBody(c, newRedirectRule);
    if (!parsed.ok) return parsed.response;
    const written = await insertRedirectRule(db, parsed.data, BY);
    if (!written.ok) return apiError(c, 400, "bad_request", written.message);
    return c.json({ id: written.id }, 201);
  });

  app.delete("/redirect-rules/:id", async (c) => {
    const p = parseParams(c, idParam);
    if (!p.ok) return p.response;
    const result = await db.deleteFrom("redirect_rule").where("id", "=", p.data.id).executeTakeFirst();
    if (result.numDeletedRows === 0n) return apiError(c, 404, "not_found", `No redirect rule ${p.data.id}`);
    return c.json({ ok: true });
  });

  app.post("/block-rules", async (c) => {
    const parsed = await parseJsonBody(c, newBlockRule);
    if (!parsed.ok) return parsed.response;
    const written = await insertBlockRule(db, parsed.data, BY);
    if (!written.ok) return apiError(c, 400, "bad_request", written.message);
    return c.json({ id: written.id }, 201);
  });

  app.delete("/block-rules/:id", async (c) => {
    const p = parseParams(c, idParam);
    if (!p.ok) return p.response;
    const result = await db.deleteFrom("block_rule").where("id", "=", p.data.id).executeTakeFirst();
    if (result.numDeletedRows === 0n) return apiError(c, 404, "not_found", `No block rule ${p.data.id}`);
    return c.json({ ok: true });
  });

  app.put("/config/:key", async (c) => {
    const p = parseParams(c, configParams);
    if (!p.ok) return p.response;
    const parsed = await parseJsonBody(c, configBody);
    if (!parsed.ok) return parsed.response;
    const key = p.data.key as SiteConfigKey;
    const { value, country } = parsed.data;
    const json = JSON.stringify(value);
    const problem = await db.transaction().execute(async (trx) => {
      if (country) {
        await trx
          .insertInto("site_config_override")
          .values({ country, key, value: json, updated_by: BY })
          .onConflict((oc) => oc.columns(["country", "key"]).doUpdateSet({ value: json, updated_by: BY, updated_at: sql<Date>`now()` }))
          .execute();
      } else {
        await trx
          .insertInto("site_config")
          .values({ key, value: json, updated_by: BY })
          .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_by: BY, updated_at: sql<Date>`now()` }))
          .execute();
      }
      // Check what the site would be served after the change; roll back if it no longer parses.
      const rows = await trx.selectFrom("site_config").select(["key", "value"]).execute();
      const overrides = country
        ? await trx.selectFrom("site_config_override").select(["key", "value"]).where("country", "=", country).execute()
        : [];
      try {
        assembleSiteConfig(rows, overrides);
        return null;
      } catch (error) {
        const issue = error instanceof z.ZodError ? error.issues[0] : undefined;
        throw new ConfigRejected(issue ? `${issue.path.join(".") || key}: ${issue.message}` : "the config no longer parses");
      }
    }).catch((error: unknown) => {
      if (error instanceof ConfigRejected) return error.message;
      throw error;
    });
    if (problem) return apiError(c, 400, "bad_request", problem);
    return c.json({ ok: true });
  });

  app.post("/faults", async (c) => {
    const parsed = await parseJsonBody(c, newFault);
    if (!parsed.ok) return parsed.response;
    const { remaining, ...fault } = parsed.data;
    return c.json({ id: faults.add({ ...fault, remaining: remaining ?? null }) }, 201);
  });

  app.delete("/faults", (c) => {
    faults.clear();
    return c.json({ ok: true });
  });

  app.get("/hits", (c) => {
    const q = parseQuery(c, z.object({ path: z.string().startsWith("/").default("/") }));
    if (!q.ok) return q.response;
    return c.json({ count: faults.hitsUnder(q.data.path) });
  });

  app.delete("/hits", (c) => {
    faults.resetHits();
    return c.json({ ok: true });
  });

  return app;
}
