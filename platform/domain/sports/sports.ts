// The sports a bookmaker lists, each with the scoring process the pricing model and the live
// simulator use. Ids are stable (they are in URLs: /line/1-football).

export type SportModel = "goals" | "points" | "sets" | "race";

interface Common {
  id: number;
  slug: string;
  name: string;
  kind: "real" | "cyber";
  sort: number;
  /** Games a generated championship plays per round; drives the line's breadth. */
  weight: number;
}

/** Goals: two Poisson processes over timed periods (football, ice hockey, handball, …). */
export interface GoalsRules extends Common {
  model: "goals";
  periods: number;
  periodSec: number;
  breakSec: number;
  /** Expected goals of both teams in regulation time. */
  expectedTotal: number;
  /** Multiplier of the home side's strength. */
  homeAdvantage: number;
  /** Whether 1X2 (draws) is the main market; otherwise "winner" with the draw settled by extra time. */
  draws: boolean;
}

/** Points: scores as normal variables over timed periods (basketball, american football, …). */
export interface PointsRules extends Common {
  model: "points";
  periods: number;
  periodSec: number;
  breakSec: number;
  expectedTotal: number;
  homeAdvantage: number;
  /** Standard deviation of the final margin and of the final total. */
  sdMargin: number;
  sdTotal: number;
  /** Points a scoring event is worth, with weights (basketball: 1, 2, 3). */
  scoring: { points: number; weight: number }[];
}

/** Sets: a race of rallies/points inside sets (tennis with games), best of N. */
export interface SetsRules extends Common {
  model: "sets";
  setsToWin: number;
  /** Points (tennis: games) to win a set, and in the deciding set. */
  setTarget: number;
  lastSetTarget: number;
  /** Two clear points (games) needed. */
  winBy2: boolean;
  /** Tennis: points make games (race to 4, two clear), games make sets with a tie-break at 6-6. */
  tennis: boolean;
  /** Average game seconds per point (rally, round, frame, map). */
  secPerPoint: number;
  /** How far strength moves the single-point probability away from one half. */
  pointSpread: number;
}

/**
 * Race: a field of runners on a track, first past the line wins (marble racing). Each game
 * second a runner covers its speed (from its rating) with random noise; race.ts prices and
 * settles the field's markets.
 */
export interface RaceRules extends Common {
  model: "race";
  /** Runners per race. */
  field: number;
  /** Track length, in the units the runners' progress counts (permille of the track). */
  length: number;
  /** Seconds an average runner needs for the track. */
  raceSec: number;
  /** Noise of one second's progress, relative to the runner's speed. */
  noise: number;
  /** How far a rating moves speed: speed ∝ (rating / 1000) ^ ratingPower. */
  ratingPower: number;
  /** Minutes between two races on one track. */
  everyMin: number;
}

export type SportRules = GoalsRules | PointsRules | SetsRules | RaceRules;

const goals = (o: Omit<GoalsRules, "model">): GoalsRules => ({ model: "goals", ...o });
const points = (o: Omit<PointsRules, "model">): PointsRules => ({ model: "points", ...o });
const sets = (o: Omit<SetsRules, "model">): SetsRules => ({ model: "sets", ...o });
const race = (o: Omit<RaceRules, "model">): RaceRules => ({ model: "race", ...o });

const basket = [
  { points: 2, weight: 60 },
  { points: 3, weight: 25 },
  { points: 1, weight: 15 },
];

export const SPORTS: SportRules[] = [
  goals({ id: 1, slug: "football", name: "Football", kind: "real", sort: 1, weight: 8, periods: 2, periodSec: 2700, breakSec: 900, expectedTotal: 2.7, homeAdvantage: 1.15, draws: true }),
  sets({ id: 2, slug: "tennis", name: "Tennis", kind: "real", sort: 2, weight: 8, setsToWin: 2, setTarget: 6, lastSetTarget: 6, winBy2: true, tennis: true, secPerPoint: 40, pointSpread: 0.05 }),
  points({ id: 3, slug: "basketball", name: "Basketball", kind: "real", sort: 3, weight: 6, periods: 4, periodSec: 600, breakSec: 120, expectedTotal: 165, homeAdvantage: 1.04, sdMargin: 12, sdTotal: 16, scoring: basket }),
  goals({ id: 4, slug: "ice-hockey", name: "Ice hockey", kind: "real", sort: 4, weight: 6, periods: 3, periodSec: 1200, breakSec: 900, expectedTotal: 5.6, homeAdvantage: 1.08, draws: true }),
  sets({ id: 5, slug: "volleyball", name: "Volleyball", kind: "real", sort: 5, weight: 5, setsToWin: 3, setTarget: 25, lastSetTarget: 15, winBy2: true, tennis: false, secPerPoint: 22, pointSpread: 0.06 }),
  sets({ id: 6, slug: "table-tennis", name: "Table tennis", kind: "real", sort: 6, weight: 8, setsToWin: 3, setTarget: 11, lastSetTarget: 11, winBy2: true, tennis: false, secPerPoint: 12, pointSpread: 0.08 }),
  goals({ id: 7, slug: "handball", name: "Handball", kind: "real", sort: 7, weight: 4, periods: 2, periodSec: 1800, breakSec: 600, expectedTotal: 56, homeAdvantage: 1.05, draws: true }),
  points({ id: 8, slug: "american-football", name: "American football", kind: "real", sort: 8, weight: 3, periods: 4, periodSec: 900, breakSec: 120, expectedTotal: 45, homeAdvantage: 1.05, sdMargin: 13, sdTotal: 13, scoring: [{ points: 7, weight: 55 }, { points: 3, weight: 40 }, { points: 2, weight: 5 }] }),
  goals({ id: 9, slug: "baseball", name: "Baseball", kind: "real", sort: 9, weight: 4, periods: 9, periodSec: 600, breakSec: 60, expectedTotal: 8.8, homeAdvantage: 1.04, draws: false }),
  points({ id: 10, slug: "rugby-union", name: "Rugby union", kind: "real", sort: 10, weight: 3, periods: 2, periodSec: 2400, breakSec: 600, expectedTotal: 48, homeAdvantage: 1.08, sdMargin: 14, sdTotal: 13, scoring: [{ points: 7, weight: 45 }, { points: 5, weight: 20 }, { points: 3, weight: 35 }] }),
  points({ id: 11, slug: "rugby-league", name: "Rugby league", kind: "real", sort: 11, weight: 2, periods: 2, periodSec: 2400, breakSec: 600, expectedTotal: 42, homeAdvantage: 1.08, sdMargin: 14, sdTotal: 12, scoring: [{ points: 6, weight: 70 }, { points: 2, weight: 25 }, { points: 1, weight: 5 }] }),
  goals({ id: 12, slug: "futsal", name: "Futsal", kind: "real", sort: 12, weight: 3, periods: 2, periodSec: 1200, breakSec: 600, expectedTotal: 6.2, homeAdvantage: 1.08, draws: true }),
  goals({ id: 13, slug: "water-polo", name: "Water polo", kind: "real", sort: 13, weight: 2, periods: 4, periodSec: 480, breakSec: 120, expectedTotal: 21, homeAdvantage: 1.05, draws: true }),
  sets({ id: 14, slug: "badminton", name: "Badminton", kind: "real", sort: 14, weight: 3, setsToWin: 2, setTarget: 21, lastSetTarget: 21, winBy2: true, tennis: false, secPerPoint: 14, pointSpread: 0.07 }),
  sets({ id: 15, slug: "beach-volleyball", name: "Beach volleyball", kind: "real", sort: 15, weight: 2, setsToWin: 2, setTarget: 21, lastSetTarget: 15, winBy2: true, tennis: false, secPerPoint: 20, pointSpread: 0.06 }),
  goals({ id: 16, slug: "bandy", name: "Bandy", kind: "real", sort: 16, weight: 1, periods: 2, periodSec: 2700, breakSec: 900, expectedTotal: 7.5, homeAdvantage: 1.1, draws: true }),
  goals({ id: 17, slug: "floorball", name: "Floorball", kind: "real", sort: 17, weight: 2, periods: 3, periodSec: 1200, breakSec: 600, expectedTotal: 11, homeAdvantage: 1.06, draws: true }),
  sets({ id: 18, slug: "snooker", name: "Snooker", kind: "real", sort: 18, weight: 2, setsToWin: 1, setTarget: 6, lastSetTarget: 6, winBy2: false, tennis: false, secPerPoint: 900, pointSpread: 0.1 }),
  sets({ id: 19, slug: "darts", name: "Darts", kind: "real", sort: 19, weight: 2, setsToWin: 3, setTarget: 3, lastSetTarget: 3, winBy2: false, tennis: false, secPerPoint: 150, pointSpread: 0.08 }),
  goals({ id: 20, slug: "field-hockey", name: "Field hockey", kind: "real", sort: 20, weight: 2, periods: 4, periodSec: 900, breakSec: 120, expectedTotal: 4.8, homeAdvantage: 1.08, draws: true }),
  points({ id: 21, slug: "australian-rules", name: "Australian rules", kind: "real", sort: 21, weight: 2, periods: 4, periodSec: 1200, breakSec: 360, expectedTotal: 165, homeAdvantage: 1.05, sdMargin: 30, sdTotal: 25, scoring: [{ points: 6, weight: 55 }, { points: 1, weight: 45 }] }),
  sets({ id: 22, slug: "squash", name: "Squash", kind: "real", sort: 22, weight: 2, setsToWin: 3, setTarget: 11, lastSetTarget: 11, winBy2: true, tennis: false, secPerPoint: 25, pointSpread: 0.08 }),
  sets({ id: 23, slug: "padel", name: "Padel", kind: "real", sort: 23, weight: 2, setsToWin: 2, setTarget: 6, lastSetTarget: 6, winBy2: true, tennis: true, secPerPoint: 35, pointSpread: 0.05 }),
  points({ id: 24, slug: "netball", name: "Netball", kind: "real", sort: 24, weight: 2, periods: 4, periodSec: 900, breakSec: 180, expectedTotal: 112, homeAdvantage: 1.04, sdMargin: 10, sdTotal: 12, scoring: [{ points: 1, weight: 100 }] }),
  goals({ id: 25, slug: "lacrosse", name: "Lacrosse", kind: "real", sort: 25, weight: 1, periods: 4, periodSec: 900, breakSec: 120, expectedTotal: 20, homeAdvantage: 1.05, draws: false }),
  goals({ id: 26, slug: "beach-soccer", name: "Beach soccer", kind: "real", sort: 26, weight: 1, periods: 3, periodSec: 720, breakSec: 180, expectedTotal: 9, homeAdvantage: 1.05, draws: true }),
  // Weight 0: no generated championships; the seed's one league is the ipl special's (SPEC §2).
  points({ id: 27, slug: "cricket", name: "Cricket", kind: "real", sort: 27, weight: 0, periods: 2, periodSec: 5400, breakSec: 1200, expectedTotal: 340, homeAdvantage: 1.03, sdMargin: 28, sdTotal: 36, scoring: [{ points: 1, weight: 60 }, { points: 2, weight: 12 }, { points: 4, weight: 18 }, { points: 6, weight: 10 }] }),
  // Cyber sport: esports disciplines and simulated ("e-") versions of real sports.
  sets({ id: 40, slug: "counter-strike", name: "Counter-Strike 2", kind: "cyber", sort: 40, weight: 5, setsToWin: 2, setTarget: 13, lastSetTarget: 13, winBy2: true, tennis: false, secPerPoint: 110, pointSpread: 0.06 }),
  sets({ id: 41, slug: "dota-2", name: "Dota 2", kind: "cyber", sort: 41, weight: 4, setsToWin: 2, setTarget: 1, lastSetTarget: 1, winBy2: false, tennis: false, secPerPoint: 2400, pointSpread: 0.15 }),
  sets({ id: 42, slug: "league-of-legends", name: "League of Legends", kind: "cyber", sort: 42, weight: 4, setsToWin: 2, setTarget: 1, lastSetTarget: 1, winBy2: false, tennis: false, secPerPoint: 1900, pointSpread: 0.15 }),
  sets({ id: 43, slug: "valorant", name: "Valorant", kind: "cyber", sort: 43, weight: 3, setsToWin: 2, setTarget: 13, lastSetTarget: 13, winBy2: true, tennis: false, secPerPoint: 100, pointSpread: 0.06 }),
  goals({ id: 44, slug: "efootball", name: "eFootball", kind: "cyber", sort: 44, weight: 6, periods: 2, periodSec: 360, breakSec: 60, expectedTotal: 3.4, homeAdvantage: 1, draws: true }),
  points({ id: 45, slug: "ebasketball", name: "eBasketball", kind: "cyber", sort: 45, weight: 5, periods: 4, periodSec: 300, breakSec: 60, expectedTotal: 110, homeAdvantage: 1, sdMargin: 10, sdTotal: 12, scoring: basket }),
  goals({ id: 46, slug: "ehockey", name: "eHockey", kind: "cyber", sort: 46, weight: 3, periods: 3, periodSec: 300, breakSec: 60, expectedTotal: 6, homeAdvantage: 1, draws: true }),
  // Marble racing (SPEC §2 "marble"): a simulated sport of its own, on its own page; weight 0
  // because its races are scheduled per track by the simulator, not in rounds.
  race({ id: 50, slug: "marble", name: "Marble racing", kind: "real", sort: 50, weight: 0, field: 8, length: 1000, raceSec: 60, noise: 0.35, ratingPower: 0.5, everyMin: 6 }),
  sets({ id: 47, slug: "etennis", name: "eTennis", kind: "cyber", sort: 47, weight: 3, setsToWin: 2, setTarget: 6, lastSetTarget: 6, winBy2: true, tennis: true, secPerPoint: 8, pointSpread: 0.05 }),
];

export const SPORT_BY_ID = new Map(SPORTS.map((s) => [s.id, s]));

export function sportRules(id: number): SportRules {
  const sport = SPORT_BY_ID.get(id);
  if (!sport) throw new Error(`unknown sport ${id}`);
  return sport;
}

/** What a standings table counts for and against: its "goals" column, named for the sport. */
export type ScoreUnit = "goals" | "points" | "runs" | "sets";

/** Whether the sport is a race of a field (its games have runners, not a home and an away side). */
export function isRace(sport: SportRules | undefined): sport is RaceRules {
  return sport?.model === "race";
}
const RUN_SPORTS = new Set(["cricket", "baseball"]);
export function scoreUnit(sport: SportRules): ScoreUnit {
  if (RUN_SPORTS.has(sport.slug)) return "runs";
  return sport.model === "race" ? "points" : sport.model;
}

/** Regular periods of a sport (sets sports: the most sets a match can have). */
export function periodCount(sport: SportRules): number {
  if (sport.model === "race") return 1;
  return sport.model === "sets" ? sport.setsToWin * 2 - 1 : sport.periods;
}

/** Game seconds of regulation time (sets sports: an estimate from points per set). */
export function regulationSeconds(sport: SportRules): number {
  if (sport.model === "race") return sport.raceSec;
  if (sport.model === "sets") {
    const pointsPerSet = sport.tennis ? 60 : sport.setTarget * 1.8;
    return Math.round(pointsPerSet * sport.secPerPoint * (sport.setsToWin * 1.5));
  }
  return sport.periods * sport.periodSec;
}
