import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { PerAnswerCache } from "~/lib/per-answer-cache.server";

/**
 * Markup kept per shared answer (decision 055, `Kept.tsx`): a game list's rows or a sports menu
 * that every viewer of the same answer, language and settings is shown alike, rendered once per
 * answer and variant and written into each page as it is. 8 M characters is about 300 top lists
 * of ten games.
 */
const kept = new PerAnswerCache<string>(256, 8_000_000, 16, (html) => html.length);

/**
 * The HTML of `element`, rendered once per `of` and `variant`. Called while React renders the
 * page: React supports a nested `renderToString` and restores its own state after it.
 */
export function keptMarkup(of: object, variant: string, element: ReactElement): string {
  return kept.get(of, variant, () => renderToString(element));
}
