import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Breadcrumbs } from "~/components/sports/Breadcrumbs";
import { ResultList } from "~/components/sports/ResultList";
import { ResultsFilter } from "~/components/sports/ResultsFilter";
import { pageLoader } from "~/loaders/guards.server";
import { routeSeo } from "~/loaders/seo.server";
import { sportsContext } from "~/loaders/sports.server";
import { getResultDates, getResults } from "~/services/sports.server";
import { seoMeta } from "~/seo";
import { sportsStyles } from "~/styles/stylesheets";
import { notFound } from "~/lib/responses.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sportsStyles }];

const PAGE = 50;

/**
 * results/{type?} (SPEC §2: live or zone): finished games with their scores, searchable by day,
 * sport, championship and a team or championship name; `live` keeps the real sports' games, `zone`
 * the cyber zone's. A plain GET form: works without JavaScript.
 */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "results", async (ctx) => {
    const type = args.params.type;
    if (type !== undefined && type !== "live" && type !== "zone") throw notFound();
    const q = ctx.site.url.searchParams;
    const date = /^\d{4}-\d{2}-\d{2}$/.test(q.get("date") ?? "") ? q.get("date") : null;
    const sport = /^\d{1,9}$/.test(q.get("sport") ?? "") ? Number(q.get("sport")) : null;
    const text = (q.get("q") ?? "").trim().slice(0, 64);
    const page = Math.max(1, Math.min(100, Number(q.get("page")) || 1));
    const kind = type === "live" ? ("real" as const) : type === "zone" ? ("cyber" as const) : null;
    const [sc, results, dates, seo] = await Promise.all([
      sportsContext(ctx.site.lng, "line"),
      getResults({ date, sport, kind, q: text.length >= 2 ? text : null, limit: PAGE, offset: (page - 1) * PAGE }, args.request.signal),
      getResultDates({ sport, kind }, args.request.signal),
      routeSeo(ctx, "results.description"),
    ]);
    return {
      lng: ctx.site.lng,
      type: type ?? null,
      sports: sc.sports.map((s) => ({ id: s.id, name: s.name })),
      games: results.games.map(sc.toGame),
      total: results.total,
      dates: dates.dates.slice(0, 30),
      filters: { date, sport, q: text, page },
      timeZone: ctx.site.config.defaultTimeZone,
      seo,
    };
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function Results() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const base = `/${data.lng}/results${data.type ? `/${data.type}` : ""}`;
  const pageLink = (page: number) => {
    const p = new URLSearchParams();
    if (data.filters.date) p.set("date", data.filters.date);
    if (data.filters.sport) p.set("sport", String(data.filters.sport));
    if (data.filters.q) p.set("q", data.filters.q);
    p.set("page", String(page));
    return `${base}?${p}`;
  };
  return (
    <div className="sports-page">
      <Breadcrumbs items={[{ label: t("sports.home"), href: `/${data.lng}` }, { label: t("results.title") }]} />
      <h1 className="page-title">{t("results.title")}</h1>
      <nav className="list-filters__time" aria-label={t("results.type")}>
        <Link to={`/${data.lng}/results`} className={`chip${data.type === null ? " is-active" : ""}`}>
          {t("results.all")}
        </Link>
        <Link to={`/${data.lng}/results/live`} className={`chip${data.type === "live" ? " is-active" : ""}`}>
          {t("results.live")}
        </Link>
        <Link to={`/${data.lng}/results/zone`} className={`chip${data.type === "zone" ? " is-active" : ""}`}>
          {t("results.zone")}
        </Link>
      </nav>
      <ResultsFilter
        action={base}
        date={{ value: data.filters.date, dates: data.dates.map((d) => d.date) }}
        sports={data.sports}
        sport={data.filters.sport}
        allSports
        q={data.filters.q}
      />
      <p className="muted">{t("results.found", { n: data.total })}</p>
      <ResultList games={data.games} lng={data.lng} timeZone={data.timeZone} />
      <nav className="pager-links" aria-label={t("results.pages")}>
        {data.filters.page > 1 ? <Link to={pageLink(data.filters.page - 1)}>← {t("results.previous")}</Link> : null}
        {data.filters.page * PAGE < data.total ? <Link to={pageLink(data.filters.page + 1)}>{t("results.next")} →</Link> : null}
      </nav>
    </div>
  );
}
