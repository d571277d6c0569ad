import { describe, expect, it } from "vitest";
import { displayCookieValue, parseDisplayCookie } from "./display";

const defaults = { odds: "decimal" as const, view: 0, theme: 1 };

describe("display settings cookie", () => {
  it("round-trips", () => {
    const value = displayCookieValue({ odds: "american", view: 1, theme: 0 });
    expect(parseDisplayCookie(value, defaults)).toEqual({ odds: "american", view: 1, theme: 0 });
  });
  it("falls back to the defaults on a bad or missing value", () => {
    expect(parseDisplayCookie(undefined, defaults)).toEqual(defaults);
    expect(parseDisplayCookie("odds=roman&view=0", defaults)).toEqual(defaults);
    expect(parseDisplayCookie("view=7", defaults)).toEqual(defaults);
    expect(parseDisplayCookie("theme=0", defaults)).toEqual({ ...defaults, theme: 0 });
  });
});
