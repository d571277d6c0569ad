import { describe, expect, it } from "vitest";
import { UpstreamError, isOutage } from "./http.server";
import { LastGood } from "./last-good.server";

type Answer = { games: number[]; stale?: true };
const stale = (a: Answer): Answer => ({ ...a, stale: true });

describe("isOutage", () => {
  it("is an outage when the platform is away: no connection, a time-out, a 5xx, a wrong shape", () => {
    expect(isOutage(new UpstreamError("network", 0, "refused"))).toBe(true);
    expect(isOutage(new UpstreamError("timeout", 504, "slow"))).toBe(true);
    expect(isOutage(new UpstreamError("http", 503, "busy"))).toBe(true);
    expect(isOutage(new UpstreamError("http", 500, "bug"))).toBe(true);
    expect(isOutage(new UpstreamError("shape", 502, "nonsense"))).toBe(true);
  });

  it("is not one for the platform's answer (a 4xx), a cancelled call or another error", () => {
    expect(isOutage(new UpstreamError("http", 404, "unknown"))).toBe(false);
    expect(isOutage(new UpstreamError("http", 429, "busy"))).toBe(false);
    expect(isOutage(new UpstreamError("cancelled", 499, "left"))).toBe(false);
    expect(isOutage(new Error("bug"))).toBe(false);
    expect(isOutage(null)).toBe(false);
  });
});

describe("LastGood", () => {
  it("recalls the last good answer of a key as its stale copy, the same object each time", () => {
    const last = new LastGood<Answer>(10, 100, (a) => a.games.length, stale);
    expect(last.recall("live")).toBeNull();
    last.remember("live", { games: [1] });
    last.remember("live", { games: [1, 2] });
    const copy = last.recall("live");
    expect(copy).toEqual({ games: [1, 2], stale: true });
    expect(last.recall("live")).toBe(copy);
    expect(last.size).toEqual({ entries: 1, weight: 2 });
  });

  it("drops the least recently used key beyond its entries", () => {
    const last = new LastGood<Answer>(2, 100, () => 1, stale);
    last.remember("a", { games: [] });
    last.remember("b", { games: [] });
    last.recall("a"); // a used last: b goes first
    last.remember("c", { games: [] });
    expect(last.recall("b")).toBeNull();
    expect(last.recall("a")).not.toBeNull();
    expect(last.recall("c")).not.toBeNull();
  });

  it("stays within its weight, and does not keep an answer heavier than the whole budget", () => {
    const last = new LastGood<Answer>(10, 5, (a) => a.games.length, stale);
    last.remember("a", { games: [1, 2, 3] });
    last.remember("b", { games: [1, 2] });
    last.remember("c", { games: [1] });
    expect(last.recall("a")).toBeNull();
    expect(last.size).toEqual({ entries: 2, weight: 3 });
    last.remember("huge", { games: [1, 2, 3, 4, 5, 6] });
    expect(last.recall("huge")).toBeNull();
    expect(last.size.weight).toBeLessThanOrEqual(5);
  });
});
