import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { PerAnswerCache } from "~/lib/per-answer-cache.server";

/**
 * Markup kept per shared answer (decision 055, `Kept.tsx`): a game list's rows or a sports menu
 * that every viewer of the same answer, language and settings is shown alike, rendered once per
 * answer and variant and written into each page as it is. 8 MB is about 300 top lists of ten
 * games; one text may take a sixteenth (a section page of 80 rows is about 150 KB). The menu of
 * a sport is one answer for all its pages, each a variant (the current link): 64.
 */
const kept = new PerAnswerCache<KeptHtml>(256, 8_000_000, 64, (html) => html.utf8.length);

/**
 * Kept HTML, encoded as UTF-8 once: React's stream renderer, as patched (decision 050), writes
 * the bytes as they are, where it would encode the text anew for every page (half of home's
 * HTML is kept markup). Other renderers (`renderToString`, React's development build) take it
 * as `__html` too and read its text.
 */
export class KeptHtml {
  constructor(readonly utf8: Buffer) {}
  toString(): string {
    return this.utf8.toString("utf8");
  }
}

/** Answers shown once already: an answer is kept from its second viewer on. */
const seen = new WeakSet<object>();

/**
 * The HTML of the element `make` makes, rendered once per `of` and `variant`, or null the first
 * time `of` is shown: the page then renders it in place. An answer made anew for every request (a context
 * beyond its store's share, say) is so never kept, and cannot push out what viewers share.
 * Called while React renders the page: React supports a nested `renderToString` and restores
 * its own state after it.
 */
export function keptMarkup(of: object, variant: string, make: () => ReactElement): KeptHtml | null {
  if (!seen.has(of)) {
    seen.add(of);
    return null;
  }
  return kept.get(of, variant, () => new KeptHtml(Buffer.from(renderToString(make()))));
}
