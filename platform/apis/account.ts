import { type Context, Hono } from "hono";
import { z } from "zod";
import type { Db } from "../db/index.ts";
import { activationName, channelRequired, remainingActivation } from "../domain/activation.ts";
import { PASSWORD_RESET_CODE_SECONDS, RESEND_SECONDS } from "../domain/auth-limits.ts";
import { redeemCode, sendCode } from "../domain/codes.ts";
import { classifyLogin } from "../domain/login-identifier.ts";
import { passwordResetMessage } from "../domain/messages.ts";
import { hashPassword, passwordProblem } from "../domain/passwords.ts";
import { forgetLoginFailures } from "../domain/login-limits.ts";
import { hitIfUnder } from "../domain/rate-limits.ts";
import { revokeAllSessions } from "../domain/sessions.ts";
import { newsletterToken, sameHex } from "../domain/signing.ts";
import { activationStateOf, findUserByLogin, markChannelActivated, phoneAddress, setPasswordHash, stopNewsletter } from "../domain/users.ts";
import { checkCodeFrom, codeInput } from "./code-checks.ts";
import { apiError, clientAddress, parseJsonBody } from "./http.ts";
import type { AuthSettings } from "./login.ts";
import { emailInput } from "./registration.ts";

export const activationChannel = z.enum(["email", "phone"]);

const loginInput = z.string().trim().min(1).max(200);
const linkBody = z.object({
  userId: z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,10}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(1).max(2_147_483_647)),
  type: activationChannel,
  code: codeInput,
});
const forgotBody = z.object({ login: loginInput });
const resetBody = z.object({ login: loginInput, code: codeInput, password: z.string().max(1024) });
const newsletterBody = z.object({ email: emailInput, token: z.string().regex(/^[0-9a-fA-F]{64}$/, "expected 64 hex digits") });

/**
 * Confirms one channel of a user with its activation code (with or without a session).
 * Already confirmed answers success again; a channel the account does not confirm is 400.
 */
export async function activate(
  db: Db,
  settings: AuthSettings,
  c: Context,
  address: string,
  userId: number,
  channel: "email" | "phone",
  code: string
) {
  const user = await activationStateOf(db, userId);
  if (user && !channelRequired(user.activation_type, channel)) {
    return apiError(c, 400, "not_required", `This account has no ${channel} to confirm (activation: ${activationName(user.activation_type)})`);
  }
  if (user && (channel === "email" ? user.email_activated : user.phone_activated)) {
    return c.json({ result: { activated: true, remaining: remainingActivation(user) } });
  }
  const purpose = channel === "email" ? "activate_email" : "activate_phone";
  const checked = await checkCodeFrom(db, c, address, async () =>
    user
      ? redeemCode(db, settings.secret, { userId: user.id, purpose }, code, (trx) => markChannelActivated(trx, user.id, channel))
      : { ok: false, error: "wrong_code" }
  );
  if (!checked.ok) return checked.response;
  return c.json({ result: { activated: true, remaining: remainingActivation(checked.value) } });
}

/** Public /web-api/user routes: activation by link, password reset, newsletter opt-out. */
export function accountApi(db: Db, settings: AuthSettings) {
  const app = new Hono();

  app.post("/user/activate/link", async (c) => {
    const parsed = await parseJsonBody(c, linkBody);
    if (!parsed.ok) return parsed.response;
    const address = clientAddress(c);
    if (!address.ok) return address.response;
    return activate(db, settings, c, address.data, parsed.data.userId, parsed.data.type, parsed.data.code);
  });

  // Always the same answer whether or not the account exists. The channel comes from what
  // was typed (an e-mail or a +phone), so it reveals nothing; null for a login or number.
  app.post("/user/password/forgot", async (c) => {
    const parsed = await parseJsonBody(c, forgotBody);
    if (!parsed.ok) return parsed.response;
    const identifier = classifyLogin(parsed.data.login);
    const channel = identifier.kind === "email" ? "email" : identifier.kind === "phone" ? "phone" : null;
    const user = await findUserByLogin(db, identifier);
    if (user) {
      const phone = phoneAddress(user);
      const to = channel === "email" ? user.email : channel === "phone" ? phone : user.email ?? phone;
      const sendChannel = to === user.email ? "email" : "sms";
      // One code a minute per account; inside the minute the last code stays valid.
      if (to && (await hitIfUnder(db, "reset_send:user", String(user.id), RESEND_SECONDS, 1)).allowed) {
        await sendCode(db, settings.secret, { userId: user.id, purpose: "password_reset", destination: to, ttlSeconds: PASSWORD_RESET_CODE_SECONDS }, (code) =>
          passwordResetMessage(sendChannel, to, code)
        );
      }
    }
    return c.json({ result: true, channel });
  });

  app.post("/user/password/reset", async (c) => {
    const parsed = await parseJsonBody(c, resetBody);
    if (!parsed.ok) return parsed.response;
    const { login, code, password } = parsed.data;
    const problem = passwordProblem(password);
    if (problem) return apiError(c, 400, "weak_password", problem);
    const address = clientAddress(c);
    if (!address.ok) return address.response;
    const user = await findUserByLogin(db, classifyLogin(login));
    // Hashed before the account is known, so the answer takes as long either way.
    const passwordHash = await hashPassword(password);
    const checked = await checkCodeFrom(db, c, address.data, async () => {
      if (!user) return { ok: false, error: "wrong_code" } as const;
      return redeemCode(db, settings.secret, { userId: user.id, purpose: "password_reset" }, code, async (trx, userId) => {
        await setPasswordHash(trx, userId, passwordHash);
        // Whoever knew the old password is signed out everywhere.
        await revokeAllSessions(trx, userId);
      });
    });
    if (!checked.ok) return checked.response;
    // The owner proved themselves: failed logins before the reset no longer hold them back.
    await forgetLoginFailures(db, `user:${checked.userId}`);
    return c.json({ result: true });
  });

  app.post("/user/stop-newsletter", async (c) => {
    const parsed = await parseJsonBody(c, newsletterBody);
    if (!parsed.ok) return parsed.response;
    const { email, token } = parsed.data;
    if (!sameHex(token, newsletterToken(settings.secret, email))) return apiError(c, 400, "bad_sign", "The unsubscribe link's signature is wrong");
    await stopNewsletter(db, email);
    return c.json({ result: true });
  });

  return app;
}
