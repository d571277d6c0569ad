import { publicOrigin } from "~/lib/request-limits.server";
import { getT } from "~/i18n/dictionaries.server";
import type { PageSeo } from "~/seo";
import type { SiteContext } from "./site.server";

/**
 * Search-engine data of a page: translated title and description, robots, canonical URL and
 * an alternate link per language the visitor may see (plus x-default).
 */
export async function pageSeo(
  site: SiteContext,
  page: { titleKey: string; descriptionKey?: string; robots?: string },
): Promise<PageSeo> {
  const t = getT(site.lng);
  const origin = publicOrigin(site.url);
  const path = site.path === "/" ? "" : site.path;
  const company = site.config.companyName;
  return {
    title: `${t(page.titleKey)} — ${t("meta.titleSuffix", { company })}`,
    description: page.descriptionKey ? t(page.descriptionKey) : undefined,
    robots: page.robots ?? "index, follow",
    canonical: `${origin}/${site.lng}${path}`,
    alternates: [
      ...site.languages.map((code) => ({ hrefLang: code, href: `${origin}/${code}${path}` })),
      { hrefLang: "x-default", href: `${origin}/${site.config.languages.default}${path}` },
    ],
  };
}

/** The search-engine data of a guarded page, from its route meta (title key, robots). */
export function routeSeo(ctx: { site: SiteContext; meta: { titleKey: string; robots?: string } }, descriptionKey?: string) {
  return pageSeo(ctx.site, { titleKey: ctx.meta.titleKey, descriptionKey, robots: ctx.meta.robots });
}
