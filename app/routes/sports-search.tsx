import "~/chunks/sports";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Breadcrumbs } from "~/components/sports/Breadcrumbs";
import { champPath } from "~/sports/paths";
import { SportsLayout } from "~/components/sports/SportsLayout";
import { pageLoader } from "~/loaders/guards.server";
import { routeSeo } from "~/loaders/seo.server";
import { sportsContext } from "~/loaders/sports.server";
import { searchSports } from "~/services/sports.server";
import { seoMeta } from "~/seo";
import { champTitle } from "~/sports/model";
import { sportsStyles } from "~/styles/stylesheets";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sportsStyles }];

const LIMIT = 30;

/**
 * search (issue 13): teams and championships whose name contains the text, from the platform's
 * GET /sports-api/search. The form in the sports menu is a plain GET to this page, so it works
 * without JavaScript; a text under two characters shows the form and a hint, not an error.
 */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "sports-search", async (ctx) => {
    // Control characters are never part of a name: dropped before the text goes anywhere.
    const q = (ctx.site.url.searchParams.get("q") ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 64);
    const [sc, seo] = await Promise.all([sportsContext(ctx.site.lng, "line"), routeSeo(ctx, "search.description")]);
    const found = q.length >= 2 ? await searchSports(q, LIMIT, args.request.signal) : null;
    const sportOf = (id: number) => sc.sports.find((s) => s.id === id);
    const sportName = (id: number, slug: string) => sportOf(id)?.name ?? sc.t(`sports.sportSlug.${slug}`, { defaultValue: slug });
    return {
      lng: ctx.site.lng,
      q,
      sports: sc.menu(),
      teams: (found?.teams ?? []).map((t) => ({ id: t.id, name: t.name, sportName: sportName(t.sportId, t.sportSlug), countryName: t.countryName })),
      champs: (found?.championships ?? []).map((c) => ({
        id: c.id,
        slug: c.slug,
        name: champTitle(c.name, c.countryName),
        sport: { id: c.sportId, slug: c.sportSlug },
        sportName: sportName(c.sportId, c.sportSlug),
        // A championship with games on the line links there; every one has its results page.
        onLine: (sportOf(c.sportId)?.champs ?? []).some((x) => x.id === c.id && x.count > 0),
      })),
      searched: found !== null,
      seo,
    };
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function SportsSearch() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const here = `/${d.lng}/search${d.q ? `?q=${encodeURIComponent(d.q)}` : ""}`;
  return (
    <SportsLayout lng={d.lng} section="line" sports={d.sports} here={here}>
      <Breadcrumbs items={[{ label: t("sports.home"), href: `/${d.lng}` }, { label: t("search.title") }]} />
      <h1 className="sports-head__title">{d.q ? t("search.resultsTitle", { q: d.q }) : t("search.title")}</h1>
      <Form method="get" action={`/${d.lng}/search`} className="results-search" role="search">
        <label>
          <span>{t("search.label")}</span>
          <input type="search" name="q" defaultValue={d.q} minLength={2} maxLength={64} required />
        </label>
        <button type="submit" className="button button--primary">
          {t("search.submit")}
        </button>
      </Form>
      {!d.searched ? (
        <p className="muted">{t("search.tooShort")}</p>
      ) : d.teams.length === 0 && d.champs.length === 0 ? (
        <p className="sports-empty">{t("search.none", { q: d.q })}</p>
      ) : (
        <div className="search-results">
          {d.champs.length > 0 ? (
            <section aria-labelledby="search-champs">
              <h2 id="search-champs" className="home-block__title">
                {t("search.champs")}
              </h2>
              <ul className="search-results__list">
                {d.champs.map((c) => (
                  <li key={c.id}>
                    {c.onLine ? <Link to={champPath(d.lng, "line", c.sport, { id: c.id, slug: c.slug })}>{c.name}</Link> : <span>{c.name}</span>}
                    <span className="muted"> · {c.sportName} · </span>
                    <Link to={`/${d.lng}/champs/${c.id}`}>{t("search.results")}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {d.teams.length > 0 ? (
            <section aria-labelledby="search-teams">
              <h2 id="search-teams" className="home-block__title">
                {t("search.teams")}
              </h2>
              <ul className="search-results__list">
                {d.teams.map((team) => (
                  <li key={team.id}>
                    <Link to={`/${d.lng}/team/${team.id}`}>{team.name}</Link>
                    <span className="muted">
                      {" "}
                      · {team.sportName}
                      {team.countryName ? ` · ${team.countryName}` : ""}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </SportsLayout>
  );
}
