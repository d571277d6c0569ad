// The layout of a page, for the browser: which layout and which of its blocks to leave out. Read
// from app/route-layouts.generated.ts, which scripts/route-layouts.mjs derives from the route
// table, so the table itself (with the guards' meta) never reaches the first-load JavaScript.
import { routeLayouts } from "./route-layouts.generated";

export interface RouteLayoutMeta {
  layout?: "empty" | "blocked" | "maintenance";
  hideSeoBlock?: true;
  hideFooter?: true;
  hideBottomNav?: true;
  /** The age gate is not shown over this page (its guard is skipped). */
  skipAgeGate?: true;
}

const DEFAULT_LAYOUT: RouteLayoutMeta = Object.freeze({});

/** The layout of the deepest matched route that is in the table; the default one otherwise. */
export function leafRouteLayout(matches: ReadonlyArray<{ id: string }>): RouteLayoutMeta {
  for (let i = matches.length - 1; i >= 0; i--) {
    const layout = routeLayouts[matches[i]!.id];
    if (layout) return layout;
  }
  return DEFAULT_LAYOUT;
}
