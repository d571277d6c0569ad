import { Hono } from "hono";
import { sql } from "kysely";
import { z } from "zod";
import type { Db } from "../db/index.ts";
import { LOGIN_LINK_SECONDS } from "../domain/auth-limits.ts";
import { CAPTCHA_ID_PATTERN } from "../domain/captcha.ts";
import { issueLoginToken } from "../domain/login-tokens.ts";
import { issueCredential } from "../domain/one-tap.ts";
import { hashPassword } from "../domain/passwords.ts";
import { ageWindows } from "../domain/rate-limits.ts";
import { TOKEN_PATTERN, createSession, hashToken, revokeSession } from "../domain/sessions.ts";
import { loginLinkSign, newsletterToken } from "../domain/signing.ts";
import { uniqueConflict } from "../domain/users.ts";
import { type SiteConfigKey, assembleSiteConfig, siteConfigKeys } from "../domain/site-config.ts";
import { insertBlockRule, insertRedirectRule } from "../domain/rule-writes.ts";
import type { FaultState } from "./faults.ts";
import { apiError, parseJsonBody, parseParams, parseQuery } from "./http.ts";
import type { AuthSettings } from "./login.ts";

/**
 * /__test: set-up hooks for the tests of both programs. Mounted only when PLATFORM_TEST_HOOKS=1;
 * otherwise every /__test path is an ordinary 404.
 */

const TEST_SESSION_SECONDS = 86_400;
const BY = "test";

const int = (min: number, max: number) => z.number().int().min(min).max(max);
const idParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

const newUser = z
  .object({
  login: z.string().trim().min(1).max(100).optional(),
  email: z.string().trim().toLowerCase().email().max(200).optional(),
  ban_level: int(0, 1000).optional(),
  ban_version: int(0, 1000).optional(),
  disallow_line_sport: z.array(int(1, 2_147_483_647)).max(100).optional(),
  disallow_live_sport: z.array(int(1, 2_147_483_647)).max(100).optional(),
  termsAccepted: z.boolean().default(true),
  roles: z.array(z.string().min(1).max(50)).max(20).optional(),
  phone_number: z.string().regex(/^\d{4,15}$/).optional(),
  phone_code: z.string().regex(/^\d{1,4}$/).optional(),
  country_code: z.string().regex(/^[A-Z]{2}$/).optional(),
  user_status_id: int(0, 1000).optional(),
  activation_type: int(0, 3).optional(),
  // Any length: tests also need accounts with passwords the registration policy refuses.
  password: z.string().min(1).max(1024).optional(),
  two_factor_enabled: z.boolean().optional(),
  email_activated: z.boolean().optional(),
  phone_activated: z.boolean().optional(),
  })
  .refine((u) => !u.two_factor_enabled || u.email || (u.phone_number && u.phone_code), {
    message: "two_factor_enabled needs an email or a phone to send the code to",
    path: ["two_factor_enabled"],
  })
  .refine((u) => !u.phone_number === !u.phone_code, { message: "phone_number and phone_code go together", path: ["phone_code"] });

const newLoginToken = z.object({ userId: int(1, 2_147_483_647), ttlSeconds: int(1, 31_536_000).default(LOGIN_LINK_SECONDS) });
const tokenParam = z.object({ token: z.string().regex(TOKEN_PATTERN, "not a token") });
const expireCodes = z.object({ to: z.string().trim().min(1).max(200).transform((v) => (v.includes("@") ? v.toLowerCase() : v)) });
const captchaParam = z.object({ id: z.string().regex(CAPTCHA_ID_PATTERN, "not a captcha id") });
const newCredential = z.object({
  email: z.string().trim().email().max(200),
  name: z.string().max(200).default("Test User"),
  sub: z.string().min(1).max(255).optional(),
  aud: z.string().min(1).max(200).optional(),
  expiresInSeconds: int(-86_400, 86_400).default(600),
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
  mode: z.enum(["down", "slow", "error", "shape", "crash", "drop"]),
  delayMs: int(0, 120_000).default(3000),
  status: int(400, 599).default(503),
  remaining: int(1, 1_000_000).optional(),
  key: z.string().min(1).max(128).optional(),
});

/** Thrown inside the config transaction to roll it back with a message for the 400. */
class ConfigRejected extends Error {}

export function testHooksApi(db: Db, faults: FaultState, settings: AuthSettings) {
  const app = new Hono();

  app.post("/users", async (c) => {
    const parsed = await parseJsonBody(c, newUser);
    if (!parsed.ok) return parsed.response;
    const u = parsed.data;
    const passwordHash = u.password ? await hashPassword(u.password) : null;
    try {
      const created = await db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto("app_user")
          .values({
            login: u.login ?? null,
            email: u.email ?? null,
            ban_level: u.ban_level,
            ban_version: u.ban_version,
            disallow_line_sport: u.disallow_line_sport,
            disallow_live_sport: u.disallow_live_sport,
            roles: u.roles ? JSON.stringify(u.roles) : undefined,
            terms_accepted_at: u.termsAccepted ? sql<Date>`now()` : null,
            phone_number: u.phone_number ?? null,
            phone_code: u.phone_code ?? null,
            country_code: u.country_code ?? null,
            user_status_id: u.user_status_id,
            activation_type: u.activation_type,
            password_hash: passwordHash,
            two_factor_enabled: u.two_factor_enabled,
            email_activated: u.email_activated,
            phone_activated: u.phone_activated,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        const { token } = await createSession(trx, id, TEST_SESSION_SECONDS);
        return { userId: id, token };
      });
      return c.json(created, 201);
    } catch (error) {
      const conflict = uniqueConflict(error);
      if (conflict) return apiError(c, 409, "conflict", `${conflict.replace("_taken", "")} is taken`);
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

  // Makes a session expire now, as if its time had run out.
  app.post("/sessions/:token/expire", async (c) => {
    const p = parseParams(c, tokenParam);
    if (!p.ok) return p.response;
    const result = await db
      .updateTable("user_session")
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where("token_hash", "=", hashToken(p.data.token))
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return apiError(c, 404, "not_found", "No such session");
    return c.json({ ok: true });
  });

  app.post("/access-tokens/:token/expire", async (c) => {
    const p = parseParams(c, tokenParam);
    if (!p.ok) return p.response;
    const result = await db
      .updateTable("access_token")
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where("token_hash", "=", hashToken(p.data.token))
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return apiError(c, 404, "not_found", "No such access token");
    return c.json({ ok: true });
  });

  // A one-time login link's parts, as an e-mail would carry them.
  app.post("/login-tokens", async (c) => {
    const parsed = await parseJsonBody(c, newLoginToken);
    if (!parsed.ok) return parsed.response;
    const { userId, ttlSeconds } = parsed.data;
    const user = await db.selectFrom("app_user").select("id").where("id", "=", userId).executeTakeFirst();
    if (!user) return apiError(c, 404, "not_found", `No user ${userId}`);
    const { id, token } = await issueLoginToken(db, { kind: "link", userId, ttlSeconds });
    return c.json({ method_id: id, token, sign: loginLinkSign(settings.secret, id, token) }, 201);
  });

  // Ages the live codes sent to an address past their lifetime, so tests see time_up at once.
  app.post("/codes/expire", async (c) => {
    const parsed = await parseJsonBody(c, expireCodes);
    if (!parsed.ok) return parsed.response;
    const result = await db
      .updateTable("auth_code")
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where("destination", "=", parsed.data.to)
      .where("used_at", "is", null)
      .where("expires_at", ">", sql<Date>`now()`)
      .executeTakeFirst();
    return c.json({ expired: Number(result.numUpdatedRows) });
  });

  app.get("/captcha/:id", async (c) => {
    const p = parseParams(c, captchaParam);
    if (!p.ok) return p.response;
    const row = await db.selectFrom("captcha").select("answer").where("id", "=", p.data.id).executeTakeFirst();
    if (!row) return apiError(c, 404, "not_found", "No such captcha");
    return c.json({ answer: row.answer });
  });

  // The fake Google's signing: a credential for one-tap, valid unless the test asks otherwise.
  app.post("/social/credential", async (c) => {
    const parsed = await parseJsonBody(c, newCredential);
    if (!parsed.ok) return parsed.response;
    const { email, name, sub, aud, expiresInSeconds } = parsed.data;
    const credential = issueCredential(settings.secret, {
      sub: sub ?? `google-${hashToken(email.toLowerCase()).slice(0, 16)}`,
      email,
      name,
      aud: aud ?? settings.oneTapClientId,
      exp: Math.floor(Date.now() / 1000) + expiresInSeconds,
    });
    return c.json({ credential }, 201);
  });

  app.get("/newsletter-token", (c) => {
    const q = parseQuery(c, z.object({ email: z.string().trim().email().max(200) }));
    if (!q.ok) return q.response;
    return c.json({ token: newsletterToken(settings.secret, q.data.email) });
  });

  // Rate-limit and captcha counters start afresh (suites that sign in often from one address).
  app.delete("/rate-limits", async (c) => {
    await db.deleteFrom("rate_limit").execute();
    return c.json({ ok: true });
  });

  // Every rate-limit window ages by `seconds`, so a test sees a window expire without waiting.
  app.post("/rate-limits/age", async (c) => {
    const parsed = await parseJsonBody(c, z.object({ seconds: int(1, 366 * 86_400) }));
    if (!parsed.ok) return parsed.response;
    return c.json({ aged: await ageWindows(db, parsed.data.seconds) });
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

  // Read-only SQL for the tests' own audits (the ledger's reconciliation, tests/support): the
  // query is the test's, written apart from the platform's code; PGlite has one process, so the
  // tests cannot open the database themselves. BigInts come back as strings.
  app.post("/sql", async (c) => {
    const parsed = await parseJsonBody(c, z.object({ sql: z.string().min(1).max(200_000) }));
    if (!parsed.ok) return parsed.response;
    try {
      const rows = await db.transaction().execute(async (trx) => {
        await sql`set transaction read only`.execute(trx);
        return (await sql.raw(parsed.data.sql).execute(trx)).rows;
      });
      const body = JSON.stringify({ rows }, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
      return c.body(body, 200, { "content-type": "application/json" });
    } catch (error) {
      return apiError(c, 400, "bad_sql", (error as Error).message);
    }
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

  app.get("/in-flight", (c) => {
    const q = parseQuery(c, z.object({ path: z.string().startsWith("/").default("/") }));
    if (!q.ok) return q.response;
    return c.json({ count: faults.inFlightUnder(q.data.path) });
  });

  return app;
}
