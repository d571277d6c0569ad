import { Hono } from "hono";
import { z } from "zod";
import type { Db } from "../db/index.ts";
import { readConfigVersion } from "../domain/config-version.ts";
import { assembleSiteConfig, loadConfigGroups, loadSiteConfigRows } from "../domain/site-config.ts";
import { log } from "../log.ts";
import { apiError, countryOf, parseQuery } from "./http.ts";

const lang = z.string().regex(/^[a-z]{2}$/, "lang must be two lower-case letters");

export function configApi(db: Db) {
  const app = new Hono();

  app.get("/all.json", async (c) => {
    const q = parseQuery(c, z.object({ lang: lang.optional() }));
    if (!q.ok) return q.response;
    const country = countryOf(c);
    const { rows, overrides } = await loadSiteConfigRows(db, country);
    try {
      const config = assembleSiteConfig(rows, overrides);
      return c.json({ ...config, country, lang: q.data.lang ?? config.languages.default });
    } catch (error) {
      log.error("config.invalid", { error });
      return apiError(c, 500, "config_invalid", "The stored site config does not match its schema");
    }
  });

  // Polled by every copy of the site (every ~2 s); when it changes they drop their config and
  // rule caches, so an ops change is live everywhere within seconds.
  app.get("/version", async (c) => {
    c.header("cache-control", "no-store");
    return c.json({ version: await readConfigVersion(db) });
  });

  app.get("/group/get", async (c) => {
    const q = parseQuery(
      c,
      z.object({
        groups: z
          .string()
          .min(1)
          .transform((s) => [...new Set(s.split(",").map((g) => g.trim()).filter(Boolean))])
          .pipe(z.array(z.string().regex(/^[a-z0-9_]{1,64}$/)).min(1).max(20)),
        lang,
      }),
    );
    if (!q.ok) return q.response;
    const groups = await loadConfigGroups(db, q.data.groups, q.data.lang);
    return c.json({ lang: q.data.lang, groups });
  });

  return app;
}
