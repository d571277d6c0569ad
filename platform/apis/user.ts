import { Hono } from "hono";
import { sql } from "kysely";
import { z } from "zod";
import type { Db } from "../db/index.ts";
import { loadSiteConfigValue } from "../domain/site-config.ts";
import type { SessionUser } from "../domain/sessions.ts";
import { type AuthEnv, requireUser } from "./auth.ts";
import { apiError, countryOf, parseJsonBody } from "./http.ts";

/** How many unanswered appeals a user may have at once; more is flooding the support queue. */
export const MAX_PENDING_APPEALS = 3;

const appealBody = z.object({ message: z.string().trim().min(1).max(2000) });

const appealColumns = ["id", "message", "status", "answer", "created_at", "answered_at"] as const;

/** SPEC §3 "User config" as the site reads it. */
function userConfig(user: SessionUser) {
  return {
    user_id: user.id,
    // The name shown in the header: the login, else the e-mail, else the account number.
    user_name: user.login ?? user.email ?? String(user.id),
    user_email: user.email,
    phone_number: user.phone_number,
    phone_code: user.phone_code,
    user_country_code: user.country_code,
    activation_type: user.activation_type,
    ban_level: user.ban_level,
    ban_version: user.ban_version,
    user_status_id: user.user_status_id,
    roles: user.roles,
  };
}

/** The signed-in user's APIs under /web-api: config, terms, block appeals. All need a session. */
export function userApi(db: Db) {
  const app = new Hono<AuthEnv>();
  app.use("/user/*", requireUser(db));
  app.use("/api-v3/v2/user/*", requireUser(db));

  app.get("/user/config", (c) => c.json({ result: userConfig(c.var.user) }));

  app.get("/api-v3/v2/user/agreement-rules/status", async (c) => {
    const updatedAt = await loadSiteConfigValue(db, "termsUpdatedAt", countryOf(c));
    if (updatedAt === null) return apiError(c, 503, "config_missing", "The site config has no valid termsUpdatedAt");
    const changedAt = new Date(updatedAt);
    const accepted = c.var.user.terms_accepted_at;
    return c.json({ result: accepted === null || accepted < changedAt, updatedAt: changedAt.toISOString() });
  });

  app.post("/api-v3/v2/user/agreement-rules/accept", async (c) => {
    await db
      .updateTable("app_user")
      .set({ terms_accepted_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where("id", "=", c.var.user.id)
      .execute();
    return c.json({ result: true });
  });

  app.get("/user/block-appeals", async (c) => {
    const rows = await db
      .selectFrom("block_appeal")
      .select(appealColumns)
      .where("user_id", "=", c.var.user.id)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute();
    return c.json({ result: rows });
  });

  app.post("/user/block-appeals", async (c) => {
    const parsed = await parseJsonBody(c, appealBody);
    if (!parsed.ok) return parsed.response;
    const userId = c.var.user.id;
    const created = await db.transaction().execute(async (trx) => {
      // Locking the user row serialises one user's concurrent appeals, so the limit holds.
      await trx.selectFrom("app_user").select("id").where("id", "=", userId).forUpdate().executeTakeFirstOrThrow();
      const { pending } = await trx
        .selectFrom("block_appeal")
        .select((eb) => eb.fn.countAll<string>().as("pending"))
        .where("user_id", "=", userId)
        .where("status", "=", "pending")
        .executeTakeFirstOrThrow();
      if (Number(pending) >= MAX_PENDING_APPEALS) return null;
      return trx
        .insertInto("block_appeal")
        .values({ user_id: userId, message: parsed.data.message })
        .returning(appealColumns)
        .executeTakeFirstOrThrow();
    });
    if (!created) {
      return apiError(c, 429, "too_many_appeals", `At most ${MAX_PENDING_APPEALS} appeals may wait for an answer at once`);
    }
    return c.json({ result: created }, 201);
  });

  return app;
}
