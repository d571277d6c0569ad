import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Breadcrumbs } from "~/components/sports/Breadcrumbs";
import { ResultList } from "~/components/sports/ResultList";
import { ResultsFilter } from "~/components/sports/ResultsFilter";
import { StandingsTable } from "~/components/sports/StandingsTable";
import { pageLoader } from "~/loaders/guards.server";
import { routeSeo } from "~/loaders/seo.server";
import { sportsContext } from "~/loaders/sports.server";
import { getChampionship, getChampionships, getHeadToHead, getStandings } from "~/services/sports.server";
import { seoMeta } from "~/seo";
import { sportsStyles } from "~/styles/stylesheets";
import { notFound } from "~/lib/responses.server";
import { champTitle } from "~/sports/model";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sportsStyles }];

const digits = (v: string | null) => (v && /^\d{1,9}$/.test(v) ? Number(v) : null);

/**
 * statistic and statisticpopup (SPEC §2): a championship's table computed from its results, and
 * the head-to-head of two of its teams. GET forms, so it works without JavaScript; the popup
 * variant is the same content in the empty layout.
 */
export const loader = (args: LoaderFunctionArgs) => {
  const popup = new URL(args.request.url).pathname.includes("/statisticpopup");
  return pageLoader(args, popup ? "statisticpopup" : "statistic", async (ctx) => {
    const q = ctx.site.url.searchParams;
    const sc = await sportsContext(ctx.site.lng, "line");
    const sportId = digits(q.get("sport")) ?? sc.sports.find((s) => s.slug === "football")?.id ?? sc.sports[0]?.id ?? null;
    const champs = await getChampionships(sportId, args.request.signal);
    const champId = digits(q.get("champ")) ?? champs.championships.find((c) => c.isTop)?.id ?? champs.championships[0]?.id ?? null;
    const [standings, champ] = champId ? await Promise.all([getStandings(champId, args.request.signal), getChampionship(champId, args.request.signal)]) : [null, null];
    if (champId && (!standings || !champ)) throw notFound();
    const team1 = digits(q.get("team1"));
    const team2 = digits(q.get("team2"));
    const h2h = team1 && team2 && team1 !== team2 ? await getHeadToHead(team1, team2, args.request.signal) : null;
    return {
      lng: ctx.site.lng,
      popup,
      sports: sc.sports.map((s) => ({ id: s.id, name: s.name })),
      sportId,
      champs: champs.championships.map((c) => ({ id: c.id, name: champTitle(c.name, c.countryName) })),
      champId,
      champName: champ ? champTitle(champ.championship.name, champ.championship.countryName) : "",
      teams: champ?.teams ?? [],
      rows: standings?.rows ?? [],
      scoreUnit: standings?.championship.scoreUnit ?? "goals",
      h2h: h2h ? { ...h2h, games: h2h.games.map(sc.toGame) } : null,
      team1,
      team2,
      timeZone: ctx.site.config.defaultTimeZone,
      seo: await routeSeo(ctx, "statistic.description"),
    };
  });
};

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function Statistic() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const action = `/${d.lng}/${d.popup ? "statisticpopup" : "statistic"}`;
  return (
    <div className="sports-page">
      {d.popup ? null : <Breadcrumbs items={[{ label: t("sports.home"), href: `/${d.lng}` }, { label: t("statistic.title") }]} />}
      <h1 className="page-title">{t("statistic.title")}</h1>
      <ResultsFilter action={action} sports={d.sports} sport={d.sportId} champs={d.champs} champ={d.champId} />
      <section aria-labelledby="standings-title">
        <h2 id="standings-title" className="section-title">
          {t("statistic.standings", { champ: d.champName })}
        </h2>
        {d.rows.length === 0 ? (
          <p className="sports-empty">{t("statistic.noTable")}</p>
        ) : (
          <StandingsTable rows={d.rows} lng={d.lng} unit={d.scoreUnit} />
        )}
      </section>
      <section aria-labelledby="h2h-title">
        <h2 id="h2h-title" className="section-title">
          {t("statistic.h2h")}
        </h2>
        <Form method="get" action={action} className="results-search">
          <input type="hidden" name="sport" value={d.sportId ?? ""} />
          <input type="hidden" name="champ" value={d.champId ?? ""} />
          {(["team1", "team2"] as const).map((name) => (
            <label key={name}>
              <span>{t(`statistic.${name}`)}</span>
              <select name={name} defaultValue={d[name] ?? ""}>
                <option value="">—</option>
                {d.teams.map((team) => (
                  <option key={team.id} value={team.id}>
                    {team.name}
                  </option>
                ))}
              </select>
            </label>
          ))}
          <button type="submit" className="button button--primary">
            {t("statistic.compare")}
          </button>
        </Form>
        {d.h2h ? (
          <>
            <p className="h2h-summary" data-testid="h2h">
              {t("statistic.h2hSummary", { team1: d.h2h.team1.name, team2: d.h2h.team2.name, played: d.h2h.summary.played, wins1: d.h2h.summary.wins1, draws: d.h2h.summary.draws, wins2: d.h2h.summary.wins2 })}
            </p>
            <ResultList games={d.h2h.games} lng={d.lng} timeZone={d.timeZone} />
          </>
        ) : null}
      </section>
    </div>
  );
}
