// Marble racing (docs/PRODUCT.md §4, decision 040): its sport id (stable, as in docs/SPORTS-API.md)
// and the small pure helpers of its page.

import type { GameView, RunnerView } from "./model";

export const MARBLE_SPORT_ID = 50;
/** Market type ids of a race (docs/SPORTS-API.md). */
export const RACE_MARKET = { winner: 15, top3: 16 } as const;
/** Upcoming races the page lists (the feed holds the next hour). */
export const NEXT_RACES = 6;
export const RECENT_RESULTS = 5;

/** A marble's colour: fixed per marble (its id), so it is the same in every race and on every page. */
const PALETTE = ["#1e6fd9", "#d92b3a", "#1f9d55", "#e0a100", "#3b3b4f", "#ef6c57", "#7b3fe4", "#f08c00", "#8fb8de", "#2fa39a", "#b3123c", "#9aa5b1", "#2446a8", "#e8b04b", "#111827", "#d9d4c7"];
export function marbleColor(id: number): string {
  return PALETTE[id % PALETTE.length]!;
}

/** Share of the track covered, 0 … 100 (a finished runner is at 100). */
export function trackPercent(runner: RunnerView, trackLength: number | null): number {
  if (runner.place !== null) return 100;
  if (!trackLength) return 0;
  return Math.max(0, Math.min(100, Math.round((runner.progress / trackLength) * 100)));
}

/** The field in the order a viewer reads it: by place, then by progress, then by lane. */
export function standingOrder(runners: readonly RunnerView[]): RunnerView[] {
  return [...runners].sort((a, b) => (a.place ?? 99) - (b.place ?? 99) || b.progress - a.progress || a.lane - b.lane);
}

/** "0:34": a race's clock. */
export function raceClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** The races of a list in start order, the first `limit`. */
export function nextRaces(games: readonly GameView[], limit: number): GameView[] {
  return [...games].filter((g) => g.runners).sort((a, b) => a.startAt - b.startAt || a.id - b.id).slice(0, limit);
}
