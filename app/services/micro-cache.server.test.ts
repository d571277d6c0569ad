import { describe, expect, it } from "vitest";
import { MicroCache } from "./micro-cache.server";

describe("MicroCache", () => {
  it("makes one call per key per interval, shared by concurrent callers", async () => {
    let now = 0;
    let calls = 0;
    const cache = new MicroCache(1_000, 10, () => now);
    const compute = async () => ++calls;
    const answers = await Promise.all(Array.from({ length: 1000 }, () => cache.get("live", compute)));
    expect(new Set(answers)).toEqual(new Set([1]));
    expect(calls).toBe(1);
    now = 999;
    expect(await cache.get("live", compute)).toBe(1);
    now = 1_000;
    expect(await cache.get("live", compute)).toBe(2);
    expect(await cache.get("line", compute)).toBe(3);
  });

  it("does not keep failures and stays bounded", async () => {
    const cache = new MicroCache(1_000, 3, () => 0);
    await expect(cache.get("x", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("x", async () => "up")).toBe("up");
    for (const k of ["a", "b", "c", "d"]) await cache.get(k, async () => k);
    expect(cache.size).toBe(3);
  });

  it("forgets everything on clear, and keeps nothing at a ttl of 0", async () => {
    let calls = 0;
    const compute = async () => ++calls;
    const cache = new MicroCache(1_000, 10, () => 0);
    expect(await cache.get("x", compute)).toBe(1);
    expect(await cache.get("x", compute)).toBe(1);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(await cache.get("x", compute)).toBe(2);
    const off = new MicroCache(0, 10, () => 0);
    expect(await off.get("x", compute)).toBe(3);
    expect(await off.get("x", compute)).toBe(4);
    expect(off.size).toBe(0);
  });
});
