// Championship-special pages (SPEC §2): each special name is a championship of the catalogue,
// found by its slug or, for a competition the catalogue plays under another name, by the top
// championship of its sport. The seed holds a championship for each (platform/seed/sports.ts);
// a catalogue without it answers 404 at the special's addresses.

export interface SpecialRule {
  /** Slugs tried in order. */
  champSlugs: string[];
  /** Else the first top championship of this sport. */
  topOfSport?: string;
}

export const SPECIALS: Record<string, SpecialRule> = {
  champ: { champSlugs: ["english-championship"] },
  epl: { champSlugs: ["english-premier-league"] },
  laliga: { champSlugs: ["spain-primera-division", "laliga"] },
  europaleague: { champSlugs: ["uefa-europa-league"] },
  ipl: { champSlugs: ["indian-premier-league"], topOfSport: "cricket" },
  fifacwc: { champSlugs: ["fifa-club-world-cup"] },
  scf: { champSlugs: ["nhl"], topOfSport: "ice-hockey" },
  nbafinals: { champSlugs: ["nba"], topOfSport: "basketball" },
};

export const SPECIAL_NAMES = Object.keys(SPECIALS);

export function resolveSpecial<C extends { id: number; slug: string; isTop: boolean }>(
  special: string,
  sports: ReadonlyArray<{ slug: string; champs: readonly C[] }>,
): { sportSlug: string; champ: C } | null {
  const rule = SPECIALS[special];
  if (!rule) return null;
  for (const slug of rule.champSlugs) {
    for (const sport of sports) {
      const champ = sport.champs.find((c) => c.slug === slug);
      if (champ) return { sportSlug: sport.slug, champ };
    }
  }
  if (rule.topOfSport) {
    const sport = sports.find((s) => s.slug === rule.topOfSport);
    const champ = sport?.champs.find((c) => c.isTop) ?? sport?.champs[0];
    if (sport && champ) return { sportSlug: sport.slug, champ };
  }
  return null;
}
