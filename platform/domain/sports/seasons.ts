// A football league's next season, rebuilt from the same clubs when its real fixtures run out
// (decision 014): the openfootball season is moved to the present once, at the first seed, and a
// platform that keeps running past its last matchday would otherwise have an empty football line.
// A new season is a championship of its own (its table, results and outright start afresh) that
// follows the one before (`previousId`), a double round robin of that season's clubs, one round a
// weekend. Pure: the seed and the simulator build the same season from the same inputs.

import { Random, mixSeed } from "./random.ts";

const DAY = 86_400_000;
const WEEK = 7 * DAY;

/**
 * A league's next season is scheduled once its last fixture is this close to the clock: two
 * weeks, so the new season's first round enters the 7-day line before the old one's last is over.
 */
export const NEXT_SEASON_AHEAD_MS = 14 * DAY;

/** Days after the last match of a season before the next one's first weekend may start. */
const BREAK_MS = 3 * DAY;

/**
 * Kick-offs of a round, as offsets from its Saturday 00:00 UTC: the English pattern (Saturday
 * lunchtime, the 15:00 block, evening; Sunday afternoon; Monday night), used by every league.
 */
const SLOTS_MS = [12.5, 15, 15, 15, 15, 17.5, 24 + 14, 24 + 16.5, 15, 48 + 20].map((h) => h * 3_600_000);

export interface SeasonFixture {
  homeTeamId: number;
  awayTeamId: number;
  startAtMs: number;
  round: string;
}

export interface NextSeason {
  /** "2027" for a season inside one year, "2027/28" across two. */
  label: string;
  fixtures: SeasonFixture[];
}

/** The first Saturday (00:00 UTC) at or after `ms`. */
export function saturdayFrom(ms: number): number {
  const day = Math.ceil(ms / DAY) * DAY;
  // 1 January 1970 was a Thursday: day index 2 is a Saturday.
  const weekday = Math.floor(day / DAY) % 7;
  return day + (((2 - weekday) % 7) + 7) % 7 * DAY;
}

/**
 * A double round robin (the circle method): every club meets every other once at home and once
 * away, one match a round each (a bye where the count is odd). Rounds of the second half mirror
 * the first with home and away swapped.
 */
export function doubleRoundRobin(teams: readonly number[]): [number, number][][] {
  const ring: (number | null)[] = [...teams];
  if (ring.length % 2 === 1) ring.push(null);
  const n = ring.length;
  const first: [number, number][][] = [];
  for (let r = 0; r < n - 1; r++) {
    const round: [number, number][] = [];
    for (let i = 0; i < n / 2; i++) {
      const a = ring[i]!;
      const b = ring[n - 1 - i]!;
      if (a === null || b === null) continue;
      // Alternate the fixed club's side, so no club is at home every week.
      round.push(i === 0 && r % 2 === 1 ? [b, a] : [a, b]);
    }
    first.push(round);
    // Keep the first club in place and turn the rest one step.
    ring.splice(1, 0, ring.pop()!);
  }
  return [...first, ...first.map((round) => round.map(([h, a]) => [a, h] as [number, number]))];
}

export function seasonLabel(firstMs: number, lastMs: number): string {
  const a = new Date(firstMs).getUTCFullYear();
  const b = new Date(lastMs).getUTCFullYear();
  return a === b ? String(a) : `${a}/${String(b).slice(-2)}`;
}

/**
 * The season after one whose last match kicked off at `lastMs`, seen at `nowMs`: its first round
 * the first weekend after a short break, and never before now (a season long over is followed
 * from the next weekend, so the calendar does not replay the months nobody watched, and no
 * fixture is born in the past).
 */
export function nextSeason(input: { teams: readonly number[]; lastMs: number; nowMs: number; seed: number; previousId: number }): NextSeason {
  const teams = [...input.teams].sort((a, b) => a - b);
  const rnd = new Random(mixSeed(input.seed, 2027, input.previousId));
  const order = rnd.shuffle([...teams]);
  const rounds = doubleRoundRobin(order);
  const opening = saturdayFrom(Math.max(input.lastMs + BREAK_MS, input.nowMs));
  const fixtures: SeasonFixture[] = [];
  rounds.forEach((round, r) => {
    const saturday = opening + r * WEEK;
    const slots = rnd.shuffle([...SLOTS_MS]);
    round.forEach(([home, away], i) => {
      fixtures.push({ homeTeamId: home, awayTeamId: away, startAtMs: saturday + slots[i % slots.length]!, round: `Round ${r + 1}` });
    });
  });
  const starts = fixtures.map((f) => f.startAtMs);
  return { label: seasonLabel(Math.min(...starts), Math.max(...starts)), fixtures };
}

/** A rebuilt season's name: the league's name and the season's years. */
export function seasonName(leagueName: string, label: string): string {
  return `${leagueName} ${label}`;
}
