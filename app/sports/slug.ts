// Path segments of the sports pages: an id and a readable slug, "1-football" (issue 13,
// decision 026). The id decides; the slug is for people and search engines, and a wrong or
// missing slug is redirected to the canonical one.

const SEGMENT = /^(\d{1,9})(?:-([a-z0-9-]{0,120}))?$/;

/** Slugs made so far: every page makes one per team, league and sport, and the names repeat. */
const slugs = new Map<string, string>();
const MAX_SLUGS = 20_000;

/** "Manchester United" → "manchester-united"; letters outside a–z are dropped. */
export function slugify(name: string): string {
  const known = slugs.get(name);
  if (known !== undefined) return known;
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  if (slugs.size >= MAX_SLUGS) slugs.clear();
  slugs.set(name, slug);
  return slug;
}

export function idSlug(id: number, slugOrName: string): string {
  const slug = slugify(slugOrName);
  return slug ? `${id}-${slug}` : String(id);
}

/** The id of a segment, or null when the segment is not "<digits>[-slug]". */
export function parseIdSlug(segment: string | undefined): number | null {
  if (!segment) return null;
  const match = SEGMENT.exec(segment);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
