import { z } from "zod";
import { TOKEN_REQUEST_SHARING_MS } from "~/constants";
import { callUpstream, UpstreamError } from "./http.server";

/** The platform's auth API (SPEC §7 "Auth API", "Captcha", "Social one-tap"). */

const sessionSchema = z.object({ token: z.string().min(16), expiresAt: z.string(), userId: z.number().int().positive() });
export type IssuedSession = z.infer<typeof sessionSchema>;

const loginAnswer = z.object({
  result: z.union([
    sessionSchema.extend({ twoStepRequired: z.undefined().optional() }),
    z.object({ twoStepRequired: z.literal(true), twoStepToken: z.string().min(8) }),
  ]),
});
export type LoginResult = z.infer<typeof loginAnswer>["result"];

/** Who is calling: the visitor's address (for rate limits) and a solved captcha, if any. */
export interface Caller {
  clientIp: string | null;
  captchaToken?: string | null;
}

export function callerHeaders(caller: Caller): Record<string, string | undefined> {
  return { "x-client-ip": caller.clientIp ?? undefined, "x-captcha-token": caller.captchaToken ?? undefined };
}

export function loginByPassword(body: { uLogin: string; uPassword: string; save: boolean }, caller: Caller) {
  return postLogin("/web-api/auth/login", body, caller);
}
export function loginByPhone(body: { phone_number: string; country_code: string; uPassword: string; save: boolean }, caller: Caller) {
  return postLogin("/web-api/auth/login/phone", body, caller);
}
export function loginBySms(body: { phone_number: string; country_code: string; code: string; save: boolean }, caller: Caller) {
  return postLogin("/web-api/auth/login/sms", body, caller);
}
export function loginByTwoStepCode(body: { twoStepToken: string; code: string; save: boolean }, caller: Caller) {
  return postLogin("/web-api/auth/login/two-step", body, caller);
}
export function loginByToken(body: { method_id: string; token: string; sign: string; lng: string }, caller: Caller) {
  return postLogin("/web-api/auth/login/token", body, caller);
}
export function loginBySocial(body: { login: string; pass: string }, caller: Caller) {
  return postLogin("/web-api/auth/login/social", body, caller);
}

async function postLogin(path: string, json: unknown, caller: Caller): Promise<LoginResult> {
  const answer = await callUpstream({ upstream: "web", path, method: "POST", json, headers: callerHeaders(caller), schema: loginAnswer });
  return answer.result;
}

export async function sendSmsCode(phone: { number: string; code: string }, caller: Caller): Promise<number> {
  const answer = await callUpstream({
    upstream: "web",
    path: "/web-api/auth/sms/send",
    method: "POST",
    json: { "phone-number": phone.number, "phone-code": phone.code },
    headers: callerHeaders(caller),
    schema: z.object({ result: z.literal(true), resendAfterSeconds: z.number().int() }),
  });
  return answer.resendAfterSeconds;
}

export async function logout(sessionToken: string): Promise<void> {
  await callUpstream({
    upstream: "web",
    path: "/web-api/auth/logout",
    method: "POST",
    headers: { authorization: `Bearer ${sessionToken}` },
    schema: z.object({ result: z.literal(true) }),
  });
}

/** GET /web-api/session, once when there is no session yet; its answer is not JSON. */
export async function openSession(caller: Caller): Promise<void> {
  await callUpstream({ upstream: "web", path: "/web-api/session", headers: callerHeaders(caller), schema: z.string(), responseType: "text" });
}

// Access tokens (GET /web-api/user/gettoken?force_refresh=true), shared for 60 s per session
// so parallel calls make one token request (SPEC §9 "Token request sharing").
const accessTokens = new Map<string, { promise: Promise<string>; at: number }>();

export function accessToken(sessionToken: string, force = false): Promise<string> {
  const cached = accessTokens.get(sessionToken);
  if (!force && cached && Date.now() - cached.at < TOKEN_REQUEST_SHARING_MS) return cached.promise;
  const promise = callUpstream({
    upstream: "web",
    path: "/web-api/user/gettoken",
    query: { force_refresh: "true" },
    headers: { authorization: `Bearer ${sessionToken}` },
    schema: z.object({ token: z.string().min(16), expiresAt: z.string() }),
  }).then((a) => a.token);
  promise.catch(() => accessTokens.delete(sessionToken));
  accessTokens.set(sessionToken, { promise, at: Date.now() });
  // Old sessions drop out instead of piling up.
  if (accessTokens.size > 10_000) accessTokens.delete(accessTokens.keys().next().value as string);
  return promise;
}

export function forgetAccessToken(sessionToken: string): void {
  accessTokens.delete(sessionToken);
}

/** How many times a call is retried with a fresh token after a 401 (SPEC §8). */
export const UNAUTHORIZED_RETRIES = 2;

/**
 * Runs an authenticated upstream call with the session's access token. A 401 drops the token,
 * fetches a new one and retries, a limited number of times; when the session itself is gone
 * the last 401 is thrown.
 */
export async function withAccessToken<T>(sessionToken: string, call: (token: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const token = await accessToken(sessionToken, attempt > 0);
    try {
      return await call(token);
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.status !== 401 || attempt >= UNAUTHORIZED_RETRIES) throw error;
      forgetAccessToken(sessionToken);
    }
  }
}

// Captcha API
const captchaSchema = z.object({ id: z.string().min(1), image: z.string().startsWith("data:image/svg+xml"), time: z.number() });
export type Captcha = z.infer<typeof captchaSchema>;

export function newCaptcha(caller: Caller): Promise<Captcha> {
  return callUpstream({ upstream: "captcha", path: "/captcha-api/update", headers: callerHeaders(caller), schema: captchaSchema });
}

const captchaReplySchema = z.object({
  type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  time: z.number(),
  error_message: z.string().nullable().optional(),
  token: z.string().optional(),
});
export type CaptchaReply = z.infer<typeof captchaReplySchema>;

export function validateCaptcha(input: { id: string; answer: string }, caller: Caller): Promise<CaptchaReply> {
  return callUpstream({
    upstream: "captcha",
    path: "/captcha-api/validate",
    method: "POST",
    json: input,
    headers: callerHeaders(caller),
    schema: captchaReplySchema,
  });
}

/** The fixed set of login error codes that ask for a captcha (SPEC §8). */
export const CAPTCHA_CODES = [1007, 1008] as const;

/** The platform's error code of a failed call ("wrong_credentials", "captcha_required", ...). */
export function errorCode(error: unknown): { code: string; captchaCode?: number; retryAfterSeconds?: number; twoStepToken?: string } | null {
  if (!(error instanceof UpstreamError) || error.kind !== "http") return null;
  const parsed = z
    .object({ error: z.object({ code: z.string(), captchaCode: z.number().optional(), retryAfterSeconds: z.number().optional() }) })
    .safeParse(error.body);
  return parsed.success ? parsed.data.error : null;
}

// Phone countries and masks
const phoneCountriesSchema = z.object({
  countries: z.array(z.object({ id: z.number().int(), name: z.string(), country_code: z.string(), tel_code: z.string() })),
});
export type PhoneCountry = z.infer<typeof phoneCountriesSchema>["countries"][number];

let phoneCountriesCache: { at: number; value: Promise<PhoneCountry[]> } | null = null;
/** Phone countries change rarely; one copy is kept for ten minutes. */
export function phoneCountries(): Promise<PhoneCountry[]> {
  if (phoneCountriesCache && Date.now() - phoneCountriesCache.at < 600_000) return phoneCountriesCache.value;
  const value = callUpstream({ upstream: "web", path: "/web-api/phone/countries", schema: phoneCountriesSchema, retry: { times: 2, delayMs: 300 } }).then(
    (a) => a.countries,
  );
  value.catch(() => (phoneCountriesCache = null));
  phoneCountriesCache = { at: Date.now(), value };
  return value;
}

/** The numeric phone-country id for a country given by id or by ISO letters; "" when unknown. */
export async function phoneCountryId(country: string): Promise<string> {
  if (/^\d{1,6}$/.test(country)) return country;
  if (!/^[A-Za-z]{2}$/.test(country)) return "";
  const countries = await phoneCountries().catch(() => [] as PhoneCountry[]);
  const found = countries.find((c) => c.country_code.toUpperCase() === country.toUpperCase());
  return found ? String(found.id) : "";
}

// Social one-tap (SPEC §7)
let oneTapClientIdCache: { at: number; value: Promise<string> } | null = null;
/** GET /social-api/oauth/google-one-tap/clientId, kept for ten minutes. */
export function oneTapClientId(): Promise<string> {
  if (oneTapClientIdCache && Date.now() - oneTapClientIdCache.at < 600_000) return oneTapClientIdCache.value;
  const value = callUpstream({
    upstream: "social",
    path: "/social-api/oauth/google-one-tap/clientId",
    schema: z.object({ clientId: z.string().min(1) }),
    retry: { times: 1, delayMs: 300 },
  }).then((a) => a.clientId);
  value.catch(() => (oneTapClientIdCache = null));
  oneTapClientIdCache = { at: Date.now(), value };
  return value;
}

/** POST /social-api/oauth/google-one-tap: the provider's credential in, where to go out. */
export async function oneTapSignIn(
  input: { credential: string; language: string; currency: string; countryId: string },
  caller: Caller,
): Promise<string> {
  const form = new FormData();
  for (const [k, v] of Object.entries(input)) form.set(k, v);
  // The social API takes the numeric phone-country id; the site knows the visitor's country by
  // its ISO letters (the country header), so letters are looked up, and an unknown one is sent
  // as "none" rather than refused (issue 11).
  form.set("countryId", await phoneCountryId(input.countryId));
  const answer = await callUpstream({
    upstream: "social",
    path: "/social-api/oauth/google-one-tap",
    method: "POST",
    form,
    headers: callerHeaders(caller),
    schema: z.object({ redirectUrl: z.string().min(1) }),
  });
  return answer.redirectUrl;
}
