import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { type Caller, callerHeaders, errorCode, phoneCountries, withAccessToken } from "./auth.server";
import { UpstreamError, callUpstream } from "./http.server";
import { log } from "./log.server";

/**
 * The platform's account APIs: registration (SPEC §3 registration types, bonus choice, login
 * credentials), activation of the e-mail and phone, password reset, the newsletter opt-out
 * and, outside production, the developer outbox of fake SMS and e-mail.
 *
 * Failed calls throw UpstreamError; `errorCode(error)` of auth.server.ts reads the platform's
 * code (bad_request, weak_password, underage, email_taken, phone_taken, registration_closed,
 * rate_limited, wrong_code, time_up, bad_sign).
 */

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Registration types of the API (SPEC §3) and the bonus choice: 0 decline, 1 sport, 2 casino. */
export type RegistrationType = "fast_reg" | "phone_reg" | "full_reg" | "one_click";
export type BonusChoice = 0 | 1 | 2;

interface RegistrationCommon {
  currency: string;
  country_code: string;
  bonus_choice: BonusChoice;
  promocode?: string;
  lng: string;
}

export type RegistrationInput = RegistrationCommon &
  (
    | { type: "fast_reg"; email: string; password: string }
    | { type: "phone_reg"; phone_number: string; phone_code: string; password: string }
    | {
        type: "full_reg";
        email: string;
        password: string;
        phone_number: string;
        phone_code: string;
        name: string;
        surname: string;
        /** YYYY-MM-DD; the platform refuses anyone under 18 (underage). */
        date_birthday: string;
      }
    | { type: "one_click" }
  );

export const activationKinds = ["none", "email", "phone", "both"] as const;
export type ActivationNeeded = (typeof activationKinds)[number];

const registrationSchema = z.object({
  result: z.object({
    userId: z.number().int().positive(),
    token: z.string().min(16),
    expiresAt: z.string(),
    login: z.string().min(1),
    /** One-click registration only: the generated password, shown to the player once. */
    password: z.string().min(1).optional(),
    activation: z.enum(activationKinds),
  }),
});
export type Registration = z.infer<typeof registrationSchema>["result"];

/** POST /web-api/registration: a new account and its first session. */
export async function register(input: RegistrationInput, caller: Caller): Promise<Registration> {
  const answer = await callUpstream({
    upstream: "web",
    path: "/web-api/registration",
    method: "POST",
    json: input,
    headers: callerHeaders(caller),
    schema: registrationSchema,
  });
  return answer.result;
}

/** Sends a one-click player their login and password by e-mail (refused an hour after sign-up). */
export async function sendCredentialsEmail(sessionToken: string, input: { email: string; login: string; password: string }): Promise<void> {
  await withAccessToken(sessionToken, (token) =>
    callUpstream({
      upstream: "web",
      path: "/web-api/registration/credentials-email",
      method: "POST",
      json: input,
      headers: bearer(token),
      schema: z.object({ result: z.literal(true) }),
    }),
  );
}

// Activation of the e-mail address and the phone number

export type ActivationChannel = "email" | "phone";

const activationSchema = z.object({
  result: z.object({ activated: z.literal(true), remaining: z.enum(["none", "email", "phone"]) }),
});
export type ActivationResult = z.infer<typeof activationSchema>["result"];

/** A signed-in player enters the code sent to their e-mail or phone. */
export async function activate(
  sessionToken: string,
  input: { type: ActivationChannel; code: string },
  caller: Caller,
): Promise<ActivationResult> {
  const answer = await withAccessToken(sessionToken, (token) =>
    callUpstream({
      upstream: "web",
      path: "/web-api/user/activate",
      method: "POST",
      json: input,
      // The visitor's address: wrong codes are limited per address too.
      headers: { ...bearer(token), ...callerHeaders(caller) },
      schema: activationSchema,
    }),
  );
  return answer.result;
}

/** The link of an activation e-mail or SMS: works without a session. */
export async function activateByLink(
  input: { userId: number; type: ActivationChannel; code: string },
  caller: Caller,
): Promise<ActivationResult> {
  const answer = await callUpstream({
    upstream: "web",
    path: "/web-api/user/activate/link",
    method: "POST",
    json: input,
    headers: callerHeaders(caller),
    schema: activationSchema,
  });
  return answer.result;
}

export async function resendActivation(sessionToken: string, type: ActivationChannel): Promise<void> {
  await withAccessToken(sessionToken, (token) =>
    callUpstream({
      upstream: "web",
      path: "/web-api/user/activate/resend",
      method: "POST",
      json: { type },
      headers: bearer(token),
      schema: z.object({ result: z.literal(true) }),
    }),
  );
}

const activationStatusSchema = z.object({
  result: z.object({ email: z.boolean(), phone: z.boolean(), activation_type: z.number().int().min(0).max(3) }),
});
export type ActivationStatus = z.infer<typeof activationStatusSchema>["result"];

/** Which of e-mail and phone are confirmed; activation_type (SPEC §3) says which are needed. */
export async function activationStatus(sessionToken: string, signal?: AbortSignal): Promise<ActivationStatus> {
  const answer = await withAccessToken(sessionToken, (token) =>
    callUpstream({
      upstream: "web",
      path: "/web-api/user/activation-status",
      headers: bearer(token),
      schema: activationStatusSchema,
      retry: { times: 1, delayMs: 200 },
      signal,
    }),
  );
  return answer.result;
}

/**
 * SPEC §3 activation_type: 0 none, 1 e-mail, 2 e-mail and phone, 3 phone only. The channels
 * this player has to confirm, in the order they are shown.
 */
export function channelsToActivate(activationType: number): ActivationChannel[] {
  switch (activationType) {
    case 1:
      return ["email"];
    case 2:
      return ["email", "phone"];
    case 3:
      return ["phone"];
    default:
      return [];
  }
}

// Password reset

export type CodeChannel = "email" | "phone" | null;

/** Step 1: a code goes to the account's e-mail or phone; the answer never says whether it exists. */
export async function forgotPassword(login: string, caller: Caller): Promise<CodeChannel> {
  const answer = await callUpstream({
    upstream: "web",
    path: "/web-api/user/password/forgot",
    method: "POST",
    json: { login },
    headers: callerHeaders(caller),
    schema: z.object({ result: z.literal(true), channel: z.enum(["email", "phone"]).nullable() }),
  });
  return answer.channel;
}

/** Step 2: the code and the new password. */
export async function resetPassword(input: { login: string; code: string; password: string }, caller: Caller): Promise<void> {
  await callUpstream({
    upstream: "web",
    path: "/web-api/user/password/reset",
    method: "POST",
    json: input,
    headers: callerHeaders(caller),
    schema: z.object({ result: z.literal(true) }),
  });
}

/** The unsubscribe link of a newsletter: the address and its signature. */
export async function stopNewsletter(input: { email: string; token: string }): Promise<void> {
  await callUpstream({
    upstream: "web",
    path: "/web-api/user/stop-newsletter",
    method: "POST",
    json: input,
    schema: z.object({ result: z.literal(true) }),
  });
}

// The developer outbox (platforms that allow it; the site shows it outside production only)

const outboxSchema = z.object({
  messages: z.array(
    z.object({
      id: z.union([z.number(), z.string()]),
      channel: z.enum(["sms", "email"]),
      to: z.string(),
      subject: z.string().nullable().optional(),
      body: z.string(),
      code: z.string().nullable().optional(),
      created_at: z.string(),
    }),
  ),
});
export type OutboxMessage = z.infer<typeof outboxSchema>["messages"][number];

export async function outboxMessages(query: { to?: string; limit?: number }, signal?: AbortSignal): Promise<OutboxMessage[]> {
  const answer = await callUpstream({
    upstream: "web",
    path: "/__dev/outbox",
    query: { to: query.to || undefined, limit: query.limit },
    schema: outboxSchema,
    signal,
  });
  return answer.messages;
}

/** A country of the registration form: ISO alpha-2 code, name in the page language, phone code. */
export interface RegistrationCountry {
  code: string;
  name: string;
  telCode: string;
}

/** The phone countries (SPEC §3), named in the page language and sorted for it. */
export async function registrationCountries(lng: string): Promise<RegistrationCountry[]> {
  const countries = await phoneCountries();
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([lng], { type: "region", fallback: "none" });
  } catch {
    names = null;
  }
  const seen = new Set<string>();
  const out: RegistrationCountry[] = [];
  for (const c of countries) {
    const code = c.country_code.trim().toUpperCase();
    const telCode = c.tel_code.replace(/\D/g, "");
    if (!/^[A-Z]{2}$/.test(code) || !telCode || seen.has(code)) continue;
    seen.add(code);
    let name: string | undefined;
    try {
      name = names?.of(code);
    } catch {
      name = undefined;
    }
    out.push({ code, name: name ?? c.name, telCode });
  }
  const collator = new Intl.Collator(lng);
  return out.sort((a, b) => collator.compare(a.name, b.name));
}

// How the pages answer a refused code, a weak password or a busy platform (SPEC §8: code errors
// are classed wrong_code or time_up; the classes apply to every code the player types).

export interface Refusal {
  status: number;
  fieldErrors?: Record<string, string[]>;
  formErrors?: string[];
  retryAfterSeconds?: number;
}

/**
 * A failed code or password call as dictionary keys under `<section>.errors.*`; null when the
 * error is not the platform's (then the caller rethrows).
 */
export function codeRefusal(error: unknown, section: "activation" | "passwordReset"): Refusal | null {
  if (!(error instanceof UpstreamError)) return null;
  const e = errorCode(error);
  const E = `${section}.errors`;
  switch (e?.code) {
    case "wrong_code":
      return { status: 400, fieldErrors: { code: [`${E}.wrongCode`] } };
    case "time_up":
      return { status: 400, fieldErrors: { code: [`${E}.timeUp`] } };
    case "weak_password":
      return { status: 400, fieldErrors: { password: [`${E}.weakPassword`] } };
    case "rate_limited":
      return { status: 429, formErrors: [`${E}.rateLimited`], retryAfterSeconds: e.retryAfterSeconds };
    default:
      if (error.kind === "http" && error.status < 500 && error.status !== 401) return { status: 400, formErrors: [`${E}.badRequest`] };
      log.warn(`${section}.failed`, { status: error.status, kind: error.kind, code: e?.code });
      return { status: 503, formErrors: [`${E}.unavailable`] };
  }
}

export type ActivationActionData =
  | { intent: "activate"; type: ActivationChannel; result: SubmissionResult<string[]>; activated: ActivationResult | null }
  | { intent: "resend"; type: ActivationChannel; resent: boolean; error: string | null };

