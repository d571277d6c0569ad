import { Hono, type Context } from "hono";
import { z } from "zod";
import type { Db } from "../db/index.ts";
import {
  CAPTCHA_CODE_REQUIRED,
  CAPTCHA_CODE_WRONG,
  RESEND_SECONDS,
  SAVED_SESSION_SECONDS,
  SESSION_SECONDS,
  TWO_STEP_CODE_SECONDS,
} from "../domain/auth-limits.ts";
import { consumeCaptchaToken } from "../domain/captcha.ts";
import { redeemCode, sendCode } from "../domain/codes.ts";
import { classifyLogin, fullPhone } from "../domain/login-identifier.ts";
import { signInWithLoginToken } from "../domain/login-tokens.ts";
import { twoStepCodeMessage } from "../domain/messages.ts";
import { sendSmsLoginCode } from "../domain/sms-login.ts";
import { verifyPassword } from "../domain/passwords.ts";
import { beginLoginAttempt } from "../domain/login-limits.ts";
import { rightsOf } from "../domain/rights.ts";
import { type SessionUser, createSession, findAuth, hashToken, revokeSessionByHash } from "../domain/sessions.ts";
import { loginLinkSign, sameHex } from "../domain/signing.ts";
import { findUserByLogin, findUserByPhone, phoneAddress } from "../domain/users.ts";
import { type AuthEnv, bearerToken, requireUser } from "./auth.ts";
import { checkCodeFrom, codeInput } from "./code-checks.ts";
import { apiError, clientAddress, parseJsonBody, rateLimited } from "./http.ts";

export interface AuthSettings {
  /** PLATFORM_SECRET: signs login links, newsletter links and code hashes. */
  secret: string;
  oneTapClientId: string;
}

/** "Remember me": a JSON boolean (0 and 1 are taken too). */
export const saveFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .optional()
  .transform((v) => v === true || v === 1);
const password = z.string().min(1).max(1024);
export const phoneDigits = z.string().regex(/^\d{4,15}$/, "expected 4 to 15 digits");
export const dialingCode = z.string().regex(/^\d{1,4}$/, "expected 1 to 4 digits");
const positiveId = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d{1,10}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().min(1).max(2_147_483_647));

const loginBody = z.object({
  uLogin: z.union([z.string(), z.number().int()]).transform(String).pipe(z.string().trim().min(1).max(200)),
  uPassword: password,
  save: saveFlag,
});
const phoneLoginBody = z.object({ phone_number: phoneDigits, country_code: dialingCode, uPassword: password, save: saveFlag });
const smsSendBody = z.object({ "phone-number": phoneDigits, "phone-code": dialingCode });
const smsLoginBody = z.object({ phone_number: phoneDigits, country_code: dialingCode, code: codeInput, save: saveFlag });
const twoStepBody = z.object({ twoStepToken: z.string().min(1).max(256), code: codeInput, save: saveFlag });
const tokenLoginBody = z.object({
  method_id: positiveId,
  token: z.string().min(1).max(256),
  sign: z.string().min(1).max(256),
  lng: z
    .string()
    .regex(/^[a-z]{2}$/)
    .optional(),
});
const socialLoginBody = z.object({ login: positiveId, pass: z.string().min(1).max(256) });

export const sessionSeconds = (save: boolean) => (save ? SAVED_SESSION_SECONDS : SESSION_SECONDS);

/** The answer of every successful login and of registration. */
export function sessionResult(session: { token: string; expiresAt: Date }, userId: number) {
  return { token: session.token, expiresAt: session.expiresAt.toISOString(), userId };
}

/** /web-api/auth: the logins of SPEC §7 "Auth API", logout and rights. */
export function loginApi(db: Db, settings: AuthSettings) {
  const app = new Hono<AuthEnv>();

  /** A new session (or, with two-step on, a ticket and a code by e-mail) for a user who proved who they are. */
  async function signIn(c: Context, user: SessionUser, save: boolean) {
    if (user.two_factor_enabled) {
      const phone = phoneAddress(user);
      const channel = user.email ? "email" : "sms";
      const to = user.email ?? phone;
      if (to) {
        const issued = await sendCode(
          db,
          settings.secret,
          { userId: user.id, purpose: "two_step", destination: to, ttlSeconds: TWO_STEP_CODE_SECONDS, withTicket: true },
          (code) => twoStepCodeMessage(channel, to, code)
        );
        return c.json({ result: { twoStepRequired: true, twoStepToken: issued.ticket } });
      }
      // Nowhere to send a code (the hooks refuse such users); fail closed rather than skip the step.
      return apiError(c, 400, "wrong_credentials", "Wrong login or password");
    }
    const session = await createSession(db, user.id, sessionSeconds(save));
    return c.json({ result: sessionResult(session, user.id) });
  }

  /**
   * A password login with its per-visitor limits (platform/domain/login-limits.ts): a try is
   * taken before the password is checked and kept only when the password was wrong. From the
   * 4th failure of this login from this address (or of this address) a solved captcha must come
   * along in x-captcha-token.
   */
  async function passwordLogin(c: Context, user: SessionUser | undefined, accountKey: string, given: string, save: boolean) {
    const address = clientAddress(c);
    if (!address.ok) return address.response;
    const attempt = await beginLoginAttempt(db, { address: address.data, account: accountKey });
    if (!attempt.allowed) return rateLimited(c, attempt.retryAfterSeconds, attempt.what);
    if (attempt.captchaRequired) {
      const captchaToken = c.req.header("x-captcha-token");
      const solved = captchaToken ? await consumeCaptchaToken(db, captchaToken) : false;
      if (!solved) {
        await attempt.withdrawn();
        const captchaCode = captchaToken ? CAPTCHA_CODE_WRONG : CAPTCHA_CODE_REQUIRED;
        return apiError(c, 400, "captcha_required", captchaToken ? "The captcha token is wrong or used up" : "Solve a captcha to go on", {
          captchaCode,
        });
      }
    }
    let right: boolean;
    try {
      right = await verifyPassword(user?.password_hash ?? null, given);
    } catch (error) {
      await attempt.withdrawn();
      throw error;
    }
    // Never say which part was wrong.
    if (!user || !right) {
      await attempt.failed();
      return apiError(c, 400, "wrong_credentials", "Wrong login or password");
    }
    await attempt.succeeded();
    return signIn(c, user, save);
  }

  app.post("/auth/login", async (c) => {
    const parsed = await parseJsonBody(c, loginBody);
    if (!parsed.ok) return parsed.response;
    const identifier = classifyLogin(parsed.data.uLogin);
    const user = await findUserByLogin(db, identifier);
    // Unknown accounts are limited by what was typed, so probing them is limited too.
    const accountKey = user ? `user:${user.id}` : `login:${JSON.stringify(identifier)}`;
    return passwordLogin(c, user, accountKey, parsed.data.uPassword, parsed.data.save);
  });

  app.post("/auth/login/phone", async (c) => {
    const parsed = await parseJsonBody(c, phoneLoginBody);
    if (!parsed.ok) return parsed.response;
    const { phone_number, country_code } = parsed.data;
    const user = await findUserByPhone(db, country_code, phone_number);
    const accountKey = user ? `user:${user.id}` : `phone:${fullPhone(country_code, phone_number)}`;
    return passwordLogin(c, user, accountKey, parsed.data.uPassword, parsed.data.save);
  });

  /**
   * Answers the same whether or not the phone is registered (no account enumeration); a code is
   * sent only to a registered one. Limited per phone (one a minute) and per address.
   */
  app.post("/auth/sms/send", async (c) => {
    const parsed = await parseJsonBody(c, smsSendBody);
    if (!parsed.ok) return parsed.response;
    const address = clientAddress(c);
    if (!address.ok) return address.response;
    const code = parsed.data["phone-code"];
    const number = parsed.data["phone-number"];
    const to = fullPhone(code, number);
    const sent = await sendSmsLoginCode(db, settings.secret, { code, number, to, address: address.data });
    if (!sent.ok) return rateLimited(c, sent.retryAfterSeconds, sent.what);
    return c.json({ result: true, resendAfterSeconds: RESEND_SECONDS });
  });

  app.post("/auth/login/sms", async (c) => {
    const parsed = await parseJsonBody(c, smsLoginBody);
    if (!parsed.ok) return parsed.response;
    const address = clientAddress(c);
    if (!address.ok) return address.response;
    const { phone_number, country_code, code, save } = parsed.data;
    const user = await findUserByPhone(db, country_code, phone_number);
    const checked = await checkCodeFrom(db, c, address.data, async () =>
      user
        ? redeemCode(db, settings.secret, { userId: user.id, purpose: "sms_login" }, code, (trx, userId) =>
            createSession(trx, userId, sessionSeconds(save))
          )
        : { ok: false, error: "wrong_code" }
    );
    if (!checked.ok) return checked.response;
    return c.json({ result: sessionResult(checked.value, checked.userId) });
  });

  app.post("/auth/login/two-step", async (c) => {
    const parsed = await parseJsonBody(c, twoStepBody);
    if (!parsed.ok) return parsed.response;
    const address = clientAddress(c);
    if (!address.ok) return address.response;
    const { twoStepToken, code, save } = parsed.data;
    const checked = await checkCodeFrom(db, c, address.data, () =>
      redeemCode(db, settings.secret, { ticket: twoStepToken, purpose: "two_step" }, code, (trx, userId) =>
        createSession(trx, userId, sessionSeconds(save))
      )
    );
    if (!checked.ok) return checked.response;
    return c.json({ result: sessionResult(checked.value, checked.userId) });
  });

  app.post("/auth/login/token", async (c) => {
    const parsed = await parseJsonBody(c, tokenLoginBody);
    if (!parsed.ok) return parsed.response;
    const { method_id, token, sign } = parsed.data;
    if (!sameHex(sign, loginLinkSign(settings.secret, method_id, token))) return apiError(c, 400, "bad_sign", "The link's signature is wrong");
    const outcome = await signInWithLoginToken(db, "link", { id: method_id }, token, SESSION_SECONDS);
    if (!outcome.ok) return apiError(c, 400, outcome.error, outcome.error === "time_up" ? "The link has expired" : "The link is unknown or used");
    return c.json({ result: sessionResult(outcome.session, outcome.userId) });
  });

  app.post("/auth/login/social", async (c) => {
    const parsed = await parseJsonBody(c, socialLoginBody);
    if (!parsed.ok) return parsed.response;
    const { login, pass } = parsed.data;
    const outcome = await signInWithLoginToken(db, "social", { socialAccountId: login }, pass, SESSION_SECONDS);
    if (!outcome.ok)
      return apiError(c, 400, outcome.error, outcome.error === "time_up" ? "The social pass has expired" : "The social pass is unknown or used");
    return c.json({ result: sessionResult(outcome.session, outcome.userId) });
  });

  // Idempotent: an unknown, expired or already revoked token is a successful logout too.
  app.post("/auth/logout", async (c) => {
    const token = bearerToken(c);
    const auth = await findAuth(db, token);
    const sessionHash = auth?.sessionHash ?? (token ? hashToken(token) : null);
    if (sessionHash) await revokeSessionByHash(db, sessionHash);
    return c.json({ result: true });
  });

  app.get("/auth/rights", requireUser(db), (c) => c.json({ result: rightsOf(c.var.user) }));

  return app;
}
