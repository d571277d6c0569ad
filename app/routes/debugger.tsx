import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { appEnv } from "~/env.server";
import { pageLoader } from "~/loaders/guards.server";
import { requestCookies } from "~/lib/request.server";
import { routeSeo } from "~/loaders/seo.server";
import { blockCheck } from "~/services/blocks.server";
import { redirectLight } from "~/services/redirects.server";
import { seoMeta } from "~/seo";
import { notFound } from "~/lib/responses.server";

/**
 * A developer's view of what the guards see for this visitor and for any URL (`?url=`).
 * It exists everywhere but production.
 */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "debugger", async (ctx) => {
    const { request } = args;
  if (appEnv === "production") throw notFound();
  const probe = ctx.site.url.searchParams.get("url") || `/${ctx.site.lng}`;
  const path = probe.startsWith("/") ? probe : `/${probe}`;
  const [redirect, block] = await Promise.allSettled([
    redirectLight(path),
    blockCheck({ isAuth: ctx.user !== null, url: path, country: ctx.site.country, userAgent: request.headers.get("user-agent") }),
  ]);
  const { config } = ctx.site;
  return {
    probe: path,
    visitor: {
      language: ctx.site.lng,
      languages: ctx.site.languages,
      country: ctx.site.country,
      acceptLanguage: request.headers.get("accept-language"),
      userAgent: request.headers.get("user-agent"),
      cookies: Object.keys(requestCookies(request)),
      userId: ctx.user?.id ?? null,
      banLevel: ctx.user?.ban_level ?? null,
    },
    config: {
      maintenance: config.maintenance,
      availableRoutes: config.availableRoutes,
      urlsToRedirectTo404: config.urlsToRedirectTo404,
      ageRestriction: config.ageRestriction,
      features: config.features,
    },
    redirect: redirect.status === "fulfilled" ? redirect.value : { error: String(redirect.reason) },
    block: block.status === "fulfilled" ? block.value : { error: String(block.reason) },
    seo: await routeSeo(ctx),
  };
});

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function Debugger() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="debugger">
      <h1 className="page-title">{t("debugger.title")}</h1>
      <form method="get" className="form form--inline">
        <label className="field">
          <span className="field__label">{t("debugger.url")}</span>
          <input name="url" defaultValue={data.probe} />
        </label>
        <button type="submit" className="button button--primary">
          {t("debugger.check")}
        </button>
      </form>
      {(["redirect", "block", "visitor", "config"] as const).map((key) => (
        <section key={key} className="card">
          <h2 className="card__title">{t(`debugger.${key}`)}</h2>
          <pre className="debugger__json">{JSON.stringify(data[key], null, 2)}</pre>
        </section>
      ))}
    </div>
  );
}
