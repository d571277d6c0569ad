import { describe, expect, it } from "vitest";
import { createConfigCache } from "./config.server";

/** A cache on a hand-driven clock whose background timers run when the test says. */
function setup(window = { min: 600, max: 900 }, staleS = 900) {
  let now = 0;
  let timers: Array<{ at: number; fn: () => void; live: boolean }> = [];
  const failures: string[] = [];
  const cache = createConfigCache<number>({
    window: () => window,
    staleS,
    retryMs: 5_000,
    now: () => now,
    schedule: (fn, ms) => {
      const timer = { at: now + ms, fn, live: true };
      timers.push(timer);
      return () => {
        timer.live = false;
      };
    },
    onRefreshFailed: (key) => failures.push(key),
  });
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return {
    cache,
    failures,
    /** Moves the clock, running the background timers that come due, and lets their loads settle. */
    async advanceTo(ms: number) {
      now = ms;
      for (;;) {
        const due = timers.filter((t) => t.live && t.at <= now);
        timers = timers.filter((t) => t.live && t.at > now);
        if (!due.length) break;
        for (const t of due) t.fn();
        await settle();
      }
      await settle();
    },
  };
}

describe("config cache (decision 020)", () => {
  it("serves a copy for its cache time without loading again", async () => {
    const { cache, advanceTo } = setup();
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("k", load)).toBe(1);
    await advanceTo(599_000);
    expect(await cache.get("k", load)).toBe(1);
    expect(loads).toBe(1);
  });

  it("refreshes in the background when the cache time runs out; pages never wait for it", async () => {
    const { cache, advanceTo } = setup({ min: 600, max: 600 });
    let value = 1;
    let loads = 0;
    let release: (() => void) | null = null;
    const load = () => {
      loads++;
      return loads === 1 ? Promise.resolve(value) : new Promise<number>((r) => (release = () => r(value)));
    };
    expect(await cache.get("k", load)).toBe(1);
    value = 2;
    await advanceTo(600_000);
    expect(loads).toBe(2);
    // The refresh is still under way: the old copy is served at once.
    expect(await cache.get("k", load)).toBe(1);
    release!();
    await advanceTo(600_001);
    expect(await cache.get("k", load)).toBe(2);
    expect(loads).toBe(2);
  });

  it("tells the page when the copy it gets is past its cache time", async () => {
    const { cache, advanceTo } = setup({ min: 600, max: 600 });
    let loads = 0;
    const load = () => (++loads === 1 ? Promise.resolve(1) : new Promise<number>(() => {}));
    const stale: number[] = [];
    await cache.get("k", load, () => stale.push(0));
    await advanceTo(599_000);
    await cache.get("k", load, () => stale.push(599_000));
    // Its refresh hangs: the copy is served, and the page hears it is past its time.
    await advanceTo(600_000);
    expect(await cache.get("k", load, () => stale.push(600_000))).toBe(1);
    expect(stale).toEqual([600_000]);
  });

  it("serves the old copy for at most the stale time while refreshes fail, then loads on the page's path", async () => {
    const { cache, advanceTo, failures } = setup({ min: 600, max: 600 }, 900);
    let up = true;
    let loads = 0;
    const load = async () => {
      loads++;
      if (!up) throw new Error("down");
      return loads;
    };
    expect(await cache.get("k", load)).toBe(1);
    up = false;
    await advanceTo(600_000);
    expect(failures.length).toBe(1);
    for (let t = 700_000; t <= 1_400_000; t += 100_000) {
      await advanceTo(t);
      expect(await cache.get("k", load)).toBe(1);
    }
    // Tried again in the background meanwhile (5 s after each failure).
    expect(failures.length).toBeGreaterThanOrEqual(8);
    const loadsBefore = loads;
    await advanceTo(1_500_000);
    // 15 minutes past the cache time the copy is gone: the page's own load fails.
    await expect(cache.get("k", load)).rejects.toThrow("down");
    expect(loads).toBeGreaterThan(loadsBefore);
    up = true;
    expect(await cache.get("k", load)).toBeGreaterThan(1);
  });

  it("a refresh that comes back puts the new copy in place", async () => {
    const { cache, advanceTo } = setup({ min: 600, max: 600 });
    let up = false;
    let loads = 0;
    const load = async () => {
      loads++;
      if (loads > 1 && !up) throw new Error("down");
      return loads;
    };
    await cache.get("k", load);
    await advanceTo(600_000);
    up = true;
    await advanceTo(605_000);
    expect(await cache.get("k", load)).toBe(3);
  });

  it("refreshAll (a new config version) refreshes in the background, once more if one was under way", async () => {
    const { cache, advanceTo } = setup();
    let value = 1;
    let loads = 0;
    let release: (() => void) | null = null;
    const load = () => {
      loads++;
      return loads === 2 ? new Promise<number>((r) => (release = () => r(value))) : Promise.resolve(value);
    };
    await cache.get("k", load);
    cache.refreshAll();
    expect(await cache.get("k", load)).toBe(1);
    value = 2;
    cache.refreshAll();
    release!();
    await advanceTo(1);
    expect(loads).toBe(3);
    expect(await cache.get("k", load)).toBe(2);
  });

  it("shares one load between concurrent pages without a copy, and does not cache failures", async () => {
    const { cache } = setup({ min: 1, max: 1 });
    let loads = 0;
    const load = () => new Promise<number>((r) => setTimeout(() => r(++loads), 10));
    const values = await Promise.all([cache.get("k", load), cache.get("k", load), cache.get("k", load)]);
    expect(values).toEqual([1, 1, 1]);
    expect(loads).toBe(1);
    await expect(cache.get("x", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    await expect(cache.get("x", async () => 7)).resolves.toBe(7);
  });

  it("drops a copy nobody read for the stale time instead of refreshing it for ever", async () => {
    const { cache, advanceTo } = setup({ min: 600, max: 600 }, 900);
    let loads = 0;
    const load = async () => ++loads;
    await cache.get("k", load);
    for (let t = 600_000; t <= 3_000_000; t += 600_000) await advanceTo(t);
    // Refreshed while the last read was recent, then let go.
    expect(loads).toBe(2);
  });
});
