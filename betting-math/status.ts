// Selection (bet) status ids of SPEC §4 and the outcome of one selection from a final score.
// Lines are integer hundredths of a goal/point ("-0.75" is -75), so quarter lines are exact.

/** SPEC §4 bet status ids. */
export const SELECTION_STATUS = {
  notCalculated: -2,
  notStarted: -1,
  lose: 0,
  win: 1,
  return: 2,
  forcedReturn: 3,
  halfWinHalfReturn: 4,
  halfLoseHalfReturn: 5,
  halfLoseHalfWin: 6,
} as const;

export type SelectionStatusId = (typeof SELECTION_STATUS)[keyof typeof SELECTION_STATUS];

export const SELECTION_STATUS_IDS: readonly SelectionStatusId[] = [-2, -1, 0, 1, 2, 3, 4, 5, 6];

/** Settled: any status but "not calculated" and "game not started". */
export function isSettledStatus(statusId: SelectionStatusId): boolean {
  return statusId >= 0;
}

/** The status of a stake on a whole or half line: margin is result − line, in hundredths. */
function wholeOrHalfLine(margin: number): SelectionStatusId {
  return margin > 0 ? SELECTION_STATUS.win : margin < 0 ? SELECTION_STATUS.lose : SELECTION_STATUS.return;
}

/** Two half stakes on neighbouring lines combined into one SPEC §4 status. */
function combineHalves(a: SelectionStatusId, b: SelectionStatusId): SelectionStatusId {
  const { win, lose, return: ret } = SELECTION_STATUS;
  if (a === b) return a;
  const pair = new Set([a, b]);
  if (pair.has(win) && pair.has(ret)) return SELECTION_STATUS.halfWinHalfReturn;
  if (pair.has(lose) && pair.has(ret)) return SELECTION_STATUS.halfLoseHalfReturn;
  return SELECTION_STATUS.halfLoseHalfWin; // win + lose: lines a whole goal apart
}

function readLine(lineHundredths: number): number {
  if (!Number.isSafeInteger(lineHundredths) || lineHundredths % 25 !== 0) {
    throw new RangeError(`a line is a whole number of quarters in hundredths (…, -25, 0, 25, 50, …), got ${lineHundredths}`);
  }
  return lineHundredths;
}

/**
 * The Asian rule: a selection that wins when `result` (a whole count: goals, a goal difference)
 * is above `line` (hundredths). Whole and half lines settle whole; a quarter line splits the
 * stake in two halves on the lines a quarter below and above (2.25 → 2 and 2.5), which gives
 * the half outcomes 4 and 5.
 */
export function aboveLineStatus(result: number, lineHundredths: number): SelectionStatusId {
  if (!Number.isSafeInteger(result)) throw new RangeError(`a result is a whole number, got ${result}`);
  const line = readLine(lineHundredths);
  const scaled = result * 100;
  if (line % 50 === 0) return wholeOrHalfLine(scaled - line);
  return combineHalves(wholeOrHalfLine(scaled - (line - 25)), wholeOrHalfLine(scaled - (line + 25)));
}

/** Total over/under `line`: over wins above it, under below it. */
export function totalStatus(total: number, lineHundredths: number, side: "over" | "under"): SelectionStatusId {
  return side === "over" ? aboveLineStatus(total, lineHundredths) : aboveLineStatus(-total, -lineHundredths);
}

/**
 * Handicap: the side's score plus the handicap against the other's. Home −0.75 wins when
 * home − away > 0.75 (half of it returned at exactly 1).
 */
export function handicapStatus(home: number, away: number, handicapHundredths: number, side: "home" | "away"): SelectionStatusId {
  const margin = side === "home" ? home - away : away - home;
  return aboveLineStatus(margin, -handicapHundredths);
}

/** 1X2: home, draw or away. */
export function matchResultStatus(home: number, away: number, pick: "home" | "draw" | "away"): SelectionStatusId {
  const actual = home > away ? "home" : home < away ? "away" : "draw";
  return actual === pick ? SELECTION_STATUS.win : SELECTION_STATUS.lose;
}

/** Double chance: 1X, 12, X2. */
export function doubleChanceStatus(home: number, away: number, pick: "1X" | "12" | "X2"): SelectionStatusId {
  const actual = home > away ? "1" : home < away ? "2" : "X";
  return pick.includes(actual) ? SELECTION_STATUS.win : SELECTION_STATUS.lose;
}

/** Both teams to score: yes or no. */
export function bothScoreStatus(home: number, away: number, pick: "yes" | "no"): SelectionStatusId {
  const both = home > 0 && away > 0;
  return both === (pick === "yes") ? SELECTION_STATUS.win : SELECTION_STATUS.lose;
}
