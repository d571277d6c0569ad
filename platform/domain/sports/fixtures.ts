// Rounds of generated fixtures: the seed schedules the first ones, the simulator adds more as
// they are played, so the line of generated sports never runs dry.

import type { Random } from "./random.ts";
import type { SportRules } from "./sports.ts";

const DAY = 86_400_000;
/** Generated sports are scheduled this far ahead. */
export const GEN_AHEAD_MS = 5 * DAY;

const INDIVIDUAL = new Set(["tennis", "table-tennis", "badminton", "snooker", "darts", "squash", "etennis", "padel", "beach-volleyball"]);

/** Whether a sport's generated championships are tournaments of players (daily rounds). */
export function isIndividual(sport: SportRules): boolean {
  return INDIVIDUAL.has(sport.slug);
}

/** Days between two rounds: daily for players and cyber sport, every three days for clubs. */
export function roundEveryMs(sport: SportRules): number {
  return isIndividual(sport) || sport.kind === "cyber" ? DAY : 3 * DAY;
}

export interface Fixture {
  homeTeamId: number;
  awayTeamId: number;
  startAtMs: number;
  hasVideo: boolean;
}

/** One round on `day` (UTC midnight): the roster paired at random, kick-offs spread over the day. */
export function scheduleRound(sport: SportRules, roster: number[], day: number, round: number, rnd: Random): Fixture[] {
  const order = rnd.shuffle([...roster]);
  const out: Fixture[] = [];
  for (let i = 0; i + 1 < order.length; i += 2) {
    const hour = sport.kind === "cyber" ? (i * 3 + round) % 24 : 10 + rnd.int(0, 11);
    const startAtMs = day + hour * 3_600_000 + rnd.int(0, 3) * 900_000;
    const hasVideo = sport.model !== "sets" || sport.slug === "tennis" ? rnd.next() < 0.7 : false;
    out.push({ homeTeamId: order[i]!, awayTeamId: order[i + 1]!, startAtMs, hasVideo });
  }
  return out;
}
