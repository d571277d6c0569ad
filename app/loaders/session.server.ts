import { COOKIES } from "~/lib/cookies.server";
import { log } from "~/services/log.server";
import { sessionCheck, termsStatus, userConfig } from "~/services/user.server";
import { type RequestArgs, perRequest } from "./memo.server";
import { requestCookies } from "./request.server";

/** SPEC §7 client cookie holding the session token. */
export const USER_TOKEN_COOKIE = COOKIES.userToken.name;

export interface SessionUser {
  id: number;
  token: string;
  name: string | null;
  roles: string[];
  ban_level: number;
  ban_version: number;
  /** The terms changed since this user last accepted them. */
  termsChanged: boolean;
  /** SPEC §3 disallow_line_sport / disallow_live_sport: sport ids hidden in each section. */
  hiddenSports: { line: number[]; live: number[] };
  /** The quick display settings saved on the platform (unparsed), null until first saved. */
  display: Record<string, unknown> | null;
}

export function sessionToken(request: Request): string | null {
  const token = requestCookies(request)[USER_TOKEN_COOKIE];
  return token && /^[A-Za-z0-9_-]{16,256}$/.test(token) ? token : null;
}

export function hasSessionToken(request: Request): boolean {
  return sessionToken(request) !== null;
}

/**
 * The signed-in user, or null: signed in exactly when the session check gives a user id
 * (SPEC §4). A failing check is logged and treated as signed out for this request.
 */
export function getSessionUser({ request, context }: Pick<RequestArgs, "request" | "context">): Promise<SessionUser | null> {
  return perRequest(context, "session-user", async () => {
    const token = sessionToken(request);
    if (!token) return null;
    try {
      const userId = await sessionCheck(token, request.signal);
      if (userId === null) return null;
      const [config, terms] = await Promise.all([userConfig(token, request.signal), termsStatus(token, request.signal)]);
      return {
        id: userId,
        token,
        name: config.user_name,
        roles: config.roles,
        ban_level: config.ban_level,
        ban_version: config.ban_version,
        termsChanged: terms.result,
        hiddenSports: { line: config.disallow_line_sport, live: config.disallow_live_sport },
        display: config.display_settings,
      };
    } catch (error) {
      log.warn("session.load_failed", { error });
      return null;
    }
  });
}
