// Links of the sports pages: /{lng}/{live|line}/{sport}/{champ}/{game}, each segment id-slug.

import { localPath } from "~/lib/paths";
import type { GameView, Section } from "~/sports/model";
import { idSlug } from "~/sports/slug";

export function sectionPath(lng: string, section: Section): string {
  return localPath(lng, `/${section}`);
}

export function sportPath(lng: string, section: Section, sport: { id: number; slug: string }): string {
  return localPath(lng, `/${section}/${idSlug(sport.id, sport.slug)}`);
}

export function champPath(lng: string, section: Section, sport: { id: number; slug: string }, champ: { id: number; slug: string }): string {
  return `${sportPath(lng, section, sport)}/${idSlug(champ.id, champ.slug)}`;
}

export function gamePath(lng: string, section: Section, game: Pick<GameView, "id" | "slug" | "sportId" | "sportSlug" | "champId" | "champSlug">): string {
  // A marble race lives on the marble page (decision 040), its card anchored by the game id.
  if (game.sportSlug === "marble") return `/${lng}/marble#game-${game.id}`;
  return `${champPath(lng, section, { id: game.sportId, slug: game.sportSlug }, { id: game.champId, slug: game.champSlug })}/${idSlug(game.id, game.slug)}`;
}
