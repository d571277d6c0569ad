import { describe, expect, it } from "vitest";
import {
  banDecision,
  blockPageForReason,
  blockPages,
  blockReasonFitsPage,
  deduceBanLevel,
  isCyclicRedirect,
  isFeatureRouteAvailable,
  isMaintenanceActive,
  isMaintenanceNoticeDue,
  isMobileUserAgent,
  isOnNotFoundList,
  isRedirectTargetAllowed,
  maintenancePageLanguage,
  paramsAreValid,
  platformTypeRedirect,
  registrationAllowed,
  siteRedirectFor,
} from "./guard-rules";

const maintenance = {
  started_at: "2026-12-01T02:00:00Z",
  ended_at: "2026-12-01T04:00:00Z",
  notify_started_at: "2026-11-30T00:00:00Z",
  notify_ended_at: "2026-12-01T04:00:00Z",
  isActive: false,
  web_state: 0,
};

describe("block reasons (SPEC §4)", () => {
  it.each([
    [4, "site-updates"],
    [16, "suspension"],
    [3, "block"],
    [1, "block"],
    [5, "block"],
    [2, "block"],
    [14, "block"],
    [13, "block-ua"],
    [17, "block-ie"],
    [8, "coming-soon"],
  ] as const)("reason %i goes to %s", (reason, page) => {
    expect(blockPageForReason(reason)).toBe(page);
    expect(blockReasonFitsPage(page, reason)).toBe(true);
  });
  it("knows exactly the block pages there are", () => {
    expect([...blockPages].sort()).toEqual(["block", "block-ie", "block-ua", "coming-soon", "site-updates", "suspension"]);
  });
  it("has no page for no reason or an unknown one", () => {
    expect(blockPageForReason(null)).toBeNull();
    expect(blockPageForReason(99)).toBeNull();
  });
  it("does not show a block page for a reason that leads elsewhere", () => {
    expect(blockReasonFitsPage("block", 13)).toBe(false);
    expect(blockReasonFitsPage("block", null)).toBe(false);
  });
});

describe("maintenance", () => {
  it("is active by the cookie equal to 1 or by the config", () => {
    expect(isMaintenanceActive({ cookie: "1", maintenance })).toBe(true);
    expect(isMaintenanceActive({ cookie: "0", maintenance })).toBe(false);
    expect(isMaintenanceActive({ cookie: undefined, maintenance: { ...maintenance, isActive: true } })).toBe(true);
  });
  it("notices between notify start and end only", () => {
    expect(isMaintenanceNoticeDue(maintenance, new Date("2026-11-29T23:59:59Z"))).toBe(false);
    expect(isMaintenanceNoticeDue(maintenance, new Date("2026-11-30T10:00:00Z"))).toBe(true);
    expect(isMaintenanceNoticeDue(maintenance, new Date("2026-12-01T04:00:00Z"))).toBe(false);
    expect(isMaintenanceNoticeDue({ ...maintenance, notify_started_at: null }, new Date("2026-11-30T10:00:00Z"))).toBe(false);
    expect(isMaintenanceNoticeDue({ ...maintenance, notify_ended_at: null }, new Date("2026-11-30T10:00:00Z"))).toBe(false);
  });
  it("notices from the very millisecond the notice starts, and not one before", () => {
    expect(isMaintenanceNoticeDue(maintenance, new Date("2026-11-30T00:00:00.000Z"))).toBe(true);
    expect(isMaintenanceNoticeDue(maintenance, new Date("2026-11-29T23:59:59.999Z"))).toBe(false);
    expect(isMaintenanceNoticeDue(maintenance, new Date("2026-12-01T03:59:59.999Z"))).toBe(true);
  });
  it("speaks Russian to az, kk, uk and ru and English to the rest", () => {
    for (const lng of ["az", "kk", "uk", "ru"]) expect(maintenancePageLanguage(lng)).toBe("ru");
    for (const lng of ["en", "de", "tr", "ar", "fa"]) expect(maintenancePageLanguage(lng)).toBe("en");
  });
});

describe("404 list and feature routes", () => {
  it("matches exact paths and trailing-star prefixes", () => {
    const list = ["/lotto", "/casino/old/*"];
    expect(isOnNotFoundList("/lotto", list)).toBe(true);
    expect(isOnNotFoundList("/lotto/", list)).toBe(true);
    expect(isOnNotFoundList("/lotto/5", list)).toBe(false);
    expect(isOnNotFoundList("/casino/old/x/y", list)).toBe(true);
    expect(isOnNotFoundList("/casino/older", list)).toBe(false);
  });
  it("lets `/x/*` match `/x` itself, with or without its slash, but not `/xy`", () => {
    const list = ["/casino/old/*"];
    expect(isOnNotFoundList("/casino/old", list)).toBe(true);
    expect(isOnNotFoundList("/casino/old/", list)).toBe(true);
    expect(isOnNotFoundList("/casino/old/1", list)).toBe(true);
    expect(isOnNotFoundList("/casino/oldies", list)).toBe(false);
    expect(isOnNotFoundList("/casino", list)).toBe(false);
  });
  it("ignores any number of trailing slashes, on the path and on the entry", () => {
    expect(isOnNotFoundList("/lotto//", ["/lotto"])).toBe(true);
    expect(isOnNotFoundList("/lotto", ["/lotto//"])).toBe(true);
    expect(isOnNotFoundList("/casino/old//", ["/casino/old/*"])).toBe(true);
  });
  it("matches a listed root only at the root, and an empty list nothing", () => {
    expect(isOnNotFoundList("/", ["/"])).toBe(true);
    expect(isOnNotFoundList("/lotto", ["/"])).toBe(false);
    expect(isOnNotFoundList("/lotto", ["/lotto/"])).toBe(true);
    expect(isOnNotFoundList("/lotto", [])).toBe(false);
  });
  it("needs the route's feature number in availableRoutes", () => {
    expect(isFeatureRouteAvailable(undefined, [])).toBe(true);
    expect(isFeatureRouteAvailable(47, [47, 52])).toBe(true);
    expect(isFeatureRouteAvailable(52, [47])).toBe(false);
  });
});

describe("ban", () => {
  it("lets users without a ban go anywhere", () => {
    expect(banDecision({ ban_level: 0, ban_version: 1 }, {})).toBe("allow");
  });
  it("lets a banned user reach only the routes allowed for the level", () => {
    expect(banDecision({ ban_level: 1, ban_version: 1 }, { banLevels: [1, 2] })).toBe("allow");
    expect(banDecision({ ban_level: 2, ban_version: 1 }, { banLevels: [1] })).toBe("block-appeal");
    expect(banDecision({ ban_level: 1, ban_version: 1 }, {})).toBe("block-appeal");
  });
  it("opens deduce only at ban level 45 (version 1) or 53 (version 2)", () => {
    expect(deduceBanLevel(1)).toBe(45);
    expect(deduceBanLevel(2)).toBe(53);
    expect(banDecision({ ban_level: 45, ban_version: 1 }, { deduce: true })).toBe("allow");
    expect(banDecision({ ban_level: 53, ban_version: 1 }, { deduce: true })).toBe("block-appeal");
    expect(banDecision({ ban_level: 53, ban_version: 2 }, { deduce: true })).toBe("allow");
    expect(banDecision({ ban_level: 1, ban_version: 1 }, { deduce: true })).toBe("block-appeal");
    expect(banDecision({ ban_level: 0, ban_version: 1 }, { deduce: true })).toBe("allow");
  });
});

describe("the site's own redirects (SPEC §2)", () => {
  it.each([
    ["/rules", "/rules/1", undefined],
    ["/cyber", "/cyber/real", undefined],
    ["/office", "/office/account", undefined],
    ["/user/forgotpassword", "/", { showForgotPasswordModal: "1" }],
    ["/user/coupon", "/", undefined],
  ])("%s → %s", (from, path, query) => {
    expect(siteRedirectFor(from)).toEqual(query ? { path, query } : { path });
  });
  it("reads a path with trailing slashes as the path", () => {
    expect(siteRedirectFor("/rules/")).toEqual({ path: "/rules/1" });
    expect(siteRedirectFor("/rules//")).toEqual({ path: "/rules/1" });
  });
  it("leaves other paths alone", () => {
    expect(siteRedirectFor("/rules/2")).toBeNull();
    expect(siteRedirectFor("/")).toBeNull();
  });
});

describe("redirect answers", () => {
  const here = new URL("https://bet.example/ru/bonuses?x=1");
  it("spots a redirect back to the current URL, or a loop the platform reports", () => {
    expect(isCyclicRedirect({ url: "/ru/bonuses?x=1", reasons: [] }, here)).toBe(true);
    expect(isCyclicRedirect({ url: "/ru/promo", reasons: ["loop"] }, here)).toBe(true);
    expect(isCyclicRedirect({ url: "/ru/promo", reasons: [] }, here)).toBe(false);
    expect(isCyclicRedirect({ url: null, reasons: [] }, here)).toBe(false);
    expect(isCyclicRedirect({ url: "https://bet.example/ru/bonuses?x=1", reasons: [] }, here)).toBe(true);
  });
  it("does not read a missing target as the relative path \"null\"", () => {
    // Resolved as a URL, null would be "null" beside the current page: /ru/null here.
    expect(isCyclicRedirect({ url: null, reasons: [] }, new URL("https://bet.example/ru/null"))).toBe(false);
  });
  it("does not take the same path with another query, or the same path on another site, for a cycle", () => {
    expect(isCyclicRedirect({ url: "/ru/bonuses?x=2", reasons: [] }, here)).toBe(false);
    expect(isCyclicRedirect({ url: "/ru/promo?x=1", reasons: [] }, here)).toBe(false);
    expect(isCyclicRedirect({ url: "/ru/bonuses", reasons: [] }, here)).toBe(false);
    expect(isCyclicRedirect({ url: "/ru/bonuses?x=1&y=1", reasons: [] }, here)).toBe(false);
    expect(isCyclicRedirect({ url: "https://other.example/ru/bonuses?x=1", reasons: [] }, here)).toBe(false);
    expect(isCyclicRedirect({ url: "https://bet.example:8443/ru/bonuses?x=1", reasons: [] }, here)).toBe(false);
  });
  it("refuses another port of our own host and a port the allow-list does not name", () => {
    expect(isRedirectTargetAllowed("https://bet.example:8443/en", here, [])).toBe(false);
    expect(isRedirectTargetAllowed("https://partner.example:8443/x", here, ["partner.example:443"])).toBe(false);
    expect(isRedirectTargetAllowed("https://partner.example:8443/x", here, ["partner.example:8443"])).toBe(true);
    expect(isRedirectTargetAllowed("https://sub.partner.example/x", here, ["partner.example"])).toBe(false);
    // A host listed without a port is allowed on any port of it.
    expect(isRedirectTargetAllowed("https://partner.example:8443/x", here, ["partner.example"])).toBe(true);
  });
  it("refuses every scheme but http and https, even on an allowed or our own host", () => {
    for (const url of ["ftp://partner.example/x", "data:text/html,hi", "file://partner.example/x", "ws://bet.example/ru", "javascript://bet.example/%0aalert(1)"]) {
      expect(isRedirectTargetAllowed(url, here, ["partner.example"]), url).toBe(false);
    }
    expect(isRedirectTargetAllowed("http://partner.example/x", here, ["partner.example"])).toBe(true);
    expect(isRedirectTargetAllowed("http://[broken", here, ["partner.example"])).toBe(false);
  });
  it("allows own paths and allow-listed hosts only", () => {
    expect(isRedirectTargetAllowed("/ru/promo", here, [])).toBe(true);
    expect(isRedirectTargetAllowed("https://bet.example/en", here, [])).toBe(true);
    expect(isRedirectTargetAllowed("https://partner.example/x", here, [])).toBe(false);
    expect(isRedirectTargetAllowed("https://partner.example/x", here, ["partner.example"])).toBe(true);
    expect(isRedirectTargetAllowed("javascript:alert(1)", here, ["partner.example"])).toBe(false);
    expect(isRedirectTargetAllowed("//evil.example/x", here, [])).toBe(false);
  });
});

describe("route params (SPEC §5)", () => {
  it("checks digits, section and language", () => {
    expect(paramsAreValid({ couponId: "123" }, { couponId: "digits" })).toBe(true);
    expect(paramsAreValid({ couponId: "12a" }, { couponId: "digits" })).toBe(false);
    expect(paramsAreValid({ section: "live" }, { section: "section" })).toBe(true);
    expect(paramsAreValid({ section: "line" }, { section: "section" })).toBe(true);
    expect(paramsAreValid({ section: "prematch" }, { section: "section" })).toBe(false);
    expect(paramsAreValid({ lng: "ru" }, { lng: "lng" })).toBe(true);
    expect(paramsAreValid({ lng: "rus" }, { lng: "lng" })).toBe(false);
    // An optional param that is absent is fine.
    expect(paramsAreValid({}, { chapter: "digits" })).toBe(true);
  });
  it("needs every param to pass its rule, not just one of them", () => {
    const rules = { couponId: "digits", section: "section" } as const;
    expect(paramsAreValid({ couponId: "123", section: "live" }, rules)).toBe(true);
    expect(paramsAreValid({ couponId: "123", section: "prematch" }, rules)).toBe(false);
    expect(paramsAreValid({ couponId: "12a", section: "live" }, rules)).toBe(false);
  });
  it("does not take a present param whose rule is missing", () => {
    expect(paramsAreValid({ couponId: "123" }, { couponId: undefined })).toBe(false);
    expect(paramsAreValid({}, { couponId: undefined })).toBe(true);
  });
});

describe("platform_type", () => {
  const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
  const desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36";
  const url = new URL("https://bet.example/ru/live?a=1");
  const base = { desktopCookie: false, mobileOrigin: "https://m.bet.example", url };
  it("detects phones", () => {
    expect(isMobileUserAgent(iphone)).toBe(true);
    expect(isMobileUserAgent(desktop)).toBe(false);
    expect(isMobileUserAgent(null)).toBe(false);
    expect(isMobileUserAgent("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36")).toBe(true);
    expect(isMobileUserAgent("Mozilla/5.0 (Linux; webOS/2.2.4; U; en-US) AppleWebKit/534.6 webOSBrowser/221.56 Safari/534.6 Pre/3.0 Mobile")).toBe(true);
    // An Android tablet says no "Mobile": it gets the desktop site.
    expect(isMobileUserAgent("Mozilla/5.0 (Linux; Android 14; SM-X910) AppleWebKit/537.36 Chrome/126.0 Safari/537.36")).toBe(false);
  });
  it("keeps a desktop browser here, and a phone whose parameter names neither variant", () => {
    expect(platformTypeRedirect({ ...base, platformType: null, userAgent: desktop })).toBeNull();
    expect(platformTypeRedirect({ ...base, platformType: "tablet", userAgent: iphone })).toBeNull();
    expect(platformTypeRedirect({ ...base, platformType: "", userAgent: iphone })).toBeNull();
  });
  it("sends phones to the mobile site with platform_type=mobile", () => {
    expect(platformTypeRedirect({ ...base, platformType: null, userAgent: iphone })).toBe(
      "https://m.bet.example/ru/live?a=1&platform_type=mobile",
    );
  });
  it("forces the variant the parameter names", () => {
    expect(platformTypeRedirect({ ...base, platformType: "mobile", userAgent: desktop })).toContain("platform_type=mobile");
    expect(platformTypeRedirect({ ...base, platformType: "desktop", userAgent: iphone })).toBeNull();
    expect(platformTypeRedirect({ ...base, desktopCookie: true, platformType: null, userAgent: iphone })).toBeNull();
  });
  it("does nothing without a mobile site", () => {
    expect(platformTypeRedirect({ ...base, mobileOrigin: undefined, platformType: "mobile", userAgent: iphone })).toBeNull();
  });
});

describe("registration (SPEC §5, §6)", () => {
  it("is open when the config allows it, except on a VIP domain, however the host is written", () => {
    const vipDomains = ["vip.bet.example", "Club.Example."];
    expect(registrationAllowed({ allowed: true, vipDomains, hostname: "bet.example" })).toBe(true);
    expect(registrationAllowed({ allowed: false, vipDomains, hostname: "bet.example" })).toBe(false);
    expect(registrationAllowed({ allowed: true, vipDomains, hostname: "vip.bet.example" })).toBe(false);
    expect(registrationAllowed({ allowed: true, vipDomains, hostname: "VIP.bet.example." })).toBe(false);
    expect(registrationAllowed({ allowed: true, vipDomains, hostname: "club.example" })).toBe(false);
    expect(registrationAllowed({ allowed: true, vipDomains, hostname: "sub.vip.bet.example" })).toBe(true);
    expect(registrationAllowed({ allowed: true, vipDomains: [], hostname: "vip.bet.example" })).toBe(true);
  });
});
