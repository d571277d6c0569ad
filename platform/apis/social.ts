import { Hono } from "hono";
import { z } from "zod";
import type { Db } from "../db/index.ts";
import { REGISTRATIONS_PER_ADDRESS, SOCIAL_PASS_SECONDS } from "../domain/auth-limits.ts";
import { issueLoginToken } from "../domain/login-tokens.ts";
import { verifyCredential } from "../domain/one-tap.ts";
import { countryCodeOfPhoneCountry } from "../domain/phone-countries.ts";
import { hitIfUnder } from "../domain/rate-limits.ts";
import { loadSiteConfigValue } from "../domain/site-config.ts";
import { findSocialAccount, linkOrCreate } from "../domain/social-accounts.ts";
import { findUserIdByEmail } from "../domain/users.ts";
import { apiError, clientAddress, countryOf, isUniqueViolation, rateLimited, currencyCode } from "./http.ts";
import type { AuthSettings } from "./login.ts";

const PROVIDER = "google";

const oneTapForm = z.object({
  credential: z.string().min(1).max(8192),
  language: z.string().regex(/^[a-z]{2}$/, "expected a two-letter language"),
  currency: currencyCode,
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
      countryCode = await countryCodeOfPhoneCountry(db, countryId);
      if (countryCode === null) return apiError(c, 400, "bad_request", `countryId: no country ${countryId}`);
    }

    const findAccount = () => findSocialAccount(db, PROVIDER, claims.sub);
    let account = await findAccount();
    if (!account) {
      if ((await findUserIdByEmail(db, claims.email)) === undefined) {
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
        account = await linkOrCreate(db, PROVIDER, claims, { language, currency, countryCode });
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
