import { Hono } from "hono";
import { z } from "zod";
import type { Db } from "../db/index.ts";
import { MINIMUM_AGE, activationName, activationTypeFor, ageOn, isCalendarDate } from "../domain/activation.ts";
import { CREDENTIALS_EMAILS_PER_USER, REGISTRATIONS_PER_ADDRESS } from "../domain/auth-limits.ts";
import { fullPhone } from "../domain/login-identifier.ts";
import { credentialsMessage } from "../domain/messages.ts";
import { sendMessage } from "../domain/outbox.ts";
import { generatePassword, hashPassword, passwordProblem, verifyPassword } from "../domain/passwords.ts";
import { phoneProblem } from "../domain/phone-countries.ts";
import { hitIfUnder } from "../domain/rate-limits.ts";
import { createAccount, inCredentialsWindow } from "../domain/registration.ts";
import { loadSiteConfigValue } from "../domain/site-config.ts";
import { type AuthEnv, requireUser } from "./auth.ts";
import { apiError, clientAddress, countryOf, parseJsonBody, rateLimited, currencyCode } from "./http.ts";
import { type AuthSettings, dialingCode, phoneDigits, sessionResult } from "./login.ts";

const common = {
  currency: currencyCode,
  country_code: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "expected an ISO 3166 alpha-2 code")
    .transform((v) => v.toUpperCase()),
  bonus_choice: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  promocode: z
    .string()
    .trim()
    .max(50)
    .regex(/^[\p{L}\p{N}_-]*$/u, "letters, digits, - and _ only")
    .nullish()
    .transform((v) => v || null),
  lng: z.string().regex(/^[a-z]{2}$/, "expected a two-letter language"),
};
export const emailInput = z.string().trim().toLowerCase().max(200).email();
// Only the length bound here: the policy is checked apart so it can answer weak_password.
const newPassword = z.string().max(1024);
const personName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^\p{L}[\p{L}\p{M}' .-]*$/u, "letters, spaces, ' . and - only");
const birthday = z.string().refine(isCalendarDate, "expected a date written YYYY-MM-DD");

const registrationBody = z.discriminatedUnion("type", [
  z.object({ type: z.literal("fast_reg"), ...common, email: emailInput, password: newPassword }),
  z.object({ type: z.literal("phone_reg"), ...common, phone_number: phoneDigits, phone_code: dialingCode, password: newPassword }),
  z.object({
    type: z.literal("full_reg"),
    ...common,
    email: emailInput,
    password: newPassword,
    phone_number: phoneDigits,
    phone_code: dialingCode,
    name: personName,
    surname: personName,
    date_birthday: birthday,
  }),
  z.object({ type: z.literal("one_click"), ...common }),
]);
type Registration = z.infer<typeof registrationBody>;

const credentialsBody = z.object({ email: emailInput, login: z.string().trim().min(1).max(200), password: z.string().min(1).max(1024) });

/** POST /web-api/registration and the one-click credentials e-mail. */
export function registrationApi(db: Db, settings: AuthSettings) {
  const app = new Hono<AuthEnv>();

  app.post("/registration", async (c) => {
    const registration = await loadSiteConfigValue(db, "registration", countryOf(c));
    if (registration === null) return apiError(c, 503, "config_missing", "The site config has no valid registration settings");
    if (!registration.allowed) return apiError(c, 403, "registration_closed", "Registration is closed");

    const parsed = await parseJsonBody(c, registrationBody);
    if (!parsed.ok) return parsed.response;
    const input: Registration = parsed.data;
    const address = clientAddress(c);
    if (!address.ok) return address.response;

    if ("password" in input) {
      const problem = passwordProblem(input.password);
      if (problem) return apiError(c, 400, "weak_password", problem);
    }
    if (input.type === "full_reg") {
      const age = ageOn(input.date_birthday, new Date());
      if (age < MINIMUM_AGE) return apiError(c, 400, "underage", `date_birthday: registration needs an age of ${MINIMUM_AGE} or more`);
      if (age > 120) return apiError(c, 400, "bad_request", "date_birthday: not a plausible birthday");
    }
    if ("phone_number" in input) {
      const problem = await phoneProblem(db, input.phone_code, input.phone_number);
      if (problem) return apiError(c, 400, "bad_request", problem);
    }

    const slot = await hitIfUnder(db, "registration:address", address.data, REGISTRATIONS_PER_ADDRESS.windowSeconds, REGISTRATIONS_PER_ADDRESS.max);
    if (!slot.allowed) return rateLimited(c, slot.retryAfterSeconds, "registrations from this address");

    // One-click accounts get a password shown once; it is stored hashed like any other.
    const generated = input.type === "one_click" ? generatePassword() : undefined;
    const passwordHash = await hashPassword("password" in input ? input.password : generated!);
    const email = "email" in input ? input.email : null;
    const phone = "phone_number" in input ? { code: input.phone_code, number: input.phone_number } : null;
    const activationType = activationTypeFor(input.type);

    const created = await createAccount(db, settings.secret, {
      type: input.type,
      email,
      phone,
      countryCode: input.country_code,
      currency: input.currency,
      bonusChoice: input.bonus_choice,
      promocode: input.promocode,
      language: input.lng,
      passwordHash,
      activationType,
      userData: input.type === "full_reg" ? { name: input.name, surname: input.surname, date_birthday: input.date_birthday } : {},
    });
    if (!created.ok) {
      return created.conflict === "email_taken"
        ? apiError(c, 409, "email_taken", "An account with this e-mail exists")
        : apiError(c, 409, "phone_taken", "An account with this phone number exists");
    }
    const login = created.login ?? email ?? (phone ? fullPhone(phone.code, phone.number) : String(created.userId));
    return c.json(
      {
        result: {
          ...sessionResult(created.session, created.userId),
          login,
          ...(generated ? { password: generated } : {}),
          activation: activationName(activationType),
        },
      },
      201
    );
  });

  // The platform never has the one-click password in clear: the site sends back what it showed
  // once, and the platform checks it against the account before relaying it.
  app.post("/registration/credentials-email", requireUser(db), async (c) => {
    const parsed = await parseJsonBody(c, credentialsBody);
    if (!parsed.ok) return parsed.response;
    const user = c.var.user;
    const { email, login, password } = parsed.data;
    const ownLogin = user.login ?? String(user.id);
    const recent = await inCredentialsWindow(db, user.id);
    if (user.registration_type !== "one_click" || !recent || (login !== ownLogin && login !== String(user.id))) {
      return apiError(c, 403, "forbidden", "Only a one-click account's own credentials, within an hour of registration");
    }
    if (!(await verifyPassword(user.password_hash, password))) {
      return apiError(c, 403, "forbidden", "These are not this account's credentials");
    }
    const slot = await hitIfUnder(
      db,
      "credentials_email:user",
      String(user.id),
      CREDENTIALS_EMAILS_PER_USER.windowSeconds,
      CREDENTIALS_EMAILS_PER_USER.max
    );
    if (!slot.allowed) return rateLimited(c, slot.retryAfterSeconds, "credential e-mails");
    await sendMessage(db, credentialsMessage(email, ownLogin, password));
    return c.json({ result: true });
  });

  return app;
}
