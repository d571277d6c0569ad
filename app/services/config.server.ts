import { z } from "zod";
import { CONFIG_CACHE_SECONDS, CONFIG_RETRY } from "~/constants";
import { env } from "~/env.server";
import { callUpstream } from "./http.server";
import { log } from "./log.server";
import { type SiteConfig, siteConfigSchema, seoTextSchema, socialLinkSchema } from "./site-config";

/** SPEC §8: "Config load fails after retries → throws no site config". */
export class NoSiteConfigError extends Error {
  constructor(cause: unknown) {
    super("no site config", { cause });
    this.name = "NoSiteConfigError";
  }
}

interface Entry<T> {
  value: T;
  expiresAt: number;
}

function cacheWindow(): { min: number; max: number } {
  const raw = env.CONFIG_CACHE_SECONDS;
  if (!raw) return CONFIG_CACHE_SECONDS;
  const [min, max] = raw.split("-").map(Number) as [number, number | undefined];
  return { min, max: max ?? min };
}

/**
 * A cache whose entries live a random time inside the window, so copies of the site do not
 * all refetch at once; concurrent misses share one upstream call; failures are not cached.
 */
export function createTtlCache<T>(window: () => { min: number; max: number }, now = () => Date.now()) {
  const entries = new Map<string, Entry<T>>();
  const inFlight = new Map<string, Promise<T>>();
  return {
    async get(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) return hit.value;
      const pending = inFlight.get(key);
      if (pending) return pending;
      const promise = load()
        .then((value) => {
          const { min, max } = window();
          const ttl = (min + Math.random() * (max - min)) * 1000;
          entries.set(key, { value, expiresAt: now() + ttl });
          return value;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return promise;
    },
    clear() {
      entries.clear();
    },
  };
}

const configCache = createTtlCache<SiteConfig>(cacheWindow);

/** How often a copy of the site asks whether the operators changed anything. */
export const CONFIG_VERSION_CHECK_MS = 2_000;
let knownVersion: string | null = null;
let lastVersionCheck = 0;

/**
 * Operators' changes (ops console) must reach every copy of the site within seconds, while
 * the config itself is cached for 600–900 s: every 2 s at most, one cheap call asks for the
 * config version, and a new version empties the caches. It never delays a page: the check
 * runs beside the request, and a failure just waits for the next one.
 */
function checkConfigVersion(): void {
  const now = Date.now();
  if (now - lastVersionCheck < CONFIG_VERSION_CHECK_MS) return;
  lastVersionCheck = now;
  callUpstream({ upstream: "bff", path: "/bff-api/config/version", schema: z.object({ version: z.string() }), timeoutMs: 1_000 })
    .then(({ version }) => {
      if (knownVersion !== null && knownVersion !== version) {
        configCache.clear();
        groupCache.clear();
        log.info("config.version_changed", { from: knownVersion, to: version });
      }
      knownVersion = version;
    })
    .catch(() => {
      // the platform is busy or down: the next request asks again
    });
}

/** GET /bff-api/config/all.json for the visitor's country and language (5 retries, 1 s). */
export async function getSiteConfig(country: string | null, lang: string): Promise<SiteConfig> {
  checkConfigVersion();
  return configCache.get(`${country ?? "-"}|${lang}`, async () => {
    try {
      return await callUpstream({
        upstream: "bff",
        path: "/bff-api/config/all.json",
        query: { lang },
        headers: { "x-country-code": country ?? undefined },
        schema: siteConfigSchema,
        retry: CONFIG_RETRY,
      });
    } catch (error) {
      log.error("config.unavailable", { error, country, lang });
      throw new NoSiteConfigError(error);
    }
  });
}

const contentGroupsSchema = z.object({
  lang: z.string(),
  groups: z.object({
    social_links: z.array(socialLinkSchema).nullable().catch(null),
    seo_home: seoTextSchema.nullable().catch(null),
  }),
});
export type ContentGroups = z.infer<typeof contentGroupsSchema>["groups"];

const groupCache = createTtlCache<ContentGroups>(cacheWindow);

/**
 * GET /bff-api/config/group/get: content shown in the shell. It decorates the page, so a
 * failure leaves those blocks empty instead of failing the page.
 */
export async function getContentGroups(lang: string): Promise<ContentGroups> {
  try {
    return await groupCache.get(lang, async () => {
      const answer = await callUpstream({
        upstream: "bff",
        path: "/bff-api/config/group/get",
        query: { groups: "social_links,seo_home", lang },
        schema: contentGroupsSchema,
        retry: { times: 1, delayMs: 200 },
      });
      return answer.groups;
    });
  } catch {
    return { social_links: null, seo_home: null };
  }
}
