// The timetable of marble racing (decision 040): each track runs a race every `everyMin` minutes,
// tracks two minutes apart, each race with its field drawn from the sport's marbles and its
// markets open from the moment it is listed. The seed lists the first hour; the simulator keeps
// an hour listed ahead of its clock.

import { type IdCounters, openRaceMarkets } from "./lines.ts";
import { drawField, lineUp, raceStarts } from "./race.ts";
import type { RaceRules } from "./sports.ts";
import { type GameRec, fieldGame } from "./types.ts";

/** Races are listed this far ahead of the clock. */
export const RACES_AHEAD_MS = 60 * 60_000;

export interface Track {
  id: number;
  sportId: number;
  /** Position among the sport's tracks (sets its minutes in the timetable). */
  index: number;
}

/** The races of one track starting after `after` up to `until`, with ids from `ids`. */
export function plannedRaces(
  rules: RaceRules,
  track: Track,
  roster: number[],
  ratingOf: (teamId: number) => number,
  seed: number,
  after: number,
  until: number,
  ids: IdCounters & { game: number },
  feedVersion: number,
): GameRec[] {
  if (roster.length < 2) return [];
  return raceStarts(rules, (track.index * 2) % rules.everyMin, after, until).map((startAtMs) => {
    const runners = lineUp(drawField(rules, roster, seed, track.id, startAtMs));
    const id = ids.game++;
    const game = fieldGame({ id, sportId: track.sportId, champId: track.id, runners, startAtMs, isTop: false, source: "race", feedVersion });
    game.markets = openRaceMarkets(rules, runners, runners.map((r) => ratingOf(r.teamId)), id, ids, feedVersion);
    return game;
  });
}
