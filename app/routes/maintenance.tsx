import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatDateTime } from "~/lib/format";
import { StatusPage } from "~/components/StatusPage";
import { getT } from "~/i18n/dictionaries.server";
import { maintenancePageLanguage } from "~/loaders/guard-rules";
import { pageLoader } from "~/loaders/guards.server";
import { routeSeo } from "~/loaders/seo.server";
import { seoMeta } from "~/seo";

/**
 * The maintenance page (SPEC §8): Russian for the az, kk, uk and ru languages, English for the
 * others, with the window when the config gives it. It calls nothing but the config.
 */
export const loader = async (args: LoaderFunctionArgs) => {
  const page = await pageLoader(args, "maintenance", async (ctx) => {
    const lng = maintenancePageLanguage(ctx.site.lng);
    const t = getT(lng);
    const { started_at, ended_at } = ctx.site.config.maintenance;
    const tz = ctx.site.config.defaultTimeZone;
    return {
      lng,
      title: t("maintenance.title"),
      text:
        started_at && ended_at
          ? t("maintenance.text", { start: formatDateTime(started_at, lng, tz), end: formatDateTime(ended_at, lng, tz) })
          : t("maintenance.textNoWindow"),
      apology: t("maintenance.apology"),
      refresh: t("maintenance.refresh"),
      seo: await routeSeo(ctx),
      home: `/${ctx.site.lng}`,
    };
  });
  // Never cached: people come back here to see whether it is over.
  return data(page, { status: 503, headers: { "Retry-After": "300", "Cache-Control": "no-store" } });
};

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function Maintenance() {
  const page = useLoaderData<typeof loader>();
  return (
    <div lang={page.lng}>
      <StatusPage
        icon="tools"
        tone="warning"
        title={page.title}
        actions={
          <a className="button button--primary" href={page.home}>
            {page.refresh}
          </a>
        }
      >
        <p>{page.text}</p>
        <p>{page.apology}</p>
      </StatusPage>
    </div>
  );
}
