import { z } from "zod";

/** The site config as the site reads it from GET /bff-api/config/all.json (SPEC §3, §4, §5). */
const isoDateTime = z.string().datetime({ offset: true });

export const maintenanceSchema = z.object({
  started_at: isoDateTime.nullable(),
  ended_at: isoDateTime.nullable(),
  notify_started_at: isoDateTime.nullable(),
  notify_ended_at: isoDateTime.nullable(),
  isActive: z.boolean(),
  web_state: z.number().int(),
});

export const coefFormats = ["decimal", "american", "fractional", "hongkong", "malay", "indonesian"] as const;

export const siteConfigSchema = z.object({
  ref_id: z.number().int(),
  group_id: z.number().int(),
  companyName: z.string().min(1),
  isFlexibleAssetPath: z.boolean(),
  isPwa: z.boolean(),
  pwaManifest: z.object({ themeColor: z.string() }),
  partnerCssBrandBook: z.array(z.object({ css_prop: z.string(), css_value: z.string() })),
  country: z.string().nullable(),
  lang: z.string(),
  languages: z.object({
    allowed: z.array(z.string()).min(1),
    hiddenForUnauthorized: z.array(z.string()),
    default: z.string(),
  }),
  registration: z.object({ allowed: z.boolean(), customConfig: z.boolean() }),
  vipDomains: z.array(z.string()),
  coefFormat: z.enum(coefFormats),
  appViewType: z.number().int(),
  maintenance: maintenanceSchema,
  availableRoutes: z.array(z.number().int()),
  urlsToRedirectTo404: z.array(z.string()),
  ageRestriction: z.object({ age: z.number().int().nullable(), enabled: z.boolean() }),
  features: z.object({
    terms: z.boolean(),
    identification: z.boolean(),
    oneClickBet: z.boolean(),
    vipBet: z.boolean(),
    bonusBet: z.boolean(),
    paymentForAll: z.boolean(),
    googleOneTap: z.boolean(),
    promoBonusToOffer: z.boolean(),
    thirdPartyHasFirstDepositRedirect: z.boolean(),
    redesign: z.boolean(),
    snowfall: z.boolean(),
  }),
  registrationReminder: z.object({ delay: z.number().int().min(0), interval: z.number().int().min(0) }),
  inactiveMinutes: z.number().int().min(0),
  coupon: z.object({
    minAmountCouponTypes: z.array(z.number().int()),
    maxAmountCouponTypes: z.array(z.number().int()),
  }),
  redirectAllowedHosts: z.array(z.string()),
  policyLogoCountryIds: z.array(z.number().int()),
  defaultCurrency: z.string().length(3),
  defaultTimeZone: z.number(),
});

export type SiteConfig = z.infer<typeof siteConfigSchema>;
export type Maintenance = z.infer<typeof maintenanceSchema>;

export const socialLinkSchema = z.object({ name: z.string(), link: z.string().url(), iconName: z.string() });
export type SocialLink = z.infer<typeof socialLinkSchema>;

export const seoTextSchema = z.object({ title: z.string(), text: z.string() });
