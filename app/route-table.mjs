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
 *   auth          sign-in required
 *   skip          server guards this route is exempt from (app/loaders/guards.server.ts runs,
 *                 in order: maintenance, site redirects, redirect rules, platform type, block,
 *                 404 list, feature, param checks, sign-in, ban, terms; the age gate is an
 *                 overlay of the default layout)
 *   banLevels     ban levels that may still reach the route (others go to block-appeal)
 *   deduce        the withdrawal route, reachable only at the deduce ban level
 *   params        checks of route params: "digits" | "section" | "lng" (else 404)
 *   robots        robots meta when not "index, follow"
 *
 * @typedef {"maintenance" | "redirects" | "platformType" | "block" | "notFoundList" | "ban" | "terms" | "ageGate"} GuardName
 * @typedef {{
 *   layout: "default" | "empty" | "blocked" | "maintenance";
 *   titleKey: string;
 *   feature?: number;
 *   preloader?: "skeleton" | "spinner" | "none";
 *   hideBottomNav?: boolean;
 *   hideFooter?: boolean;
 *   hideSeoBlock?: boolean;
 *   auth?: boolean;
 *   skip?: GuardName[];
 *   banLevels?: number[];
 *   deduce?: boolean;
 *   params?: Record<string, "digits" | "section" | "lng">;
 *   robots?: string;
 * }} RouteMeta
 * @typedef {{ id: string; path?: string; index?: boolean; file: string; meta: RouteMeta }} RouteEntry
 */

/** Pages people are sent to by a guard: reached whatever else is going on. */
const technical = /** @type {GuardName[]} */ (["redirects", "platformType", "block", "notFoundList", "ban", "terms", "ageGate"]);

/** @param {string} id @param {string} titleKey @returns {RouteEntry} */
const blockPage = (id, titleKey) => ({
  id,
  path: id,
  file: "routes/block-page.tsx",
  meta: { layout: "empty", titleKey, skip: technical, preloader: "none", robots: "noindex" },
});

/** @type {RouteEntry[]} */
export const routeTable = [
  {
    id: "home",
    index: true,
    file: "routes/home.tsx",
    meta: { layout: "default", titleKey: "meta.homeTitle", preloader: "skeleton" },
  },
  {
    id: "rules",
    path: "rules/:ruleGroup/:chapter?",
    file: "routes/rules.tsx",
    meta: {
      layout: "default",
      titleKey: "rules.title",
      feature: 47,
      params: { ruleGroup: "digits", chapter: "digits" },
      banLevels: [1, 2],
      skip: ["terms"],
      preloader: "spinner",
    },
  },
  {
    id: "maintenance",
    path: "maintenance",
    file: "routes/maintenance.tsx",
    meta: { layout: "maintenance", titleKey: "maintenance.title", skip: technical, preloader: "none", robots: "noindex" },
  },
  blockPage("block", "block.title"),
  blockPage("block-ua", "blockUa.title"),
  blockPage("block-ie", "blockIe.title"),
  blockPage("site-updates", "siteUpdates.title"),
  blockPage("coming-soon", "comingSoon.title"),
  blockPage("suspension", "suspension.title"),
  {
    id: "oldbrowser",
    path: "oldbrowser",
    file: "routes/oldbrowser.tsx",
    meta: { layout: "empty", titleKey: "oldBrowser.title", skip: technical, preloader: "none", robots: "noindex" },
  },
  {
    id: "onpay",
    path: "onpay/:result",
    file: "routes/onpay.tsx",
    meta: { layout: "empty", titleKey: "onpay.title", skip: ["ageGate", "terms"], banLevels: [1, 2], preloader: "none", robots: "noindex" },
  },
  {
    id: "onpay-withdraw",
    path: "onpay/withdraw/:result",
    file: "routes/onpay.tsx",
    meta: { layout: "empty", titleKey: "onpay.title", skip: ["ageGate", "terms"], banLevels: [1, 2], preloader: "none", robots: "noindex" },
  },
  {
    id: "block-appeal-history",
    path: "block-appeal-history",
    file: "routes/block-appeal-history.tsx",
    meta: { layout: "blocked", titleKey: "blockAppeal.title", auth: true, banLevels: [1, 2, 45, 53], skip: ["terms", "ageGate"], preloader: "spinner", robots: "noindex" },
  },
  {
    id: "confirm-terms",
    path: "confirm-terms",
    file: "routes/confirm-terms.tsx",
    meta: { layout: "default", titleKey: "terms.title", auth: true, skip: ["terms"], hideSeoBlock: true, preloader: "none", robots: "noindex" },
  },
  {
    id: "internal-vpn",
    path: "internal-vpn",
    file: "routes/internal-vpn.tsx",
    meta: { layout: "empty", titleKey: "internalVpn.title", skip: technical, preloader: "none", robots: "noindex" },
  },
  {
    id: "mobile",
    path: "mobile",
    file: "routes/apps.tsx",
    meta: { layout: "default", titleKey: "apps.mobileTitle", skip: ["platformType"], preloader: "none" },
  },
  {
    id: "desktop",
    path: "desktop",
    file: "routes/apps.tsx",
    meta: { layout: "default", titleKey: "apps.desktopTitle", preloader: "none" },
  },
  {
    id: "debugger",
    path: "debugger",
    file: "routes/debugger.tsx",
    meta: { layout: "default", titleKey: "debugger.title", hideSeoBlock: true, preloader: "none", robots: "noindex" },
  },
  {
    id: "age-gate",
    path: "age-gate",
    file: "routes/age-gate.tsx",
    meta: { layout: "default", titleKey: "ageGate.title", skip: ["ageGate", "terms", "ban"], preloader: "none", robots: "noindex" },
  },
  {
    id: "notice-maintenance",
    path: "notice/maintenance",
    file: "routes/notice-maintenance.tsx",
    meta: { layout: "default", titleKey: "maintenance.title", skip: technical, preloader: "none", robots: "noindex" },
  },
  {
    id: "not-found",
    path: "*",
    file: "routes/not-found.tsx",
    meta: { layout: "default", titleKey: "meta.notFoundTitle", hideSeoBlock: true, preloader: "none" },
  },
];
