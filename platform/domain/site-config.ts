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

/**
 * The site switches ops change from the console, each checked more strictly than the stored
 * config's schema: whatever passes here also passes siteConfigSchema.
 */
const instant = z
  .string({ invalid_type_error: "must be an ISO date-time or null" })
  .datetime({ offset: true, message: "must be an ISO date-time with a time zone, e.g. 2026-05-01T02:00:00Z" })
  .nullable();

/** The longest maintenance notice: a longer one is almost always a mistyped date. */
export const MAX_NOTICE_DAYS = 30;

export const maintenanceSwitchSchema = z
  .object(
    {
      started_at: instant,
      ended_at: instant,
      notify_started_at: instant,
      notify_ended_at: instant,
      isActive: z.boolean({ required_error: "is required", invalid_type_error: "must be true or false" }),
      web_state: z
        .number({ required_error: "is required", invalid_type_error: "must be a number" })
        .int("must be a whole number")
        .min(0, "must be at least 0")
        .max(1000, "must be at most 1000"),
    },
    { required_error: "is required", invalid_type_error: "must be an object" },
  )
  .strict()
  .superRefine((m, ctx) => {
    const at = (v: string | null) => (v === null ? null : Date.parse(v));
    const [start, end, notifyStart, notifyEnd] = [at(m.started_at), at(m.ended_at), at(m.notify_started_at), at(m.notify_ended_at)];
    const fail = (field: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message });
    if (start !== null && end !== null && end <= start) fail("ended_at", "must be after started_at");
    // The notice shows between its two times (the site reads both): one alone shows nothing.
    if ((notifyStart === null) !== (notifyEnd === null)) {
      fail(notifyStart === null ? "notify_started_at" : "notify_ended_at", "is needed too: the notice shows between notify_started_at and notify_ended_at");
      return;
    }
    if (notifyStart === null || notifyEnd === null) return;
    if (notifyEnd <= notifyStart) fail("notify_ended_at", "must be after notify_started_at");
    else if (notifyEnd - notifyStart > MAX_NOTICE_DAYS * 86_400_000) fail("notify_ended_at", `must be at most ${MAX_NOTICE_DAYS} days after notify_started_at`);
    // A notice announces the maintenance: it starts before the maintenance and is over when it is.
    if (start !== null && notifyStart > start) fail("notify_started_at", "must not be after started_at: the notice announces the maintenance");
    if (end !== null && notifyEnd > end) fail("notify_ended_at", "must not be after ended_at");
  });

const distinct = <T>(items: readonly T[]) => new Set(items).size === items.length;

export const availableRoutesSwitchSchema = z
  .array(
    z.number({ invalid_type_error: "must be a number" }).int("must be a whole number").min(1, "must be at least 1").max(100_000, "must be at most 100000"),
    { required_error: "is required", invalid_type_error: "must be a list of feature route numbers" },
  )
  .max(1000, "has at most 1000 routes")
  .refine(distinct, "lists a route twice");

export const urlsToRedirectTo404SwitchSchema = z
  .array(
    z
      .string({ invalid_type_error: "must be a string" })
      .trim()
      .max(500, "is at most 500 characters")
      .regex(/^\/[^\s?#*]*\*?$/, 'must be a path starting with "/" (a final "*" makes it a prefix), without query, fragment or spaces'),
    { required_error: "is required", invalid_type_error: "must be a list of paths" },
  )
  .max(2000, "has at most 2000 paths")
  .refine(distinct, "lists a path twice");

// A host name of another site, optionally with a port, compared as the site compares it
// (URL.hostname / URL.host): two labels at least, the last a top-level domain starting with a
// letter. A single word ("nan", "localhost") or an IP address is no partner's site (issue 11).
const HOST = /^(?=.{1,253}(?::\d{1,5})?$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?(?::\d{1,5})?$/;

export const redirectAllowedHostsSwitchSchema = z
  .array(
    z
      .string({ invalid_type_error: "must be a string" })
      .trim()
      .toLowerCase()
      .regex(HOST, "must be a host name with a domain, such as partner.example (optionally with :port), without scheme or path"),
    { required_error: "is required", invalid_type_error: "must be a list of host names" },
  )
  .max(500, "has at most 500 hosts")
  .refine(distinct, "lists a host twice");

export const switchSchemas = {
  maintenance: maintenanceSwitchSchema,
  availableRoutes: availableRoutesSwitchSchema,
  urlsToRedirectTo404: urlsToRedirectTo404SwitchSchema,
  redirectAllowedHosts: redirectAllowedHostsSwitchSchema,
} as const satisfies { [K in SiteConfigKey]?: z.ZodType<SiteConfig[K], z.ZodTypeDef, unknown> };

export type SwitchKey = keyof typeof switchSchemas;
export const switchKeys = Object.keys(switchSchemas) as SwitchKey[];

/** Config groups (SPEC §7 "group/get") in a language, each falling back to its "*" value; null when missing. */
export async function loadConfigGroups(db: Db, names: readonly string[], lang: string): Promise<Record<string, unknown>> {
  const rows = await db
    .selectFrom("config_group")
    .select(["group_name", "lang", "value"])
    .where("group_name", "in", [...names])
    .where("lang", "in", [lang, "*"])
    .execute();
  const groups: Record<string, unknown> = {};
  for (const name of names) {
    const exact = rows.find((r) => r.group_name === name && r.lang === lang);
    const fallback = rows.find((r) => r.group_name === name && r.lang === "*");
    groups[name] = (exact ?? fallback)?.value ?? null;
  }
  return groups;
}
