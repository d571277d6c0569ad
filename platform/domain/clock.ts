// The platform's present for the sports calendar: the seed's "today", the simulator's clock when
// it catches up after a pause, the feed's time. Real time by default; PLATFORM_NOW starts it at
// another instant (tests and the dates bench run the catalogue as it would be on that day), and
// from there it runs at the wall clock's pace. Durations (timeouts, delays, retention windows)
// stay on the wall clock: they measure waiting, not the calendar.

export interface Clock {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
}

export const wallClock: Clock = { now: () => Date.now() };

/** A clock that reads `startMs` now and then runs at the pace of `wall`. */
export function clockFrom(startMs: number, wall: () => number = Date.now): Clock {
  const offset = startMs - wall();
  return { now: () => wall() + offset };
}

/** The clock PLATFORM_NOW asks for (an instant in ms), or the wall clock without one. */
export function platformClock(startMs: number | undefined): Clock {
  return startMs === undefined ? wallClock : clockFrom(startMs);
}

/** A clock a test moves: `base` plus an offset it sets (the payments' archive, under the test hooks only). */
export interface AdjustableClock extends Clock {
  setOffset(ms: number): void;
  offset(): number;
}

export function adjustableClock(base: Clock): AdjustableClock {
  let offsetMs = 0;
  return {
    now: () => base.now() + offsetMs,
    setOffset: (ms) => {
      offsetMs = ms;
    },
    offset: () => offsetMs,
  };
}
