// How often a page asks the feed for news (SPEC §9 Polling intervals, issue 13): live every
// 3 s on the busiest live sports, 2 s on the one featured championship, 5 s elsewhere; the
// line every 15 s; the home page's top line games every 60 s. Bots poll never (DESIGN 6).

import { PAGE_LEAVE_PAUSE_MS } from "~/constants";

export const POLL_LIVE_BUSY_MS = 3_000;
export const POLL_LIVE_FEATURED_MS = 2_000;
export const POLL_LIVE_OTHER_MS = 5_000;
export const POLL_LINE_MS = 15_000;
export const POLL_TOP_LINE_MS = 60_000;
/**
 * While a page shows the last good copy (the platform is away, decision 063) it asks at least this
 * often, so that betting resumes within seconds of the platform's return, not a line interval later.
 */
export const POLL_STALE_MS = 5_000;

/** The live sports with the most traffic, by slug: they get the 3 s interval. */
export const BUSY_LIVE_SPORTS: readonly string[] = ["football", "tennis", "basketball", "ice-hockey", "table-tennis"];

export type FeedScope =
  | { kind: "live"; sportSlug?: string | null; champId?: number | null; featuredChampId?: number | null }
  | { kind: "line" }
  | { kind: "top-line" };

export function pollIntervalMs(scope: FeedScope): number {
  switch (scope.kind) {
    case "line":
      return POLL_LINE_MS;
    case "top-line":
      return POLL_TOP_LINE_MS;
    case "live":
      if (scope.champId != null && scope.featuredChampId != null && scope.champId === scope.featuredChampId) return POLL_LIVE_FEATURED_MS;
      // The whole live section shows the busy sports first, so it polls at their pace.
      if (!scope.sportSlug || BUSY_LIVE_SPORTS.includes(scope.sportSlug)) return POLL_LIVE_BUSY_MS;
      return POLL_LIVE_OTHER_MS;
  }
}

/**
 * Whether a poll is due now: never for bots, and not once the page has been hidden for the
 * page-leave pause (SPEC §9, 30 s); polling resumes as soon as the page is visible again.
 */
export function shouldPoll(input: { isBot: boolean; hiddenSince: number | null; now: number }): boolean {
  if (input.isBot) return false;
  if (input.hiddenSince === null) return true;
  return input.now - input.hiddenSince < PAGE_LEAVE_PAUSE_MS;
}
