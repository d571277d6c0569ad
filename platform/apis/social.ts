import { Hono } from "hono";
import { sql } from "kysely";
import { z } from "zod";
import type { Db } from "../db/index.ts";
import { REGISTRATIONS_PER_ADDRESS, SOCIAL_PASS_SECONDS } from "../domain/auth-limits.ts";
import { issueLoginToken } from "../domain/login-tokens.ts";
import { type CredentialClaims, verifyCredential } from "../domain/one-tap.ts";
import { hitIfUnder } from "../domain/rate-limits.ts";
import { loadSiteConfigValue } from "../domain/site-config.ts";
import { apiError, clientAddress, countryOf, isUniqueViolation, rateLimited } from "./http.ts";
import type { AuthSettings } from "./login.ts";

const PROVIDER = "google";

const oneTapForm = z.object({
  credential: z.string().min(1).max(8192),
  language: z.string().regex(/^[a-z]{2}$/, "expected a two-letter language"),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, "expected an ISO 4217 code")
    .transform((v) => v.toUpperCase()),
  // The phone-country id the visitor picked; empty when none.
  countryId: z
    .string()
    .regex(/^\d{0,6}$/, "expected a country id")
    .optional()
    .transform((v) => (v ? Number(v) : null)),
});

/** /social-api: the Google one-tap sign-in of SPEC §7, against the platform's fake provider. */
export function socialApi(db: Db, settings: AuthSettings) {
  const app = new Hono();

  app.get("/oauth/google-one-tap/clientId", (c) => c.json({ clientId: settings.oneTapClientId }));

  app.post("/oauth/google-one-tap", async (c) => {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      return apiError(c, 400, "bad_request", "body: expected a multipart or url-encoded form");
    }
    const parsed = oneTapForm.safeParse(form);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return apiError(c, 400, "bad_request", `${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`);
    }
    const { credential, language, currency, countryId } = parsed.data;
    const check = verifyCredential(settings.secret, settings.oneTapClientId, credential, Math.floor(Date.now() / 1000));
    if (!check.ok) return apiError(c, 400, "bad_credential", `The credential is not valid: ${check.reason}`);
    const claims = check.claims;
    const address = clientAddress(c);
    if (!address.ok) return address.response;

    let countryCode: string | null = null;
    if (countryId !== null) {
      const country = await db.selectFrom("phone_country").select("country_code").where("id", "=", countryId).executeTakeFirst();
      if (!country) return apiError(c, 400, "bad_request", `countryId: no country ${countryId}`);
      countryCode = country.country_code;
    }

    const findAccount = () =>
      db.selectFrom("social_account").select(["id", "user_id"]).where("provider", "=", PROVIDER).where("subject", "=", claims.sub).executeTakeFirst();
    let account = await findAccount();
    if (!account) {
      const existing = await db
        .selectFrom("app_user")
        .select("id")
        .where(sql<string>`lower(email)`, "=", claims.email)
        .executeTakeFirst();
      if (!existing) {
        // A new account: the same gates as registration.
        const registration = await loadSiteConfigValue(db, "registration", countryOf(c));
        if (!registration?.allowed) return apiError(c, 403, "registration_closed", "Registration is closed");
        const slot = await hitIfUnder(
          db,
          "registration:address",
          address.data,
          REGISTRATIONS_PER_ADDRESS.windowSeconds,
          REGISTRATIONS_PER_ADDRESS.max
        );
        if (!slot.allowed) return rateLimited(c, slot.retryAfterSeconds, "registrations from this address");
      }
      try {
        account = await linkOrCreate(db, claims, { language, currency, countryCode });
      } catch (error) {
        // The same credential twice at once: the other request linked it first.
        if (!isUniqueViolation(error)) throw error;
        account = await findAccount();
        if (!account) throw error;
      }
    }
    const pass = await issueLoginToken(db, { kind: "social", userId: account.user_id, socialAccountId: account.id, ttlSeconds: SOCIAL_PASS_SECONDS });
    const query = new URLSearchParams({ login: String(account.id), pass: pass.token });
    return c.json({ redirectUrl: `/${language}/login/social?${query.toString()}` });
  });

  return app;
}

/**
 * Links the Google account to the user with its e-mail (the provider verified it), or creates a
 * soc_reg user that needs no activation. One transaction: no user without its social account.
 */
function linkOrCreate(db: Db, claims: CredentialClaims, prefs: { language: string; currency: string; countryCode: string | null }) {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("app_user")
      .select("id")
      .where(sql<string>`lower(email)`, "=", claims.email)
      .forUpdate()
      .executeTakeFirst();
    let userId: number;
    if (existing) {
      userId = existing.id;
      await trx
        .updateTable("app_user")
        .set({ email_activated: true, updated_at: sql<Date>`now()` })
        .where("id", "=", userId)
        .execute();
    } else {
      const created = await trx
        .insertInto("app_user")
        .values({
          email: claims.email,
          email_activated: true,
          registration_type: "soc_reg",
          activation_type: 0,
          currency: prefs.currency,
          country_code: prefs.countryCode,
          language: prefs.language,
          user_data: JSON.stringify(claims.name ? { name: claims.name } : {}),
          terms_accepted_at: sql<Date>`now()`,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      userId = created.id;
    }
    return trx
      .insertInto("social_account")
      .values({ provider: PROVIDER, subject: claims.sub, user_id: userId, email: claims.email })
      .returning(["id", "user_id"])
      .executeTakeFirstOrThrow();
  });
}
