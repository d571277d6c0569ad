import { describe, expect, it } from "vitest";
import { betStatusShown } from "./coupon-view.server";

describe("betStatusShown (SPEC §4 bet status ids)", () => {
  it("shows an unsettled bet as 'not calculated' once its game has started, a live bet's included", () => {
    expect(betStatusShown(-1, true)).toBe(-2);
    expect(betStatusShown(-1, false)).toBe(-1);
  });
  it("leaves every settled status as the platform gave it", () => {
    for (const status of [-2, 0, 1, 2, 3, 4, 5, 6]) {
      expect(betStatusShown(status, true)).toBe(status);
      expect(betStatusShown(status, false)).toBe(status);
    }
  });
});
