/**
 * The rules the server guards apply (SPEC §2, §4 "Maintenance and blocking", §5), as pure
 * functions: no Remix, no I/O, each named as the spec names it.
 */
import { BAN_LEVEL, BLOCK_REASONS_BY_PAGE } from "~/constants";
import type { Maintenance } from "~/services/site-config";

/** Block pages and the block reasons (displayTypeId) that lead to each (SPEC §4). */
export type BlockPage = keyof typeof BLOCK_REASONS_BY_PAGE;
export const blockPages = Object.keys(BLOCK_REASONS_BY_PAGE) as BlockPage[];
export const blockPageByReason: Readonly<Record<number, BlockPage>> = Object.fromEntries(
  blockPages.flatMap((page) => BLOCK_REASONS_BY_PAGE[page].map((reason) => [reason, page] as const)),
);

export function blockPageForReason(reason: number | null | undefined): BlockPage | null {
  return reason == null ? null : (blockPageByReason[reason] ?? null);
}

/** Whether a block page may be shown for the reason it was visited with. */
export function blockReasonFitsPage(page: BlockPage, reason: number | null): boolean {
  return reason !== null && blockPageForReason(reason) === page;
}

/** SPEC §4: maintenance is active when the maintenance cookie equals 1 or the config says so. */
export function isMaintenanceActive(input: { cookie: string | undefined; maintenance: Maintenance }): boolean {
  return input.cookie === "1" || input.maintenance.isActive;
}

/** The maintenance notice shows between notify start and notify end. */
export function isMaintenanceNoticeDue(maintenance: Maintenance, now: Date): boolean {
  if (!maintenance.notify_started_at || !maintenance.notify_ended_at) return false;
  const start = Date.parse(maintenance.notify_started_at);
  const end = Date.parse(maintenance.notify_ended_at);
  return now.getTime() >= start && now.getTime() < end;
}

/** The maintenance page speaks Russian to az, kk (KZ), uk (UA) and ru, English to the rest. */
export function maintenancePageLanguage(lng: string): "ru" | "en" {
  return ["az", "kk", "uk", "ru"].includes(lng) ? "ru" : "en";
}

/**
 * SPEC §5: paths on the configured urlsToRedirectTo404 list give 404. An entry is an exact
 * path, or a prefix when it ends in `*` (`/lotto/*`).
 */
export function isOnNotFoundList(path: string, list: readonly string[]): boolean {
  const clean = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return list.some((entry) => {
    if (entry.endsWith("*")) return clean.startsWith(entry.slice(0, -1)) || `${clean}/` === entry.slice(0, -1);
    return clean === (entry.length > 1 ? entry.replace(/\/+$/, "") : entry);
  });
}

/** SPEC §5: a route that needs a feature number is available only when the number is listed. */
export function isFeatureRouteAvailable(feature: number | undefined, availableRoutes: readonly number[]): boolean {
  return feature === undefined || availableRoutes.includes(feature);
}

/** SPEC §4: deduce is reachable at ban level 45 for ban version 1 and 53 from version 2 on. */
export function deduceBanLevel(banVersion: number): number {
  return banVersion >= 2 ? BAN_LEVEL.DEDUCE_V2 : BAN_LEVEL.DEDUCE_V1;
}

export type BanDecision = "allow" | "block-appeal";

/**
 * SPEC §4: a user with ban_level above 0 may reach only the routes allowed for that level
 * (levels 1 and 2 each have their list); deduce only at its ban level; everything else sends
 * them to the block-appeal page.
 */
export function banDecision(
  user: { ban_level: number; ban_version: number },
  route: { banLevels?: readonly number[]; deduce?: boolean },
): BanDecision {
  if (route.deduce) return user.ban_level === deduceBanLevel(user.ban_version) ? "allow" : user.ban_level > 0 ? "block-appeal" : "allow";
  if (user.ban_level <= 0) return "allow";
  return route.banLevels?.includes(user.ban_level) ? "allow" : "block-appeal";
}

/**
 * Redirects the spec fixes for the site's own routes (SPEC §2), applied before the operator's
 * rules: rules → rules/1, cyber → cyber/real, the office root → account, forgot-password →
 * home with the modal flag, user/coupon → the language root.
 */
export function siteRedirectFor(path: string): { path: string; query?: Record<string, string> } | null {
  const clean = path.length > 1 ? path.replace(/\/+$/, "") : path;
  switch (clean) {
    case "/rules":
      return { path: "/rules/1" };
    case "/cyber":
      return { path: "/cyber/real" };
    case "/office":
      return { path: "/office/account" };
    case "/user/forgotpassword":
      return { path: "/", query: { showForgotPasswordModal: "1" } };
    case "/user/coupon":
      return { path: "/" };
    default:
      return null;
  }
}

/**
 * Whether a redirect answer leads back to where the visitor is (SPEC §8: a cyclic redirect is
 * logged and skipped): the target is the current URL, or the answer reports a loop.
 */
export function isCyclicRedirect(answer: { url: string | null; reasons: readonly string[] }, current: URL): boolean {
  if (answer.reasons.includes("loop")) return true;
  if (!answer.url) return false;
  const target = new URL(answer.url, current);
  return target.origin === current.origin && target.pathname === current.pathname && target.search === current.search;
}

/**
 * SPEC §8: a redirect to another site is refused (a redirect error) unless its host is on the
 * configured allow-list. Paths of this site are always fine.
 */
export function isRedirectTargetAllowed(url: string, current: URL, allowedHosts: readonly string[]): boolean {
  let target: URL;
  try {
    target = new URL(url, current);
  } catch {
    return false;
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") return false;
  if (target.host === current.host) return true;
  return allowedHosts.includes(target.hostname) || allowedHosts.includes(target.host);
}

/** Route parameter checks of SPEC §5. */
export const paramRules = {
  digits: /^\d+$/,
  section: /^(live|line)$/,
  lng: /^[a-z]{2}$/,
} as const;
export type ParamRule = keyof typeof paramRules;

export function paramsAreValid(params: Record<string, string | undefined>, rules: Partial<Record<string, ParamRule>>): boolean {
  return Object.entries(rules).every(([name, rule]) => {
    const value = params[name];
    return value === undefined || (rule !== undefined && paramRules[rule].test(value));
  });
}

const MOBILE_UA = /Android.+Mobile|iPhone|iPod|Windows Phone|IEMobile|Opera Mini|BlackBerry|webOS.+Mobile/i;

export function isMobileUserAgent(userAgent: string | null): boolean {
  return !!userAgent && MOBILE_UA.test(userAgent);
}

/**
 * platform_type (SPEC §2): `desktop` keeps a visitor here, `mobile` sends them to the mobile
 * site; without it a phone goes to the mobile site. The answer is where to go, or null.
 */
export function platformTypeRedirect(input: {
  platformType: string | null;
  desktopCookie: boolean;
  userAgent: string | null;
  mobileOrigin: string | undefined;
  url: URL;
}): string | null {
  if (!input.mobileOrigin) return null;
  if (input.platformType === "desktop" || input.desktopCookie) return null;
  const wantsMobile = input.platformType === "mobile" || (input.platformType === null && isMobileUserAgent(input.userAgent));
  if (!wantsMobile) return null;
  const target = new URL(`${input.url.pathname}${input.url.search}`, input.mobileOrigin);
  target.searchParams.set("platform_type", "mobile");
  return target.toString();
}

/**
 * SPEC §5: registration is allowed only if the site config permits it and the domain is not a
 * VIP domain (VIP-domain visitors cannot register, SPEC §6).
 */
export function registrationAllowed(input: { allowed: boolean; vipDomains: readonly string[]; hostname: string }): boolean {
  if (!input.allowed) return false;
  const host = input.hostname.toLowerCase().replace(/\.$/, "");
  return !input.vipDomains.some((d) => d.toLowerCase().replace(/\.$/, "") === host);
}
