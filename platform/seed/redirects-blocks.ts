import { BLOCK_REASONS_BY_PAGE } from "../../common/spec-codes.mjs";
import type { NewBlockRule, NewRedirectRule } from "../domain/rule-writes.ts";

/**
 * The legacy redirects of SPEC §2 whose target page exists, permanent (301), each with a note
 * saying where it comes from. A seeded rule must land on a real page (issue 11): the test
 * "seeded redirects" follows each one through the site to a 200.
 */
export const demoRedirectRules: NewRedirectRule[] = [
  { source: "/user/registration.php", target: "/registration", code: 301, note: "user/registration.php redirects to registration (SPEC §2)" },
  {
    source: "/user/action.php?action=restore",
    target: "/user/passwordreset",
    code: 301,
    note: "Old user/action.php: password restore link; other params (code) are carried (SPEC §2)",
  },
  {
    source: "/user/action.php?action=activate",
    target: "/user/activate",
    code: 301,
    note: "Old user/action.php: activation link; other params (code) are carried (SPEC §2)",
  },
];

/**
 * Legacy redirects of SPEC §2 whose target pages are not built yet (bonuses, promotions, slots,
 * poker, games): not seeded, since a seeded rule must not lead to a 404. The issue that builds
 * each target moves its rules into demoRedirectRules; until then the tests of the redirect
 * machinery add them through the test hooks.
 */
export const pendingLegacyRedirectRules: NewRedirectRule[] = [
  { source: "/bonuses/daily_drops", target: "/bonuses/dropsnwins", code: 301, note: "Legacy bonus page: daily drops is now Drops & Wins (SPEC §2)" },
  {
    source: "/bonuses/happy_birthday",
    target: "/bonuses/wishing_you_a_happy_birthday",
    code: 301,
    note: "Legacy bonus page: the birthday bonus moved (SPEC §2)",
  },
  {
    source: "/bonuses/fastgames-daily-tournament",
    target: "/promotions/fastgames-daily-tournament",
    code: 301,
    note: "Legacy bonus page: the fast-games tournament is a promotion now (SPEC §2)",
  },
  { source: "/vulkan", target: "/slots/vulkan", code: 301, note: "vulkan redirects to slots/vulkan (SPEC §2)" },
  { source: "/tvgames/view/poker", target: "/poker", code: 301, note: "tvgames/view/poker redirects to poker (SPEC §2)" },
  { source: "/allgamesentrance/:gameRoute", target: "/games/:gameRoute", code: 301, note: "Old game route to the new game route (SPEC §2)" },
  { source: "/games/view/:gameRoute", target: "/games/:gameRoute", code: 301, note: "Old game route to the new game route (SPEC §2)" },
];

/** Block rules a fresh site starts with; reasons are the displayTypeIds of SPEC §4. */
export const demoBlockRules: NewBlockRule[] = [
  { kind: "user_agent", pattern: "MSIE [1-9]\\.|Trident/[4-7]\\.", reason: BLOCK_REASONS_BY_PAGE["block-ie"][0], note: "Old Internet Explorer: block-ie page" },
  { kind: "user_agent", pattern: "Opera Mini", reason: BLOCK_REASONS_BY_PAGE["block-ua"][0], note: "Opera Mini's proxy rendering breaks the site: block-ua page" },
  { kind: "country", pattern: "KP", reason: BLOCK_REASONS_BY_PAGE.block[0], note: "Not licensed in this country: block page" },
  { kind: "path", pattern: "/fishinghunting", reason: BLOCK_REASONS_BY_PAGE["coming-soon"][0], note: "Fishing & hunting section not launched yet: coming-soon page" },
];
