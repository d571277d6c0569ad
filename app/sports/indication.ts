// Odds movement marks (coefIndicationType, SPEC §3): when a coefficient changes between two
// feed snapshots the button shows up or down for a few seconds.

export const COEF_INDICATION_MS = 4_000;

export type CoefMove = "up" | "down";

/** Outcome ids whose coefficient moved, and which way. Outcomes new or gone are not marked. */
export function coefMoves(previous: ReadonlyMap<string, number>, next: ReadonlyMap<string, number>): Map<string, CoefMove> {
  const moves = new Map<string, CoefMove>();
  for (const [id, coef] of next) {
    const before = previous.get(id);
    if (before === undefined || before === coef) continue;
    moves.set(id, coef > before ? "up" : "down");
  }
  return moves;
}

/** Marks still showing at `now`, given when each was set. */
export function activeMoves(marks: ReadonlyMap<string, { move: CoefMove; at: number }>, now: number): Map<string, CoefMove> {
  const active = new Map<string, CoefMove>();
  for (const [id, mark] of marks) if (now - mark.at < COEF_INDICATION_MS) active.set(id, mark.move);
  return active;
}
