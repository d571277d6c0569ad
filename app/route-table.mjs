// @ts-check
/**
 * The route table: every page of the site, its file and its meta, in one readable place.
 * remix.config.js builds the Remix routes from it (all under the optional language prefix
 * `/:lng?`), and the site reads the meta from it by route id (see app/route-meta.ts).
 *
 * Meta fields:
 *   layout        "default" | "empty" | "blocked" | "maintenance"
 *   titleKey      dictionary key of the page title
 *   feature       feature route number that must be in the config's availableRoutes (else 404)
 *   preloader     "skeleton" | "spinner" | "none": what shows while the page's data loads
 *   hideBottomNav, hideFooter, hideSeoBlock: layout flags
 *
 * @typedef {{
 *   layout: "default" | "empty" | "blocked" | "maintenance";
 *   titleKey: string;
 *   feature?: number;
 *   preloader?: "skeleton" | "spinner" | "none";
 *   hideBottomNav?: boolean;
 *   hideFooter?: boolean;
 *   hideSeoBlock?: boolean;
 * }} RouteMeta
 * @typedef {{ id: string; path?: string; index?: boolean; file: string; meta: RouteMeta }} RouteEntry
 */

/** @type {RouteEntry[]} */
export const routeTable = [
  {
    id: "home",
    index: true,
    file: "routes/home.tsx",
    meta: { layout: "default", titleKey: "meta.homeTitle", preloader: "skeleton" },
  },
  {
    id: "not-found",
    path: "*",
    file: "routes/not-found.tsx",
    meta: { layout: "default", titleKey: "meta.notFoundTitle", hideSeoBlock: true, preloader: "none" },
  },
];
