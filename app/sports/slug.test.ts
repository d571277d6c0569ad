import { describe, expect, it } from "vitest";
import { idSlug, parseIdSlug, slugify } from "./slug";

describe("id-slug segments", () => {
  it("builds readable segments", () => {
    expect(idSlug(1, "Football")).toBe("1-football");
    expect(idSlug(12, "Manchester United")).toBe("12-manchester-united");
    expect(idSlug(7, "Atlético Madrid")).toBe("7-atletico-madrid");
    expect(idSlug(3, "Лига")).toBe("3");
    expect(slugify("  Ice  hockey! ")).toBe("ice-hockey");
  });

  it("reads the id and refuses anything else", () => {
    expect(parseIdSlug("1-football")).toBe(1);
    expect(parseIdSlug("42")).toBe(42);
    expect(parseIdSlug("42-")).toBe(42);
    expect(parseIdSlug("football")).toBeNull();
    expect(parseIdSlug("0-x")).toBeNull();
    expect(parseIdSlug("-1")).toBeNull();
    expect(parseIdSlug("1-Football")).toBeNull();
    expect(parseIdSlug("1_football")).toBeNull();
    expect(parseIdSlug("99999999999")).toBeNull();
    expect(parseIdSlug(undefined)).toBeNull();
  });
});

describe("slugify's memory", () => {
  it("answers a name asked again the same, and each name its own", () => {
    const names = Array.from({ length: 50 }, (_, i) => `Team ${i} Ünited`);
    const first = names.map(slugify);
    expect(names.map(slugify)).toEqual(first);
    expect(new Set(first).size).toBe(50);
    expect(first[7]).toBe("team-7-united");
  });
});
