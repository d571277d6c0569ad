import { FEATURE_ROUTE } from "../../common/spec-codes.mjs";
import type { SiteConfig } from "../domain/site-config.ts";

/** Demo site config a fresh database starts with; ops change it later through the admin APIs. */
export const demoSiteConfig: SiteConfig = {
  ref_id: 1,
  group_id: 1,
  companyName: "Arena Bet",
  isFlexibleAssetPath: false,
  isPwa: true,
  pwaManifest: { themeColor: "#0f3d2e" },
  partnerCssBrandBook: [
    { css_prop: "--brand", css_value: "#15803d" },
    { css_prop: "--brand-strong", css_value: "#166534" },
  ],
  languages: {
    allowed: ["ru", "en", "de", "tr", "uk", "kk", "az", "ar", "fa"],
    hiddenForUnauthorized: [],
    default: "ru",
  },
  registration: { allowed: true, customConfig: false },
  vipDomains: ["vip.localhost"],
  coefFormat: "decimal",
  appViewType: 0,
  maintenance: {
    started_at: null,
    ended_at: null,
    notify_started_at: null,
    notify_ended_at: null,
    isActive: false,
    web_state: 0,
  },
  availableRoutes: [FEATURE_ROUTE.RULES, FEATURE_ROUTE.PAYMENT],
  urlsToRedirectTo404: [],
  ageRestriction: { age: 18, enabled: false },
  features: {
    terms: true,
    identification: false,
    oneClickBet: true,
    vipBet: true,
    bonusBet: true,
    paymentForAll: false,
    googleOneTap: true,
    promoBonusToOffer: false,
    thirdPartyHasFirstDepositRedirect: false,
    redesign: false,
    snowfall: false,
  },
  registrationReminder: { delay: 60, interval: 30 },
  inactiveMinutes: 30,
  coupon: { minAmountCouponTypes: [0, 1, 2, 9], maxAmountCouponTypes: [0, 1, 2, 9] },
  redirectAllowedHosts: [],
  policyLogoCountryIds: [1, 66, 126, 228, 120],
  defaultCurrency: "RUB",
  defaultTimeZone: 3,
  termsUpdatedAt: "2026-01-01T00:00:00Z",
};

/** Country overrides: a market with a stricter age gate and its own default language. */
export const demoCountryOverrides: Array<{ country: string; key: keyof SiteConfig; value: unknown }> = [
  { country: "KZ", key: "ageRestriction", value: { age: 21, enabled: true } },
  {
    country: "TR",
    key: "languages",
    value: { allowed: ["tr", "en", "ru", "de", "az", "ar", "fa", "uk", "kk"], hiddenForUnauthorized: [], default: "tr" },
  },
];
