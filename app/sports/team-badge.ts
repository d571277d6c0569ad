// Team logos (SPEC §3 "team logos"): the catalogue has no images, and the site loads none from
// elsewhere, so each team gets a monogram badge drawn from its name alone: initials and two
// colours that depend only on the name, so a team looks the same on every page and every visit.

export interface TeamBadge {
  /** One or two letters. */
  initials: string;
  /** The field colour (dark enough for white letters) and a stripe colour across it. */
  field: string;
  stripe: string;
}

/** Club-form abbreviations that say nothing about which club it is ("FC", "AFC", "SC", …). */
const FORM_WORDS = new Set(["FC", "AFC", "CF", "SC", "AC", "SV", "FK", "SK", "CD", "UD", "SD", "RC", "AS", "SS", "US", "BK", "IF", "VFB", "VFL", "TSG", "OGC", "E"]);

/** FNV-1a over the name's UTF-16 units: a small, stable 32-bit hash. */
export function nameHash(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** "Manchester United FC" → "MU", "Arsenal" → "AR", "Smith J. / Doe K." → "SD". */
export function teamInitials(name: string): string {
  // A doubles pair: one letter of each player.
  const pair = name.split(" / ");
  if (pair.length === 2) return pair.map((p) => teamInitials(p)[0] ?? "").join("");
  const words = name.split(/[\s/.,()'’-]+/u).filter((w) => /^\p{L}/u.test(w));
  const telling = words.filter((w) => !FORM_WORDS.has(w.toUpperCase()));
  const use = telling.length > 0 ? telling : words;
  if (use.length === 0) return (name.trim()[0] ?? "?").toUpperCase();
  const letters = use.length > 1 ? [...use[0]!][0]! + [...use[1]!][0]! : [...use[0]!].slice(0, 2).join("");
  return letters.toUpperCase();
}

function hsl(h: number, s: number, l: number): string {
  return `hsl(${h} ${s}% ${l}%)`;
}

export function teamBadge(name: string): TeamBadge {
  const h = nameHash(name.trim().toLowerCase());
  const hue = h % 360;
  // Lightness 26–37 %: white letters stay above 4.5:1 on every hue.
  const field = hsl(hue, 45 + ((h >>> 9) % 25), 26 + ((h >>> 14) % 12));
  const stripe = hsl((hue + 140 + ((h >>> 18) % 80)) % 360, 70, 55);
  return { initials: teamInitials(name), field, stripe };
}
