import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Breadcrumbs } from "~/components/sports/Breadcrumbs";
import { ResultList } from "~/components/sports/ResultList";
import { StandingsTable } from "~/components/sports/StandingsTable";
import { pageLoader } from "~/loaders/guards.server";
import { routeSeo } from "~/loaders/seo.server";
import { sportsContext } from "~/loaders/sports.server";
import { getChampionship, getChampionships, getResults, getStandings } from "~/services/sports.server";
import { seoMeta } from "~/seo";
import { champTitle } from "~/sports/model";
import { sportsStyles } from "~/styles/stylesheets";
import { notFound } from "~/lib/responses.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sportsStyles }];

const PAGE = 50;

/**
 * champs/{champId?} (SPEC §2, champ results): without an id every championship of the catalogue
 * by sport, each a link to its results; with an id that championship's finished games, newest
 * first, a page of 50 at a time (plain links: works without JavaScript).
 */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "champs", async (ctx) => {
    const lng = ctx.site.lng;
    const champId = args.params.champId === undefined ? null : Number(args.params.champId);
    const page = Math.max(1, Math.min(100, Number(ctx.site.url.searchParams.get("page")) || 1));
    const [sc, seo] = await Promise.all([sportsContext(lng, "line"), routeSeo(ctx, "champs.description")]);
    const company = ctx.site.config.companyName;
    if (champId === null) {
      const list = await getChampionships(null, args.request.signal);
      const bySport = new Map<number, { sportId: number; sportName: string; champs: Array<{ id: number; name: string }> }>();
      for (const c of list.championships) {
        let group = bySport.get(c.sportId);
        if (!group) {
          const sport = sc.sports.find((s) => s.id === c.sportId);
          group = { sportId: c.sportId, sportName: sport?.name ?? sc.t(`sports.sportSlug.${c.sportSlug}`, { defaultValue: c.sportSlug }), champs: [] };
          bySport.set(c.sportId, group);
        }
        group.champs.push({ id: c.id, name: champTitle(c.name, c.countryName) });
      }
      return { lng, champ: null, groups: [...bySport.values()], games: [], rows: [], total: 0, page, timeZone: ctx.site.config.defaultTimeZone, seo };
    }
    const found = await getChampionship(champId, args.request.signal);
    if (!found) throw notFound();
    const [results, standings] = await Promise.all([getResults({ champ: champId, limit: PAGE, offset: (page - 1) * PAGE }, args.request.signal), getStandings(champId, args.request.signal)]);
    const name = champTitle(found.championship.name, found.championship.countryName);
    return {
      lng,
      champ: { id: champId, name, sportId: found.championship.sportId, sportName: sc.sports.find((s) => s.id === found.championship.sportId)?.name ?? "" },
      groups: [],
      games: results.games.map(sc.toGame),
      rows: standings?.rows ?? [],
      scoreUnit: standings?.championship.scoreUnit ?? "goals",
      total: results.total,
      page,
      timeZone: ctx.site.config.defaultTimeZone,
      seo: { ...seo, title: `${sc.t("champs.champTitle", { champ: name })} — ${sc.t("meta.titleSuffix", { company })}`, description: sc.t("champs.champDescription", { champ: name }) },
    };
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function Champs() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const base = `/${d.lng}/champs`;
  if (!d.champ) {
    return (
      <div className="sports-page">
        <Breadcrumbs items={[{ label: t("sports.home"), href: `/${d.lng}` }, { label: t("champs.title") }]} />
        <h1 className="page-title">{t("champs.title")}</h1>
        <div className="champs-index">
          {d.groups.map((g) => (
            <section key={g.sportId} className="champs-index__sport" aria-labelledby={`champs-sport-${g.sportId}`}>
              <h2 id={`champs-sport-${g.sportId}`} className="home-block__title">
                {g.sportName}
              </h2>
              <ul className="champs-index__list">
                {g.champs.map((c) => (
                  <li key={c.id}>
                    <Link to={`${base}/${c.id}`}>{c.name}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
    );
  }
  const pageLink = (page: number) => `${base}/${d.champ!.id}?page=${page}`;
  return (
    <div className="sports-page">
      <Breadcrumbs items={[{ label: t("sports.home"), href: `/${d.lng}` }, { label: t("champs.title"), href: base }, { label: d.champ.name }]} />
      <h1 className="page-title">{t("champs.champTitle", { champ: d.champ.name })}</h1>
      <p className="muted">
        {d.champ.sportName} · {t("results.found", { n: d.total })} ·{" "}
        <Link to={`/${d.lng}/statistic?sport=${d.champ.sportId}&champ=${d.champ.id}`}>{t("statistic.title")}</Link>
      </p>
      <ResultList games={d.games} lng={d.lng} timeZone={d.timeZone} />
      <nav className="pager-links" aria-label={t("results.pages")}>
        {d.page > 1 ? <Link to={pageLink(d.page - 1)}>← {t("results.previous")}</Link> : null}
        {d.page * PAGE < d.total ? <Link to={pageLink(d.page + 1)}>{t("results.next")} →</Link> : null}
      </nav>
      {d.rows.length > 0 ? (
        <section aria-labelledby="champ-table" className="champ-results__table">
          <h2 id="champ-table" className="home-block__title">
            {t("statistic.standings", { champ: d.champ.name })}
          </h2>
          <StandingsTable rows={d.rows} lng={d.lng} unit={d.scoreUnit} />
        </section>
      ) : null}
    </div>
  );
}
