// @ts-check
/**
 * The route table: every page of the site, its file and its meta, in one readable place.
 * remix.config.js builds the Remix routes from it (all under the language segment `/:lng`;
 * decision 022), and the site reads the meta from it by route id (see app/route-meta.server.ts; the browser gets only the layout part, scripts/route-layouts.mjs).
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
 *   money         its action can move money (places a bet, or shapes the coupon that is placed):
 *                 tests/integration/action-refusals.test.ts then fails until every attack of its
 *                 matrix is posted to it, as a page and as a fetcher (docs/ACTIONS.md)
 *   returns       the form fields and query parameters whose address the route sends the visitor
 *                 back to (decision 025), or "upstream" for an address the platform answers:
 *                 tests/integration/return-addresses.test.ts fails until each is tried with
 *                 hostile addresses
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
 *   money?: true;
 *   returns?: string[];
 * }} RouteMeta
 * @typedef {{ id: string; path?: string; index?: boolean; file: string; meta: RouteMeta }} RouteEntry
 */

import { BAN_LEVEL, FEATURE_ROUTE } from "../common/spec-codes.mjs";

/**
 * Like `table`, for the ops console's entries (`money` and `returns` as in a page's meta).
 * @template {string} Id
 * @param {Array<{ id: Id; path?: string; index?: boolean; file: string; titleKey: string; money?: true; returns?: string[] }>} entries
 */
const opsTable = (entries) => entries;

/** Pages people are sent to by a guard: reached whatever else is going on. */
const technical = /** @type {GuardName[]} */ (["redirects", "platformType", "block", "notFoundList", "ban", "terms", "ageGate"]);

/**
 * Keeps each entry's id as its literal type, so app/route-ids.ts can name the union of all ids
 * and a lookup by a route id that does not exist fails the type check.
 * @template {string} Id
 * @param {Array<RouteEntry & { id: Id }>} entries
 */
const table = (entries) => entries;

/** @template {string} Id @param {Id} id @param {string} titleKey @returns {RouteEntry & { id: Id }} */
const blockPage = (id, titleKey) => ({
  id,
  path: id,
  file: "routes/block-page.tsx",
  meta: { layout: "empty", titleKey, skip: technical, preloader: "none", robots: "noindex" },
});

export const routeTable = table([
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
      feature: FEATURE_ROUTE.RULES,
      params: { ruleGroup: "digits", chapter: "digits" },
      banLevels: [BAN_LEVEL.LEVEL_1, BAN_LEVEL.LEVEL_2],
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
    meta: { layout: "empty", titleKey: "onpay.title", skip: ["ageGate", "terms"], banLevels: [BAN_LEVEL.LEVEL_1, BAN_LEVEL.LEVEL_2], preloader: "none", robots: "noindex" },
  },
  {
    id: "onpay-withdraw",
    path: "onpay/withdraw/:result",
    file: "routes/onpay.tsx",
    // A bettor who may only withdraw (the deduce ban levels) sees where their withdrawal stands.
    meta: { layout: "empty", titleKey: "onpay.title", skip: ["ageGate", "terms"], banLevels: [BAN_LEVEL.LEVEL_1, BAN_LEVEL.LEVEL_2, BAN_LEVEL.DEDUCE_V1, BAN_LEVEL.DEDUCE_V2], preloader: "none", robots: "noindex" },
  },
  {
    id: "block-appeal-history",
    path: "block-appeal-history",
    file: "routes/block-appeal-history.tsx",
    meta: { layout: "blocked", titleKey: "blockAppeal.title", auth: true, banLevels: [BAN_LEVEL.LEVEL_1, BAN_LEVEL.LEVEL_2, BAN_LEVEL.DEDUCE_V1, BAN_LEVEL.DEDUCE_V2], skip: ["terms", "ageGate"], preloader: "spinner", robots: "noindex" },
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
    meta: { layout: "default", titleKey: "ageGate.title", skip: ["ageGate", "terms", "ban"], preloader: "none", robots: "noindex", returns: ["returnTo"] },
  },
  {
    id: "notice-maintenance",
    path: "notice/maintenance",
    file: "routes/notice-maintenance.tsx",
    meta: { layout: "default", titleKey: "maintenance.title", skip: technical, preloader: "none", robots: "noindex", returns: ["returnTo"] },
  },
  {
    id: "login",
    path: "login",
    file: "routes/login.tsx",
    meta: { layout: "default", titleKey: "auth.loginTitle", hideSeoBlock: true, preloader: "none", robots: "noindex", returns: ["returnTo"] },
  },
  {
    id: "login-social",
    path: "login/social",
    file: "routes/login-social.tsx",
    meta: { layout: "default", titleKey: "auth.loginTitle", hideSeoBlock: true, preloader: "none", robots: "noindex", returns: ["returnTo"] },
  },
  {
    id: "login-google",
    path: "login/google-one-tap",
    file: "routes/login-google.tsx",
    meta: { layout: "default", titleKey: "auth.loginTitle", hideSeoBlock: true, preloader: "none", robots: "noindex", returns: ["upstream"] },
  },
  {
    id: "logout",
    path: "logout",
    file: "routes/logout.tsx",
    meta: { layout: "default", titleKey: "auth.logoutTitle", banLevels: [BAN_LEVEL.LEVEL_1, BAN_LEVEL.LEVEL_2, BAN_LEVEL.DEDUCE_V1, BAN_LEVEL.DEDUCE_V2], skip: ["terms", "ageGate"], hideSeoBlock: true, preloader: "none", robots: "noindex", returns: ["returnTo"] },
  },
  {
    id: "session",
    path: "session",
    file: "routes/resources/session.ts",
    meta: { layout: "empty", titleKey: "auth.loginTitle", banLevels: [BAN_LEVEL.LEVEL_1, BAN_LEVEL.LEVEL_2, BAN_LEVEL.DEDUCE_V1, BAN_LEVEL.DEDUCE_V2], skip: ["terms", "ageGate", "redirects", "platformType"], preloader: "none", robots: "noindex" },
  },
  {
    id: "registration",
    path: "registration/:type?",
    file: "routes/registration.tsx",
    meta: { layout: "default", titleKey: "registration.title", hideSeoBlock: true, preloader: "none", returns: ["returnTo", "continueTo"] },
  },
  {
    id: "user-activate",
    path: "user/activate",
    file: "routes/user-activate.tsx",
    meta: { layout: "default", titleKey: "activation.title", hideSeoBlock: true, preloader: "none", robots: "noindex" },
  },
  {
    id: "user-activatefast",
    path: "user/activatefast",
    file: "routes/user-activate.tsx",
    meta: { layout: "default", titleKey: "activation.title", hideSeoBlock: true, preloader: "none", robots: "noindex" },
  },
  {
    id: "user-accountverify",
    path: "user/accountverify",
    file: "routes/user-accountverify.tsx",
    meta: { layout: "default", titleKey: "accountVerify.title", auth: true, skip: ["block", "terms"], hideSeoBlock: true, preloader: "none", robots: "noindex", returns: ["returnTo"] },
  },
  {
    id: "user-passwordreset",
    path: "user/passwordreset",
    file: "routes/user-passwordreset.tsx",
    meta: { layout: "default", titleKey: "passwordReset.title", hideSeoBlock: true, preloader: "none", robots: "noindex" },
  },
  {
    id: "user-stopnewsletter",
    path: "user/stopnewsletter",
    file: "routes/user-stopnewsletter.tsx",
    meta: { layout: "default", titleKey: "newsletter.title", skip: ["terms", "ageGate"], hideSeoBlock: true, preloader: "none", robots: "noindex" },
  },
  {
    id: "dev-outbox",
    path: "dev/outbox",
    file: "routes/dev-outbox.tsx",
    meta: { layout: "default", titleKey: "outbox.title", skip: ["terms", "ageGate"], hideSeoBlock: true, preloader: "none", robots: "noindex" },
  },
  // The sports pages (issue 13): section live or line only (SPEC §5), then sport, championship
  // and game, each segment an id with a readable slug (decision 026).
  {
    id: "live",
    path: "live",
    file: "routes/sports-section.tsx",
    meta: { layout: "default", titleKey: "sports.section.live", preloader: "skeleton" },
  },
  {
    id: "live-sport",
    path: "live/:sport",
    file: "routes/sports-section.tsx",
    meta: { layout: "default", titleKey: "sports.section.live", preloader: "skeleton" },
  },
  {
    id: "live-champ",
    path: "live/:sport/:champ",
    file: "routes/sports-section.tsx",
    meta: { layout: "default", titleKey: "sports.section.live", preloader: "skeleton" },
  },
  {
    id: "live-game",
    path: "live/:sport/:champ/:game",
    file: "routes/sports-game.tsx",
    meta: { layout: "default", titleKey: "sports.section.live", preloader: "skeleton" },
  },
  {
    id: "line",
    path: "line",
    file: "routes/sports-section.tsx",
    meta: { layout: "default", titleKey: "sports.section.line", preloader: "skeleton" },
  },
  {
    id: "line-sport",
    path: "line/:sport",
    file: "routes/sports-section.tsx",
    meta: { layout: "default", titleKey: "sports.section.line", preloader: "skeleton" },
  },
  {
    id: "line-champ",
    path: "line/:sport/:champ",
    file: "routes/sports-section.tsx",
    meta: { layout: "default", titleKey: "sports.section.line", preloader: "skeleton" },
  },
  {
    id: "line-game",
    path: "line/:sport/:champ/:game",
    file: "routes/sports-game.tsx",
    meta: { layout: "default", titleKey: "sports.section.line", preloader: "skeleton" },
  },
  {
    id: "coupon",
    path: "coupon",
    file: "routes/coupon.tsx",
    meta: { layout: "default", titleKey: "coupon.title", hideSeoBlock: true, preloader: "none", robots: "noindex", money: true, returns: ["returnTo"] },
  },
  {
    id: "sports-feed",
    path: "sports-feed",
    file: "routes/resources/sports-feed.ts",
    meta: { layout: "empty", titleKey: "sports.section.live", skip: ["terms", "ageGate", "redirects", "platformType", "notFoundList"], preloader: "none", robots: "noindex" },
  },
  {
    id: "display-settings",
    path: "display-settings",
    file: "routes/display-settings.tsx",
    meta: { layout: "default", titleKey: "display.title", hideSeoBlock: true, preloader: "none", robots: "noindex", returns: ["returnTo"] },
  },
  {
    id: "multi",
    path: "multi",
    file: "routes/multi-live.tsx",
    meta: { layout: "default", titleKey: "multi.title", preloader: "skeleton" },
  },
  {
    id: "results",
    path: "results/:type?",
    file: "routes/results.tsx",
    meta: { layout: "default", titleKey: "results.title", preloader: "spinner" },
  },
  {
    id: "statistic",
    path: "statistic",
    file: "routes/statistic.tsx",
    meta: { layout: "default", titleKey: "statistic.title", preloader: "spinner" },
  },
  {
    id: "statisticpopup",
    path: "statisticpopup",
    file: "routes/statistic.tsx",
    meta: { layout: "empty", titleKey: "statistic.title", preloader: "spinner", robots: "noindex" },
  },
  {
    id: "marble",
    path: "marble",
    file: "routes/marble.tsx",
    meta: { layout: "default", titleKey: "marble.title", preloader: "skeleton" },
  },
  {
    id: "top-game",
    path: "top-game",
    file: "routes/top-game.tsx",
    meta: { layout: "default", titleKey: "topGame.title", preloader: "skeleton" },
  },
  {
    id: "team",
    path: "team/:teamId",
    file: "routes/team.tsx",
    meta: { layout: "default", titleKey: "team.title", params: { teamId: "digits" }, preloader: "spinner" },
  },
  {
    id: "cyber",
    path: "cyber/:type",
    file: "routes/cyber.tsx",
    meta: { layout: "default", titleKey: "cyber.title", preloader: "skeleton" },
  },
  {
    id: "cyber-champ",
    path: "cyber/:type/:champ",
    file: "routes/cyber.tsx",
    meta: { layout: "default", titleKey: "cyber.title", preloader: "skeleton" },
  },
  // Sports pages of the sports helper (issue 13, second part): championship results.
  {
    id: "champs",
    path: "champs/:champId?",
    file: "routes/champs.tsx",
    meta: { layout: "default", titleKey: "champs.title", params: { champId: "digits" }, preloader: "spinner" },
  },
  {
    id: "bets-on-your",
    path: "bets-on-your",
    file: "routes/bets-on-your.tsx",
    meta: { layout: "default", titleKey: "betsOnYour.title", preloader: "skeleton" },
  },
  {
    id: "sports-search",
    path: "search",
    file: "routes/sports-search.tsx",
    meta: { layout: "default", titleKey: "search.title", preloader: "spinner", robots: "noindex, follow" },
  },
  // Placing bets and the bettor's coupons (issue 14).
  {
    id: "coupon-place",
    path: "coupon/place",
    file: "routes/coupon-place/route.tsx",
    meta: { layout: "default", titleKey: "bets.place.title", auth: true, hideSeoBlock: true, preloader: "none", robots: "noindex", money: true, returns: ["returnTo"] },
  },
  {
    id: "coupon-result",
    path: "coupon/result/:couponId",
    file: "routes/coupon-result.tsx",
    meta: { layout: "default", titleKey: "bets.result.title", auth: true, params: { couponId: "digits" }, hideSeoBlock: true, preloader: "none", robots: "noindex" },
  },
  {
    id: "office-history",
    path: "office/history",
    file: "routes/office-history.tsx",
    meta: { layout: "default", titleKey: "bets.history.title", auth: true, hideSeoBlock: true, preloader: "spinner", robots: "noindex" },
  },
  // The office's money (issue 34): accounts, deposit and withdrawal through the payment provider, payment history.
  {
    id: "office-account",
    path: "office/account",
    file: "routes/office-account.tsx",
    meta: { layout: "default", titleKey: "office.account.title", auth: true, banLevels: [BAN_LEVEL.LEVEL_1, BAN_LEVEL.LEVEL_2], hideSeoBlock: true, preloader: "spinner", robots: "noindex" },
  },
  {
    id: "office-recharge",
    path: "office/recharge",
    file: "routes/office-payment.tsx",
    meta: { layout: "default", titleKey: "payments.depositTitle", auth: true, hideSeoBlock: true, preloader: "spinner", robots: "noindex", money: true },
  },
  {
    id: "office-recharge-deposit",
    path: "office/recharge/deposit",
    file: "routes/office-payment.tsx",
    meta: { layout: "default", titleKey: "payments.depositTitle", auth: true, hideSeoBlock: true, preloader: "spinner", robots: "noindex", money: true },
  },
  {
    id: "office-deduce",
    path: "office/deduce",
    file: "routes/office-payment.tsx",
    meta: { layout: "default", titleKey: "payments.withdrawTitle", auth: true, deduce: true, hideSeoBlock: true, preloader: "spinner", robots: "noindex", money: true },
  },
  {
    id: "office-historypay",
    path: "office/historypay",
    file: "routes/office-historypay.tsx",
    meta: { layout: "default", titleKey: "payments.history.title", auth: true, banLevels: [BAN_LEVEL.LEVEL_1, BAN_LEVEL.LEVEL_2], hideSeoBlock: true, preloader: "spinner", robots: "noindex" },
  },
  {
    id: "print-coupon",
    path: "print-coupon/:couponId",
    file: "routes/print-coupon.tsx",
    meta: { layout: "empty", titleKey: "bets.print", auth: true, params: { couponId: "digits" }, hideSeoBlock: true, preloader: "none", robots: "noindex" },
  },
  {
    id: "balance",
    path: "balance",
    file: "routes/resources/balance.ts",
    meta: { layout: "empty", titleKey: "bets.balance", skip: ["terms", "ageGate", "redirects", "platformType", "notFoundList"], preloader: "none", robots: "noindex" },
  },
  // Championship-special pages (SPEC §2): champ, epl, laliga, europaleague, ipl, fifacwc, scf, nbafinals (SPECIAL_NAMES in app/sports/specials.ts);
  // any other first segment the special loader does not know answers the site's 404 page.
  {
    id: "special",
    path: ":special",
    file: "routes/special.tsx",
    meta: { layout: "default", titleKey: "special.fixtures", preloader: "skeleton" },
  },
  {
    id: "special-game",
    path: ":special/game/:gameId",
    file: "routes/special.tsx",
    meta: { layout: "default", titleKey: "special.fixtures", preloader: "skeleton" },
  },
  {
    id: "special-final",
    path: ":special/final",
    file: "routes/special.tsx",
    meta: { layout: "default", titleKey: "special.final", preloader: "skeleton" },
  },
  {
    id: "not-found",
    path: "*",
    file: "routes/not-found.tsx",
    meta: { layout: "default", titleKey: "meta.notFoundTitle", hideSeoBlock: true, preloader: "none" },
  },
]);

/**
 * The ops console, outside the language prefix (`/ops/...`), for users with the ops role only
 * (everyone else gets 404). Not indexed. Guards: sign-in with the ops role, CSRF on changes;
 * the site's maintenance, block and redirect guards do not apply, so ops can always reach it.
 */
export const opsRouteTable = opsTable([
  { id: "ops-home", index: true, file: "routes/ops/index.tsx", titleKey: "ops.title" },
  { id: "ops-redirects", path: "redirects", file: "routes/ops/redirects.tsx", titleKey: "ops.redirects.title", returns: ["back"] },
  { id: "ops-redirect-new", path: "redirects/new", file: "routes/ops/redirect-edit.tsx", titleKey: "ops.redirects.newTitle" },
  { id: "ops-redirect-edit", path: "redirects/:id", file: "routes/ops/redirect-edit.tsx", titleKey: "ops.redirects.editTitle" },
  { id: "ops-redirect-try", path: "try", file: "routes/ops/try.tsx", titleKey: "ops.try.title" },
  { id: "ops-transfer", path: "transfer", file: "routes/ops/transfer.tsx", titleKey: "ops.transfer.title" },
  { id: "ops-export", path: "export.json", file: "routes/ops/export.ts", titleKey: "ops.transfer.title" },
  { id: "ops-switches", path: "switches", file: "routes/ops/switches.tsx", titleKey: "ops.switches.title" },
  { id: "ops-blocks", path: "blocks", file: "routes/ops/blocks.tsx", titleKey: "ops.blocks.title", returns: ["back"] },
  { id: "ops-audit", path: "audit", file: "routes/ops/audit.tsx", titleKey: "ops.audit.title" },
  { id: "ops-vip-bets", path: "vip-bets", file: "routes/ops/vip-bets.tsx", titleKey: "ops.vipBets.title", money: true },
]);
