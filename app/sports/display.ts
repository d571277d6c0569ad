// Quick display settings (issue 13: odds format, European or Asian view, light or dark theme),
// kept for guests in a cookie the header form writes; read on every page so the server renders
// the chosen format and theme. Parsed with zod: a bad value means the defaults.

import { z } from "zod";
import { ODDS_FORMATS, type OddsFormat } from "~/coupon/math";

export const DISPLAY_COOKIE = "display";
export const DISPLAY_COOKIE_MAX_AGE_S = 365 * 86_400;

export const displaySettingsSchema = z.object({
  odds: z.enum(ODDS_FORMATS),
  /** SPEC §3 appViewType: 0 European, 1 Asian. */
  view: z.coerce.number().int().min(0).max(1),
  /** SPEC §3 appTheme: 0 light, 1 dark. */
  theme: z.coerce.number().int().min(0).max(1),
});
export type DisplaySettings = z.infer<typeof displaySettingsSchema>;

export function defaultDisplay(config: { coefFormat: OddsFormat; appViewType: number }): DisplaySettings {
  return { odds: config.coefFormat, view: config.appViewType === 1 ? 1 : 0, theme: 1 };
}

/** "odds=decimal&view=0&theme=1" → the settings; anything invalid falls back to the defaults. */
export function parseDisplayCookie(value: string | undefined, defaults: DisplaySettings): DisplaySettings {
  if (!value) return defaults;
  const params = Object.fromEntries(new URLSearchParams(value));
  const parsed = displaySettingsSchema.partial().safeParse(params);
  return parsed.success ? { ...defaults, ...Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)) } : defaults;
}

/** A signed-in bettor's settings as the platform keeps them; anything invalid falls back to the defaults. */
export function parseSavedDisplay(saved: Record<string, unknown>, defaults: DisplaySettings): DisplaySettings {
  const parsed = displaySettingsSchema.safeParse(saved);
  return parsed.success ? parsed.data : defaults;
}

export function displayCookieValue(settings: DisplaySettings): string {
  return new URLSearchParams({ odds: settings.odds, view: String(settings.view), theme: String(settings.theme) }).toString();
}
