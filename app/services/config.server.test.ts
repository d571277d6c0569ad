import { describe, expect, it } from "vitest";
import { createTtlCache } from "./config.server";

describe("config cache", () => {
  it("keeps a value for a random time inside the window", async () => {
    let now = 0;
    const cache = createTtlCache<number>(() => ({ min: 600, max: 900 }), () => now);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("k", load)).toBe(1);
    now = 599_000;
    expect(await cache.get("k", load)).toBe(1);
    now = 900_001;
    expect(await cache.get("k", load)).toBe(2);
  });

  it("shares one load between concurrent misses", async () => {
    const cache = createTtlCache<number>(() => ({ min: 1, max: 1 }));
    let loads = 0;
    const load = () => new Promise<number>((r) => setTimeout(() => r(++loads), 10));
    const values = await Promise.all([cache.get("k", load), cache.get("k", load), cache.get("k", load)]);
    expect(values).toEqual([1, 1, 1]);
    expect(loads).toBe(1);
  });

  it("does not cache failures, so the next request tries again", async () => {
    const cache = createTtlCache<number>(() => ({ min: 600, max: 900 }));
    await expect(cache.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    await expect(cache.get("k", async () => 7)).resolves.toBe(7);
  });
});
