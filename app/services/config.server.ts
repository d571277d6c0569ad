import { z } from "zod";
import { CONFIG_CACHE_SECONDS, CONFIG_REFRESH_RETRY_MS, CONFIG_RETRY, CONFIG_STALE_SECONDS, GUARD_DEADLINE_MS } from "~/constants";
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

function cacheWindow(): { min: number; max: number } {
  const raw = env.CONFIG_CACHE_SECONDS;
  if (!raw) return CONFIG_CACHE_SECONDS;
  const [min, max] = raw.split("-").map(Number) as [number, number | undefined];
  return { min, max: max ?? min };
}

export interface ConfigCacheOptions {
  /** Cache time in seconds: each copy lives a random time inside it (SPEC §9: 600–900 s). */
  window: () => { min: number; max: number };
  /** How long (seconds) past its cache time a copy is still served while it cannot be refreshed. */
  staleS: number;
  /** Pause before a failed background refresh is tried again. */
  retryMs: number;
  now?: () => number;
  /** Runs `fn` after `ms` in the background; returns how to cancel it. */
  schedule?: (fn: () => void, ms: number) => () => void;
  onRefreshFailed?: (key: string, error: unknown) => void;
}

interface Entry<T> {
  value: T;
  load: () => Promise<T>;
  freshUntil: number;
  usableUntil: number;
  lastRead: number;
  cancel: () => void;
  refreshing: boolean;
  /** Asked to refresh while a refresh was under way (a new config version): once more after it. */
  again: boolean;
}

function backgroundTimer(fn: () => void, ms: number): () => void {
  const timer = setTimeout(fn, ms);
  // A pending refresh must not keep a process (or a test run) alive.
  timer.unref?.();
  return () => clearTimeout(timer);
}

/**
 * The config cache (decision 020). A page never waits for the config when a copy exists:
 * - a copy lives a random time inside the window, so copies of the site do not all refetch at
 *   once; when that time runs out it is refreshed in the background, and the old copy is
 *   served until the new one arrives;
 * - a refresh that fails is tried again every `retryMs`; meanwhile the old copy is served for
 *   at most `staleS` past its cache time, then dropped;
 * - only a key without a usable copy is loaded on the page's path, one load shared by
 *   concurrent pages; failures are not cached;
 * - a copy nobody read for `staleS` is dropped instead of being refreshed for ever.
 */
export function createConfigCache<T>(options: ConfigCacheOptions) {
  const now = options.now ?? (() => Date.now());
  const schedule = options.schedule ?? backgroundTimer;
  const staleMs = options.staleS * 1000;
  const entries = new Map<string, Entry<T>>();
  const cold = new Map<string, Promise<T>>();

  function drop(key: string) {
    entries.get(key)?.cancel();
    entries.delete(key);
  }

  function store(key: string, value: T, load: () => Promise<T>, lastRead: number) {
    entries.get(key)?.cancel();
    const { min, max } = options.window();
    const ttl = (min + Math.random() * (max - min)) * 1000;
    const at = now();
    const entry: Entry<T> = { value, load, freshUntil: at + ttl, usableUntil: at + ttl + staleMs, lastRead, cancel: () => undefined, refreshing: false, again: false };
    entries.set(key, entry);
    entry.cancel = schedule(() => refresh(key), ttl);
  }

  /** `again`: when a refresh is under way, one more after it (its answer may predate a change). */
  function refresh(key: string, again = false) {
    const entry = entries.get(key);
    if (!entry) return;
    if (entry.refreshing) {
      entry.again ||= again;
      return;
    }
    if (now() - entry.lastRead > staleMs) return drop(key);
    entry.refreshing = true;
    entry.cancel();
    entry.load().then(
      (value) => {
        if (entries.get(key) !== entry) return;
        store(key, value, entry.load, entry.lastRead);
        if (entry.again) refresh(key);
      },
      (error: unknown) => {
        if (entries.get(key) !== entry) return;
        entry.refreshing = false;
        entry.again = false;
        options.onRefreshFailed?.(key, error);
        if (now() >= entry.usableUntil) return drop(key);
        entry.cancel = schedule(() => refresh(key), options.retryMs);
      },
    );
  }

  return {
    /** The copy of `key`, or its load; `onStale` hears when the copy is past its cache time. */
    get(key: string, load: () => Promise<T>, onStale?: () => void): Promise<T> {
      const at = now();
      const hit = entries.get(key);
      if (hit && at < hit.usableUntil) {
        hit.lastRead = at;
        if (at >= hit.freshUntil) {
          refresh(key);
          onStale?.();
        }
        return Promise.resolve(hit.value);
      }
      if (hit) drop(key);
      const pending = cold.get(key);
      if (pending) return pending;
      const promise = load()
        .then((value) => {
          store(key, value, load, now());
          return value;
        })
        .finally(() => cold.delete(key));
      cold.set(key, promise);
      return promise;
    },
    /** Refreshes every copy in the background, serving the old ones until then (a new config version). */
    refreshAll() {
      for (const key of [...entries.keys()]) refresh(key, true);
    },
    clear() {
      for (const key of [...entries.keys()]) drop(key);
    },
  };
}

const staleS = env.CONFIG_STALE_SECONDS ?? CONFIG_STALE_SECONDS;
const refreshFailed = (what: string) => (key: string, error: unknown) => log.warn("config.refresh_failed", { what, key, error });

const configCache = createConfigCache<SiteConfig>({ window: cacheWindow, staleS, retryMs: CONFIG_REFRESH_RETRY_MS, onRefreshFailed: refreshFailed("config") });

/** How often a copy of the site asks whether the operators changed anything. */
export const CONFIG_VERSION_CHECK_MS = 2_000;
let knownVersion: string | null = null;
let lastVersionCheck = 0;

/**
 * Operators' changes (ops console) must reach every copy of the site within seconds, while
 * the config itself is cached for 600–900 s: every 2 s at most, one cheap call asks for the
 * config version, and a new version refreshes the caches in the background (the old copies
 * are served until the new ones arrive). It never delays a page: the check runs beside the
 * request, and a failure just waits for the next one.
 */
function checkConfigVersion(): void {
  const now = Date.now();
  if (now - lastVersionCheck < CONFIG_VERSION_CHECK_MS) return;
  lastVersionCheck = now;
  callUpstream({ upstream: "bff", path: "/bff-api/config/version", schema: z.object({ version: z.string() }), timeoutMs: 1_000 })
    .then(({ version }) => {
      if (knownVersion !== null && knownVersion !== version) {
        configCache.refreshAll();
        groupCache.refreshAll();
        log.info("config.version_changed", { from: knownVersion, to: version });
      }
      knownVersion = version;
    })
    .catch(() => {
      // the platform is busy or down: the next request asks again
    });
}

/**
 * GET /bff-api/config/all.json for the visitor's country and language. Served from the cache
 * (decision 020); only without a usable copy does a page wait for it, with the spec's 5 retries
 * 1 s apart, and then gets "no site config". `onStale` hears when the page gets a copy past its
 * cache time.
 */
export async function getSiteConfig(country: string | null, lang: string, onStale?: () => void): Promise<SiteConfig> {
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
  }, onStale);
}

const contentGroupsSchema = z.object({
  lang: z.string(),
  groups: z.object({
    social_links: z.array(socialLinkSchema).nullable().catch(null),
    seo_home: seoTextSchema.nullable().catch(null),
  }),
});
export type ContentGroups = z.infer<typeof contentGroupsSchema>["groups"];

const groupCache = createConfigCache<ContentGroups>({ window: cacheWindow, staleS, retryMs: CONFIG_REFRESH_RETRY_MS, onRefreshFailed: refreshFailed("groups") });

/**
 * GET /bff-api/config/group/get: content shown in the shell, cached as the config is. It
 * decorates the page, so a first load gets the guards' time at most (GUARD_DEADLINE_MS), and a
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
        deadline: Date.now() + GUARD_DEADLINE_MS,
      });
      return answer.groups;
    });
  } catch {
    return { social_links: null, seo_home: null };
  }
}
