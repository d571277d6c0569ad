import { z } from "zod";
import type { Db } from "../db/index.ts";

/**
 * The site config served by /bff-api/config/all.json: SPEC §3 "Site config" plus every flag
 * the spec's rules read. Stored one top-level key per row; a country may override a key.
 */
export const languageCode = z.string().regex(/^[a-z]{2}$/);

export const maintenanceSchema = z.object({
  started_at: z.string().datetime({ offset: true }).nullable(),
  ended_at: z.string().datetime({ offset: true }).nullable(),
  notify_started_at: z.string().datetime({ offset: true }).nullable(),
  notify_ended_at: z.string().datetime({ offset: true }).nullable(),
  isActive: z.boolean(),
  web_state: z.number().int(),
});

export const siteConfigSchema = z.object({
  ref_id: z.number().int(),
  group_id: z.number().int(),
  companyName: z.string().min(1),
  isFlexibleAssetPath: z.boolean(),
  isPwa: z.boolean(),
  pwaManifest: z.object({ themeColor: z.string() }),
  partnerCssBrandBook: z.array(z.object({ css_prop: z.string(), css_value: z.string() })),
  languages: z.object({
    allowed: z.array(languageCode).min(1),
    hiddenForUnauthorized: z.array(languageCode),
    default: languageCode,
  }),
  registration: z.object({ allowed: z.boolean(), customConfig: z.boolean() }),
  vipDomains: z.array(z.string()),
  coefFormat: z.enum(["decimal", "american", "fractional", "hongkong", "malay", "indonesian"]),
  appViewType: z.union([z.literal(0), z.literal(1)]),
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
  /** When the terms last changed: users who accepted before it must confirm again (SPEC §4 "Terms"). */
  termsUpdatedAt: z.string().datetime({ offset: true }),
});

export type SiteConfig = z.infer<typeof siteConfigSchema>;
export type SiteConfigKey = keyof SiteConfig;

export const siteConfigKeys = Object.keys(siteConfigSchema.shape) as SiteConfigKey[];

/** Builds the answer from stored rows: defaults, then the country's overrides. */
export function assembleSiteConfig(
  rows: Array<{ key: string; value: unknown }>,
  overrides: Array<{ key: string; value: unknown }>,
): SiteConfig {
  const merged: Record<string, unknown> = {};
  for (const row of rows) merged[row.key] = row.value;
  for (const row of overrides) merged[row.key] = row.value;
  return siteConfigSchema.parse(merged);
}

/** The stored rows behind a country's config: the defaults and that country's overrides. */
export async function loadSiteConfigRows(db: Db, country: string | null) {
  const [rows, overrides] = await Promise.all([
    db.selectFrom("site_config").select(["key", "value"]).execute(),
    country
      ? db.selectFrom("site_config_override").select(["key", "value"]).where("country", "=", country).execute()
      : Promise.resolve([]),
  ]);
  return { rows, overrides };
}

/** One key of a country's config, checked against its schema; null when missing or invalid. */
export async function loadSiteConfigValue<K extends SiteConfigKey>(db: Db, key: K, country: string | null): Promise<SiteConfig[K] | null> {
  const [row, override] = await Promise.all([
    db.selectFrom("site_config").select("value").where("key", "=", key).executeTakeFirst(),
    country
      ? db.selectFrom("site_config_override").select("value").where("country", "=", country).where("key", "=", key).executeTakeFirst()
      : Promise.resolve(undefined),
  ]);
  const parsed = siteConfigSchema.shape[key].safeParse((override ?? row)?.value);
  return parsed.success ? (parsed.data as SiteConfig[K]) : null;
}
