import { describe, expect, it } from "vitest";
import { type DisplaySettings, defaultDisplay, displayCookieValue } from "./display";
import { displayFormSchema, parseDisplayCookie, parseSavedDisplay } from "./display-schema";

const defaults: DisplaySettings = { odds: "decimal", view: 0, theme: 1, compact: 0, bestOnTop: 0, showGameId: 0, teamLogos: 1 };

describe("display settings cookie", () => {
  it("round-trips", () => {
    const settings: DisplaySettings = { odds: "american", view: 1, theme: 0, compact: 1, bestOnTop: 1, showGameId: 1, teamLogos: 0 };
    expect(parseDisplayCookie(displayCookieValue(settings), defaults)).toEqual(settings);
  });
  it("falls back to the defaults on a bad or missing value", () => {
    expect(parseDisplayCookie(undefined, defaults)).toEqual(defaults);
    expect(parseDisplayCookie("odds=roman&view=0", defaults)).toEqual(defaults);
    expect(parseDisplayCookie("view=7", defaults)).toEqual(defaults);
    expect(parseDisplayCookie("compact=2", defaults)).toEqual(defaults);
    expect(parseDisplayCookie("theme=0", defaults)).toEqual({ ...defaults, theme: 0 });
  });
  it("reads a cookie written before the flags existed with the flags' defaults", () => {
    expect(parseDisplayCookie("odds=american&view=1&theme=0", defaults)).toEqual({ ...defaults, odds: "american", view: 1, theme: 0 });
  });
});

describe("saved display settings", () => {
  it("takes every valid field and keeps the defaults for missing flags", () => {
    expect(parseSavedDisplay({ odds: "malay", view: 0, theme: 0 }, defaults)).toEqual({ ...defaults, odds: "malay", theme: 0 });
    expect(parseSavedDisplay({ odds: "malay", view: 0, theme: 0, compact: 1, teamLogos: 0 }, defaults)).toEqual({ ...defaults, odds: "malay", theme: 0, compact: 1, teamLogos: 0 });
  });
  it("drops a value with a bad field", () => {
    expect(parseSavedDisplay({ odds: "malay", view: 0, theme: 0, showGameId: "yes" }, defaults)).toEqual(defaults);
  });
});

describe("display settings form", () => {
  it("reads an unticked (missing) flag as off and a ticked one as on", () => {
    expect(displayFormSchema.parse({ odds: "decimal", view: "0", theme: "1", showGameId: "1" })).toEqual({ odds: "decimal", view: 0, theme: 1, compact: 0, bestOnTop: 0, showGameId: 1, teamLogos: 0 });
  });
  it("refuses a flag other than 0 or 1", () => {
    expect(displayFormSchema.safeParse({ odds: "decimal", view: "0", theme: "1", compact: "2" }).success).toBe(false);
  });
});

describe("default display", () => {
  it("follows the config's odds format and view, dark, with team logos", () => {
    expect(defaultDisplay({ coefFormat: "fractional", appViewType: 1 })).toEqual({ odds: "fractional", view: 1, theme: 1, compact: 0, bestOnTop: 0, showGameId: 0, teamLogos: 1 });
    expect(defaultDisplay({ coefFormat: "decimal", appViewType: 7 }).view).toBe(0);
  });
});
