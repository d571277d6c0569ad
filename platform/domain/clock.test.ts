import { describe, expect, it, vi } from "vitest";
import { adjustableClock, clockFrom, platformClock, wallClock } from "./clock.ts";

describe("the platform clock", () => {
  it("starts at the instant it is given and runs at the wall's pace", () => {
    let wall = 1_000_000;
    const clock = clockFrom(Date.UTC(2026, 11, 31, 23, 59), () => wall);
    expect(clock.now()).toBe(Date.UTC(2026, 11, 31, 23, 59));
    wall += 90_000;
    expect(new Date(clock.now()).toISOString()).toBe("2027-01-01T00:00:30.000Z");
  });

  it("is the wall clock without an instant", () => {
    expect(platformClock(undefined)).toBe(wallClock);
    // On Vitest's fake Date: the wall moves only when the test moves it.
    vi.useFakeTimers({ now: Date.UTC(2026, 5, 1), toFake: ["Date"] });
    try {
      const set = platformClock(Date.UTC(2027, 2, 1));
      expect(set.now()).toBe(Date.UTC(2027, 2, 1));
      vi.setSystemTime(Date.UTC(2026, 5, 1) + 90_000);
      expect(set.now()).toBe(Date.UTC(2027, 2, 1) + 90_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it("moves an adjustable clock by the offset it is given, and back", () => {
    let wall = Date.UTC(2027, 2, 1);
    const clock = adjustableClock({ now: () => wall });
    expect(clock.now()).toBe(Date.UTC(2027, 2, 1));
    clock.setOffset(91 * 86_400_000);
    expect(new Date(clock.now()).toISOString()).toBe("2027-05-31T00:00:00.000Z");
    wall += 1_000;
    expect(clock.now()).toBe(Date.UTC(2027, 4, 31, 0, 0, 1));
    expect(clock.offset()).toBe(91 * 86_400_000);
    clock.setOffset(0);
    expect(clock.now()).toBe(wall);
  });
});
