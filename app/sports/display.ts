// Display settings (issue 13; SPEC §3 Global user settings): odds format, European or Asian
// view, light or dark theme, and the flags compact view, best matches on top, show game id and
// team logos. Kept for guests in a cookie the header form writes and for bettors on the
// platform; read on every page so the server renders them. The zod schemas that parse them (a
// bad value means the defaults) are in display-schema.ts, which only the server reads.

import type { OddsFormat } from "~/coupon/odds-format";
import type { DisplaySettings } from "./display-schema";

export type { DisplaySettings } from "./display-schema";


/** The on/off settings of the form, in the order it shows them. */
export const DISPLAY_FLAGS = ["compact", "bestOnTop", "showGameId", "teamLogos"] as const;
export type DisplayFlag = (typeof DISPLAY_FLAGS)[number];

/** Flags off but team logos, which make the lists easier to scan; the config decides odds and view. */
export function defaultDisplay(config: { coefFormat: OddsFormat; appViewType: number }): DisplaySettings {
  return { odds: config.coefFormat, view: config.appViewType === 1 ? 1 : 0, theme: 1, compact: 0, bestOnTop: 0, showGameId: 0, teamLogos: 1 };
}

export function displayCookieValue(settings: DisplaySettings): string {
  const flags = Object.fromEntries(DISPLAY_FLAGS.map((f) => [f, String(settings[f])]));
  return new URLSearchParams({ odds: settings.odds, view: String(settings.view), theme: String(settings.theme), ...flags }).toString();
}
