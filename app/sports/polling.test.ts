import { describe, expect, it } from "vitest";
import { pollIntervalMs, shouldPoll } from "./polling";

describe("feed polling intervals (SPEC §9)", () => {
  it("polls live at 3 s on the busy sports, 2 s on the featured championship, 5 s elsewhere", () => {
    expect(pollIntervalMs({ kind: "live" })).toBe(3_000);
    expect(pollIntervalMs({ kind: "live", sportSlug: "football" })).toBe(3_000);
    expect(pollIntervalMs({ kind: "live", sportSlug: "table-tennis" })).toBe(3_000);
    expect(pollIntervalMs({ kind: "live", sportSlug: "volleyball" })).toBe(5_000);
    expect(pollIntervalMs({ kind: "live", sportSlug: "volleyball", champId: 9, featuredChampId: 9 })).toBe(2_000);
    expect(pollIntervalMs({ kind: "live", sportSlug: "football", champId: 9, featuredChampId: 8 })).toBe(3_000);
  });

  it("polls the line every 15 s and the top line games every 60 s", () => {
    expect(pollIntervalMs({ kind: "line" })).toBe(15_000);
    expect(pollIntervalMs({ kind: "top-line" })).toBe(60_000);
  });

  it("never polls for bots and pauses 30 s after the page is hidden", () => {
    expect(shouldPoll({ isBot: true, hiddenSince: null, now: 0 })).toBe(false);
    expect(shouldPoll({ isBot: false, hiddenSince: null, now: 0 })).toBe(true);
    expect(shouldPoll({ isBot: false, hiddenSince: 1_000, now: 30_999 })).toBe(true);
    expect(shouldPoll({ isBot: false, hiddenSince: 1_000, now: 31_000 })).toBe(false);
  });
});
