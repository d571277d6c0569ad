import { COOKIES } from "~/lib/cookies.server";
import { log } from "~/services/log.server";
import { sessionCheck, termsStatus, userConfig } from "~/services/user.server";
import { type RequestArgs, beforeDeadline, failureReason, guardDeadline, perRequest } from "./memo.server";
import { tookFallback } from "~/lib/server-timing.server";
import { sessionToken } from "~/lib/request.server";

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
  /** The currency of the bettor's main account (ISO 4217), null when the platform does not say. */
  currency: string | null;
}


export function hasSessionToken(request: Request): boolean {
  return sessionToken(request) !== null;
}

/** Requests whose session lookup failed (not "no session": the platform did not answer in time). */
const failedLookups = new WeakSet<object>();

/**
 * Whether this request carries a session token whose lookup failed. A page that needs sign-in
 * answers "try again" then instead of sending a signed-in bettor to the login page.
 */
export function sessionLookupFailed(context: object): boolean {
  return failedLookups.has(context);
}

/**
 * The signed-in user, or null: signed in exactly when the session check gives a user id
 * (SPEC §4). A failing check is logged and treated as signed out for this request (SPEC §8
 * "Session or token load fails: logged"). The whole lookup (check, token, user config, terms)
 * shares the page's guard deadline (decision 021), so a slow platform costs a page at most that
 * long instead of the 18 s its retries and time-outs add up to.
 */
export function getSessionUser({ request, context }: Pick<RequestArgs, "request" | "context">): Promise<SessionUser | null> {
  return perRequest(context, "session-user", async () => {
    const token = sessionToken(request);
    if (!token) return null;
    const deadline = guardDeadline({ request, context });
    const lookup = async (): Promise<SessionUser | null> => {
      const userId = await sessionCheck(token, request.signal, deadline);
      if (userId === null) return null;
      const [config, terms] = await Promise.all([userConfig(token, request.signal, deadline), termsStatus(token, request.signal, deadline)]);
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
        currency: config.currency,
      };
    };
    try {
      return await beforeDeadline(lookup(), deadline);
    } catch (error) {
      log.warn("session.load_failed", { error });
      failedLookups.add(context);
      tookFallback(context, "session", failureReason(error));
      return null;
    }
  });
}
