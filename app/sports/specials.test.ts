import { describe, expect, it } from "vitest";
import { champTitle } from "./model";
import { resolveSpecial } from "./specials";

const sports = [
  // Another sport's "Premier League" listed first: the special looks in its own sport only.
  { slug: "basketball", champs: [{ id: 3, slug: "premier-league", isTop: true }, { id: 4, slug: "championship", isTop: false }] },
  { slug: "football", champs: [{ id: 6, slug: "premier-league", isTop: true }, { id: 7, slug: "championship", isTop: false }] },
  { slug: "cricket", champs: [{ id: 90, slug: "indian-premier-league", isTop: true }] },
  { slug: "ice-hockey", champs: [{ id: 40, slug: "finland-cup", isTop: false }, { id: 41, slug: "russia-super-league", isTop: true }] },
];

describe("championship-special pages", () => {
  it("finds a special's championship by slug, or the top championship of its sport", () => {
    expect(resolveSpecial("epl", sports)?.champ.id).toBe(6);
    expect(resolveSpecial("champ", sports)?.champ.id).toBe(7);
    expect(resolveSpecial("scf", sports)).toEqual({ sportSlug: "ice-hockey", champ: sports[3]!.champs[1] });
    expect(resolveSpecial("ipl", sports)?.champ.id).toBe(90);
  });
  it("follows a league into its newest season, and takes no other league whose slug starts alike", () => {
    const later = [
      { slug: "football", champs: [
        { id: 6, slug: "premier-league", isTop: true },
        { id: 21, slug: "premier-league-cup", isTop: false },
        { id: 40, slug: "premier-league-2027-28", isTop: true },
        { id: 33, slug: "premier-league-2027", isTop: true },
        { id: 7, slug: "championship", isTop: false },
        { id: 34, slug: "championship-2027-28", isTop: false },
      ] },
    ];
    expect(resolveSpecial("epl", later)?.champ.id).toBe(40);
    expect(resolveSpecial("champ", later)?.champ.id).toBe(34);
  });
  it("knows no other names", () => {
    expect(resolveSpecial("laliga", sports)).toBeNull();
    expect(resolveSpecial("rules", sports)).toBeNull();
  });
});

describe("a championship's title", () => {
  it("puts the country in front once, and never the catalogue's International", () => {
    expect(champTitle("Super League", "Russia")).toBe("Russia. Super League");
    expect(champTitle("Premier League", "England")).toBe("England. Premier League");
    expect(champTitle("Spain Primera División", "Spain")).toBe("Spain Primera División");
    expect(champTitle("UEFA Europa League", "International")).toBe("UEFA Europa League");
    expect(champTitle("Cup", null)).toBe("Cup");
  });
});
