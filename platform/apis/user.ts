import { Hono } from "hono";
import { z } from "zod";
import type { Db } from "../db/index.ts";
import { activationName, channelRequired } from "../domain/activation.ts";
import { RESEND_SECONDS } from "../domain/auth-limits.ts";
import { resendActivationCode } from "../domain/activation-codes.ts";
import { hitIfUnder } from "../domain/rate-limits.ts";
import { type SessionUser, createAccessToken } from "../domain/sessions.ts";
import { MAX_PENDING_APPEALS, fileAppeal, listAppeals } from "../domain/appeals.ts";
import { loadSiteConfigValue } from "../domain/site-config.ts";
import { acceptTerms, displaySettingsInput, saveDisplaySettings } from "../domain/users.ts";
import { activate, activationChannel } from "./account.ts";
import { type AuthEnv, requireUser } from "./auth.ts";
import { codeInput } from "./code-checks.ts";
import { apiError, clientAddress, countryOf, parseJsonBody, parseQuery, rateLimited } from "./http.ts";
import type { AuthSettings } from "./login.ts";

const appealBody = z.object({ message: z.string().trim().min(1).max(2000) });

const activateBody = z.object({ type: activationChannel, code: codeInput });
const resendBody = z.object({ type: activationChannel });
const tokenQuery = z.object({ force_refresh: z.enum(["true", "false", "1", "0"]).optional() });

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
    email_activated: user.email_activated,
    phone_activated: user.phone_activated,
    two_factor_enabled: user.two_factor_enabled,
    enable_mail_news: user.enable_mail_news,
    enable_mail_deposit: user.enable_mail_deposit,
    enable_mail_bets: user.enable_mail_bets,
    enable_sms_news: user.enable_sms_news,
    bonus_type: user.bonus_choice,
    currency: user.currency,
    user_data: user.user_data,
    disallow_line_sport: user.disallow_line_sport,
    disallow_live_sport: user.disallow_live_sport,
    display_settings: user.display_settings,
  };
}

/**
 * The signed-in user's APIs under /web-api: config, access tokens, activation, terms, block
 * appeals. Each route names its own guard: /web-api/user/ also has public routes (account.ts).
 */
export function userApi(db: Db, settings: AuthSettings) {
  const app = new Hono<AuthEnv>();
  const signedIn = requireUser(db);

  app.get("/user/config", signedIn, (c) => c.json({ result: userConfig(c.var.user) }));

  // A new access token on every call: only hashes are stored, so a live one cannot be handed
  // out again (force_refresh is accepted for the site's sake and changes nothing).
  app.get("/user/gettoken", requireUser(db, { sessionOnly: true }), async (c) => {
    const q = parseQuery(c, tokenQuery);
    if (!q.ok) return q.response;
    const { token, expiresAt } = await createAccessToken(db, c.var.auth.sessionHash, c.var.user.id);
    return c.json({ token, expiresAt: expiresAt.toISOString() });
  });

  app.get("/user/activation-status", signedIn, (c) => {
    const user = c.var.user;
    return c.json({ result: { email: user.email_activated, phone: user.phone_activated, activation_type: user.activation_type } });
  });

  app.post("/user/activate", signedIn, async (c) => {
    const parsed = await parseJsonBody(c, activateBody);
    if (!parsed.ok) return parsed.response;
    const address = clientAddress(c);
    if (!address.ok) return address.response;
    return activate(db, settings, c, address.data, c.var.user.id, parsed.data.type, parsed.data.code);
  });

  app.post("/user/activate/resend", signedIn, async (c) => {
    const parsed = await parseJsonBody(c, resendBody);
    if (!parsed.ok) return parsed.response;
    const user = c.var.user;
    const channel = parsed.data.type;
    if (!channelRequired(user.activation_type, channel)) {
      return apiError(c, 400, "not_required", `This account has no ${channel} to confirm (activation: ${activationName(user.activation_type)})`);
    }
    if (channel === "email" ? user.email_activated : user.phone_activated) {
      return apiError(c, 400, "not_required", `The ${channel} is already confirmed`);
    }
    const slot = await hitIfUnder(db, "activation_send:user", `${user.id}:${channel}`, RESEND_SECONDS, 1);
    if (!slot.allowed) return rateLimited(c, slot.retryAfterSeconds, "activation codes");
    const sent = await resendActivationCode(db, settings.secret, user, channel);
    if (!sent) return apiError(c, 400, "not_required", `This account has no ${channel} to send a code to`);
    return c.json({ result: true, resendAfterSeconds: RESEND_SECONDS });
  });

  app.get("/api-v3/v2/user/agreement-rules/status", signedIn, async (c) => {
    const updatedAt = await loadSiteConfigValue(db, "termsUpdatedAt", countryOf(c));
    if (updatedAt === null) return apiError(c, 503, "config_missing", "The site config has no valid termsUpdatedAt");
    const changedAt = new Date(updatedAt);
    const accepted = c.var.user.terms_accepted_at;
    return c.json({ result: accepted === null || accepted < changedAt, updatedAt: changedAt.toISOString() });
  });

  app.post("/api-v3/v2/user/agreement-rules/accept", signedIn, async (c) => {
    await acceptTerms(db, c.var.user.id);
    return c.json({ result: true });
  });

  // The header's quick display settings of a signed-in bettor (guests keep theirs in a cookie).
  app.put("/user/display-settings", signedIn, async (c) => {
    const parsed = await parseJsonBody(c, displaySettingsInput);
    if (!parsed.ok) return parsed.response;
    await saveDisplaySettings(db, c.var.user.id, parsed.data);
    return c.json({ result: parsed.data });
  });

  app.get("/user/block-appeals", signedIn, async (c) => c.json({ result: await listAppeals(db, c.var.user.id) }));

  app.post("/user/block-appeals", signedIn, async (c) => {
    const parsed = await parseJsonBody(c, appealBody);
    if (!parsed.ok) return parsed.response;
    const created = await fileAppeal(db, c.var.user.id, parsed.data.message);
    if (!created) {
      return apiError(c, 429, "too_many_appeals", `At most ${MAX_PENDING_APPEALS} appeals may wait for an answer at once`);
    }
    return c.json({ result: created }, 201);
  });

  return app;
}
