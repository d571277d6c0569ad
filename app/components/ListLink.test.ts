import { describe, expect, it } from "vitest";
import { isActiveLink } from "./ListLink";

describe("isActiveLink (NavLink's rule without `end`)", () => {
  it("is active on the link's own path and on paths below it", () => {
    expect(isActiveLink("/en/live", "/en/live")).toBe(true);
    expect(isActiveLink("/en/live/1-football", "/en/live")).toBe(true);
    expect(isActiveLink("/en/live/", "/en/live")).toBe(true);
  });

  it("is not active on a path that only starts with the same letters", () => {
    expect(isActiveLink("/en/liveline", "/en/live")).toBe(false);
    expect(isActiveLink("/en/line", "/en/live")).toBe(false);
    expect(isActiveLink("/en", "/en/live")).toBe(false);
  });

  it("ignores the letters' case, as NavLink does", () => {
    expect(isActiveLink("/EN/Live/1-football", "/en/live")).toBe(true);
  });
});
