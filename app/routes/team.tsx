import "~/chunks/sports";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Breadcrumbs } from "~/components/sports/Breadcrumbs";
import { FormLetters } from "~/components/sports/StandingsTable";
import { OneClickBet } from "~/components/coupon/OneClickBet";
import { useDisplay } from "~/components/sports/use-display";
import { GroupedGames } from "~/components/sports/GameList";
import { ResultList } from "~/components/sports/ResultList";
import { pageLoader } from "~/loaders/guards.server";
import { pageSeo } from "~/loaders/seo.server";
import { sportsContext } from "~/loaders/sports.server";
import { getTeam } from "~/services/sports.server";
import { seoMeta } from "~/seo";
import { groupGames } from "~/sports/filters";
import { sportsStyles } from "~/styles/stylesheets";
import { notFound } from "~/lib/responses.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sportsStyles }];

/** team/{teamId} (docs/PRODUCT.md): a team's coming fixtures with odds, its results and its form. */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "team", async (ctx) => {
    const teamId = Number(args.params.teamId);
    const [team, sc] = await Promise.all([getTeam(teamId, args.request.signal), sportsContext(ctx.site.lng, "line")]);
    if (!team) throw notFound();
    const seo = await pageSeo(ctx.site, { titleKey: ctx.meta.titleKey });
    return {
      lng: ctx.site.lng,
      team: team.team,
      fixtures: team.fixtures.map(sc.toGame),
      results: team.results.map(sc.toGame),
      form: team.form,
      timeZone: ctx.site.config.defaultTimeZone,
      seo: { ...seo, title: `${sc.t("team.seoTitle", { team: team.team.name })} — ${ctx.site.config.companyName}`, description: sc.t("team.seoDescription", { team: team.team.name }) },
    };
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function Team() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const bestFirst = useDisplay().bestOnTop === 1;
  const here = `/${d.lng}/team/${d.team.id}`;
  return (
    <div className="sports-page">
      <Breadcrumbs items={[{ label: t("sports.home"), href: `/${d.lng}` }, { label: d.team.name }]} />
      <h1 className="page-title">{d.team.name}</h1>
      <p className="muted">{d.team.countryName}</p>
      <section aria-labelledby="form-title">
        <h2 id="form-title" className="section-title">
          {t("statistic.form")}
        </h2>
        <p className="form-letters">
          <FormLetters form={d.form} />
        </p>
      </section>
      <section aria-labelledby="fixtures-title">
        <h2 id="fixtures-title" className="section-title">
          {t("team.fixtures")}
        </h2>
        <GroupedGames groups={groupGames(d.fixtures, { byCountry: false, bestFirst })} section="line" ctx={{ lng: d.lng, timeZone: d.timeZone, here, moves: new Map() }} emptyText={t("sports.noGames")} level={3} />
        {/* This page has no coupon column; a one-click bet from its fixtures still shows its answer. */}
        <OneClickBet lng={d.lng} />
      </section>
      <section aria-labelledby="results-title">
        <h2 id="results-title" className="section-title">
          {t("team.results")}
        </h2>
        <ResultList games={d.results} lng={d.lng} timeZone={d.timeZone} />
      </section>
    </div>
  );
}
