import { describe, expect, it } from "vitest";
import { resolveSpecial } from "./specials";

const sports = [
  { slug: "football", champs: [{ id: 6, slug: "english-premier-league", isTop: true }, { id: 7, slug: "english-championship", isTop: false }] },
  { slug: "ice-hockey", champs: [{ id: 40, slug: "finland-cup", isTop: false }, { id: 41, slug: "russia-super-league", isTop: true }] },
];

describe("championship-special pages", () => {
  it("finds a special's championship by slug, or the top championship of its sport", () => {
    expect(resolveSpecial("epl", sports)?.champ.id).toBe(6);
    expect(resolveSpecial("champ", sports)?.champ.id).toBe(7);
    expect(resolveSpecial("scf", sports)).toEqual({ sportSlug: "ice-hockey", champ: sports[1]!.champs[1] });
  });
  it("knows no other names", () => {
    expect(resolveSpecial("ipl", sports)).toBeNull();
    expect(resolveSpecial("laliga", sports)).toBeNull();
    expect(resolveSpecial("rules", sports)).toBeNull();
  });
});
