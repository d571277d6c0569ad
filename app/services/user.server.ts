import { z } from "zod";
import { SESSION_CHECK_RETRY } from "~/constants";
import { withAccessToken } from "./auth.server";
import { callUpstream } from "./http.server";

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The session check: which user this token belongs to, if any (2 retries, 1.5 s). */
export async function sessionCheck(token: string, signal?: AbortSignal, deadline?: number): Promise<number | null> {
  const answer = await callUpstream({
    upstream: "web",
    path: "/web-api/session/check",
    headers: bearer(token),
    schema: z.object({ userId: z.number().int().positive().nullable() }),
    retry: SESSION_CHECK_RETRY,
    signal,
    deadline,
  });
  return answer.userId;
}

const userConfigSchema = z.object({
  user_id: z.number().int(),
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
  phone_number: z.string().nullable(),
  phone_code: z.string().nullable(),
  user_country_code: z.string().nullable(),
  activation_type: z.number().int(),
  ban_level: z.number().int(),
  ban_version: z.number().int(),
  user_status_id: z.number().int(),
  roles: z.array(z.string()),
  // SPEC §3 blacklists: sport ids the bettor does not see in the line / in live.
  disallow_line_sport: z.array(z.number().int()).default([]),
  disallow_live_sport: z.array(z.number().int()).default([]),
  // The quick display settings saved on the platform; parsed by app/sports/display.ts.
  display_settings: z.record(z.unknown()).nullable().default(null),
  // The currency the account was opened in (its main account's).
  // A wrong one only costs the coupon its currency, not the bettor their session.
  currency: z.string().regex(/^[A-Z]{3}$/).nullable().default(null).catch(null),
});
export type UserConfig = z.infer<typeof userConfigSchema>;

/**
 * The user config (SPEC §3) of the signed-in user. Calls below take the session token and
 * go out with an access token (refreshed on 401, see withAccessToken).
 */
export async function userConfig(sessionToken: string, signal?: AbortSignal, deadline?: number): Promise<UserConfig> {
  const answer = await withAccessToken(sessionToken, (token) =>
    callUpstream({
      upstream: "web",
      path: "/web-api/user/config",
      headers: bearer(token),
      schema: z.object({ result: userConfigSchema }),
      retry: { times: 1, delayMs: 200 },
      signal,
      deadline,
    }),
  );
  return answer.result;
}

/** GET .../agreement-rules/status: result is true when the terms changed for this user. */
export function termsStatus(sessionToken: string, signal?: AbortSignal, deadline?: number): Promise<{ result: boolean; updatedAt: string }> {
  return withAccessToken(sessionToken, (token) =>
    callUpstream({
      upstream: "web",
      path: "/web-api/api-v3/v2/user/agreement-rules/status",
      headers: bearer(token),
      schema: z.object({ result: z.boolean(), updatedAt: z.string() }),
      retry: { times: 1, delayMs: 200 },
      signal,
      deadline,
    }),
  );
}

/**
 * Saves a signed-in bettor's display settings on the platform, as app/sports/display.ts shapes
 * them (the platform keeps them as given and answers them back in the user config).
 */
export async function saveDisplaySettings(sessionToken: string, settings: Readonly<Record<string, string | number>>): Promise<void> {
  await withAccessToken(sessionToken, (token) =>
    callUpstream({
      upstream: "web",
      path: "/web-api/user/display-settings",
      method: "PUT",
      headers: bearer(token),
      json: settings,
      schema: z.object({ result: z.object({ odds: z.string(), view: z.number(), theme: z.number() }) }),
    }),
  );
}

export async function acceptTerms(sessionToken: string): Promise<void> {
  await withAccessToken(sessionToken, (token) =>
    callUpstream({
      upstream: "web",
      path: "/web-api/api-v3/v2/user/agreement-rules/accept",
      method: "POST",
      headers: bearer(token),
      schema: z.object({ result: z.literal(true) }),
    }),
  );
}

const appealSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  status: z.enum(["pending", "answered", "rejected"]),
  answer: z.string().nullable(),
  created_at: z.string(),
  answered_at: z.string().nullable(),
});
export type BlockAppeal = z.infer<typeof appealSchema>;

export async function blockAppeals(sessionToken: string): Promise<BlockAppeal[]> {
  const answer = await withAccessToken(sessionToken, (token) =>
    callUpstream({
      upstream: "web",
      path: "/web-api/user/block-appeals",
      headers: bearer(token),
      schema: z.object({ result: z.array(appealSchema) }),
      retry: { times: 1, delayMs: 200 },
    }),
  );
  return answer.result;
}

export async function createBlockAppeal(sessionToken: string, message: string): Promise<BlockAppeal> {
  const answer = await withAccessToken(sessionToken, (token) =>
    callUpstream({
      upstream: "web",
      path: "/web-api/user/block-appeals",
      method: "POST",
      headers: bearer(token),
      json: { message },
      schema: z.object({ result: appealSchema }),
    }),
  );
  return answer.result;
}
