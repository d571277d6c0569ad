// The zod schemas of the display settings (display.ts): the cookie, the saved value and the
// settings form. A bad value means the defaults.

import { z } from "zod";
import { ODDS_FORMATS } from "~/coupon/odds-format";

/** SPEC §3 stores these flags as 0/1. */
const flag = z.coerce.number().int().min(0).max(1);

export const displaySettingsSchema = z.object({
  odds: z.enum(ODDS_FORMATS),
  /** SPEC §3 appViewType: 0 European, 1 Asian. */
  view: z.coerce.number().int().min(0).max(1),
  /** SPEC §3 appTheme: 0 light, 1 dark. */
  theme: z.coerce.number().int().min(0).max(1),
  /** Compact view: denser game rows with the main market only. */
  compact: flag,
  /** Best matches on top: the top games of a list come first. */
  bestOnTop: flag,
  /** Show game id: the game's number in each row and on the game page. */
  showGameId: flag,
  /** Team logos: a badge beside each team's name. */
  teamLogos: flag,
});
export type DisplaySettings = z.infer<typeof displaySettingsSchema>;

/**
 * The settings form: an unticked checkbox is not sent at all, so a flag missing from the form
 * is off (a stored value missing a flag keeps the default instead, see parseSavedDisplay).
 */
export const displayFormSchema = displaySettingsSchema.extend({
  compact: flag.default(0),
  bestOnTop: flag.default(0),
  showGameId: flag.default(0),
  teamLogos: flag.default(0),
});

/** The valid fields of a stored value over the defaults; the whole value is dropped when any field is bad. */
function overDefaults(value: Record<string, unknown>, defaults: DisplaySettings): DisplaySettings {
  const parsed = displaySettingsSchema.partial().safeParse(value);
  if (!parsed.success) return defaults;
  return { ...defaults, ...Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)) };
}

/** "odds=decimal&view=0&theme=1&compact=1…" → the settings; anything invalid falls back to the defaults. */
export function parseDisplayCookie(value: string | undefined, defaults: DisplaySettings): DisplaySettings {
  if (!value) return defaults;
  return overDefaults(Object.fromEntries(new URLSearchParams(value)), defaults);
}

/**
 * A signed-in bettor's settings as the platform keeps them; anything invalid falls back to the
 * defaults, and a flag saved before it existed keeps its default.
 */
export function parseSavedDisplay(saved: Record<string, unknown>, defaults: DisplaySettings): DisplaySettings {
  return overDefaults(saved, defaults);
}
