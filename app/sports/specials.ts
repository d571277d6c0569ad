// Championship-special pages (SPEC §2): each special name is a championship of the catalogue,
// found by its slug or, for a competition the catalogue plays under another name, by the top
// championship of its sport. The seed holds a championship for each (platform/seed/sports.ts);
// a catalogue without it answers 404 at the special's addresses. A league's later seasons are
// championships of their own named by their years (decision 014: "premier-league-2027"): the
// special follows the newest, the one being played.

export interface SpecialRule {
  /** The sport to look in: championships carry bare names (decision 031), and another sport may have a "Premier League" too. */
  sport?: string;
  /** Slugs tried in order. */
  champSlugs: string[];
  /** Else the first top championship of this sport. */
  topOfSport?: string;
}

export const SPECIALS: Record<string, SpecialRule> = {
  champ: { sport: "football", champSlugs: ["championship"] },
  epl: { sport: "football", champSlugs: ["premier-league"] },
  laliga: { sport: "football", champSlugs: ["primera-division", "laliga"] },
  europaleague: { sport: "football", champSlugs: ["uefa-europa-league"] },
  ipl: { sport: "cricket", champSlugs: ["indian-premier-league"], topOfSport: "cricket" },
  fifacwc: { sport: "football", champSlugs: ["fifa-club-world-cup"] },
  scf: { champSlugs: ["nhl"], topOfSport: "ice-hockey" },
  nbafinals: { champSlugs: ["nba"], topOfSport: "basketball" },
};

export const SPECIAL_NAMES = Object.keys(SPECIALS);

/** "premier-league-2027" or "championship-2027-28": a later season of the league "premier-league". */
function isLaterSeason(slug: string, league: string): boolean {
  return slug.startsWith(`${league}-`) && /^\d{4}(-\d{2})?$/.test(slug.slice(league.length + 1));
}

export function resolveSpecial<C extends { id: number; slug: string; isTop: boolean }>(
  special: string,
  sports: ReadonlyArray<{ slug: string; champs: readonly C[] }>,
): { sportSlug: string; champ: C } | null {
  const rule = SPECIALS[special];
  if (!rule) return null;
  for (const slug of rule.champSlugs) {
    for (const sport of sports) {
      if (rule.sport && sport.slug !== rule.sport) continue;
      const seasons = sport.champs.filter((c) => c.slug === slug || isLaterSeason(c.slug, slug));
      const champ = seasons.reduce<C | undefined>((newest, c) => (!newest || c.id > newest.id ? c : newest), undefined);
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
