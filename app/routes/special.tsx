import "~/chunks/sports";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Breadcrumbs } from "~/components/sports/Breadcrumbs";
import { useDisplay } from "~/components/sports/use-display";
import { GroupedGames } from "~/components/sports/GameList";
import { gamePath } from "~/sports/paths";
import { Outright } from "~/components/sports/Outright";
import { ResultList } from "~/components/sports/ResultList";
import { StandingsTable } from "~/components/sports/StandingsTable";
import { SportsLayout } from "~/components/sports/SportsLayout";
import { pageLoader } from "~/loaders/guards.server";
import { pageSeo } from "~/loaders/seo.server";
import { cachedFeed, cachedGame, sportsContext } from "~/loaders/sports.server";
import { getOutright, getResults, getStandings } from "~/services/sports.server";
import { seoMeta } from "~/seo";
import { groupGames } from "~/sports/filters";
import { champTitle, isLiveStatus } from "~/sports/model";
import { SPECIAL_NAMES, resolveSpecial } from "~/sports/specials";
import { sportsStyles } from "~/styles/stylesheets";
import { notFound } from "~/lib/responses.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sportsStyles }];

/**
 * Championship-special pages (SPEC §2): /{lng}/{special} (fixtures and table),
 * /{lng}/{special}/game/{gameId} (the game, on the sports game page) and /{lng}/{special}/final
 * (the season's last fixtures, or its last result once played). Names: app/sports/specials.ts.
 */
export const loader = (args: LoaderFunctionArgs) => {
  const path = new URL(args.request.url).pathname.replace(/\.data$/, "");
  const routeId = /\/game\/[^/]+$/.test(path) ? "special-game" : /\/final$/.test(path) ? "special-final" : "special";
  return pageLoader(args, routeId, async (ctx) => {
    const special = args.params.special ?? "";
    // Any other first segment is an unknown page: answered before any sports call.
    if (!SPECIAL_NAMES.includes(special)) throw notFound();
    const lng = ctx.site.lng;
    const line = await sportsContext(lng, "line", ctx.user?.hiddenSports);
    const found = resolveSpecial(special, line.sports);
    if (!found) throw notFound();
    const { champ } = found;
    const sport = line.sports.find((s) => s.slug === found.sportSlug)!;
    if (routeId === "special-game") {
      const gameId = /^\d{1,9}$/.test(args.params.gameId ?? "") ? Number(args.params.gameId) : null;
      const answer = gameId ? await cachedGame(gameId) : null;
      if (!answer || answer.type !== "snapshot" || answer.game.champId !== champ.id || !line.visible(answer.game)) throw notFound();
      const game = line.toGame(answer.game);
      throw redirect(gamePath(lng, isLiveStatus(game.status) ? "live" : "line", game), 301);
    }
    const [live, fixtures, standings, lastResult, outright] = await Promise.all([
      cachedFeed({ section: "live", sportId: sport.id, champId: champ.id }),
      cachedFeed({ section: "line", sportId: sport.id, champId: champ.id }),
      getStandings(champ.id, args.request.signal),
      getResults({ champ: champ.id, limit: 1 }, args.request.signal),
      routeId === "special" ? getOutright(champ.id, args.request.signal) : null,
    ]);
    const toGame = line.toGame;
    let games = [...(live?.games ?? []), ...(fixtures?.games ?? [])].filter(line.visible).map(toGame);
    if (routeId === "special-final") {
      const last = Math.max(0, ...games.map((g) => g.startAt));
      const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      games = games.filter((g) => day(g.startAt) === day(last));
    }
    const seo = await pageSeo(ctx.site, { titleKey: ctx.meta.titleKey });
    const t = line.t;
    return {
      lng,
      special,
      view: routeId === "special-final" ? ("final" as const) : ("home" as const),
      champName: champTitle(champ.name, champ.countryName),
      sports: line.menu(sport.id),
      sportId: sport.id,
      champId: champ.id,
      games: games.slice(0, 60),
      outright: outright?.game && line.visible(outright.game) ? toGame(outright.game) : null,
      rows: standings?.rows ?? [],
      scoreUnit: standings?.championship.scoreUnit ?? "goals",
      lastResult: games.length === 0 ? (lastResult.games.map(toGame)[0] ?? null) : null,
      timeZone: ctx.site.config.defaultTimeZone,
      seo: {
        ...seo,
        title: `${t(routeId === "special-final" ? "special.finalTitle" : "special.title", { champ: champTitle(champ.name, champ.countryName) })} — ${ctx.site.config.companyName}`,
        description: t("special.description", { champ: champTitle(champ.name, champ.countryName) }),
      },
    };
  });
};

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function Special() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const bestFirst = useDisplay().bestOnTop === 1;
  const base = `/${d.lng}/${d.special}`;
  const here = d.view === "final" ? `${base}/final` : base;
  return (
    <SportsLayout lng={d.lng} section="line" sports={d.sports} activeSportId={d.sportId} activeChampId={d.champId} here={here}>
      <Breadcrumbs items={[{ label: t("sports.home"), href: `/${d.lng}` }, { label: d.champName, href: base }, ...(d.view === "final" ? [{ label: t("special.final") }] : [])]} />
      <h1 className="sports-head__title">{d.view === "final" ? t("special.finalTitle", { champ: d.champName }) : d.champName}</h1>
      <nav className="list-filters__time" aria-label={d.champName}>
        <Link to={base} className={`chip${d.view === "home" ? " is-active" : ""}`}>
          {t("special.fixtures")}
        </Link>
        <Link to={`${base}/final`} className={`chip${d.view === "final" ? " is-active" : ""}`}>
          {t("special.final")}
        </Link>
      </nav>
      <GroupedGames groups={groupGames(d.games, { byCountry: false, bestFirst })} section="line" ctx={{ lng: d.lng, timeZone: d.timeZone, here, moves: new Map() }} emptyText={t("special.noFixtures")} />
      {d.lastResult ? <ResultList games={[d.lastResult]} lng={d.lng} timeZone={d.timeZone} /> : null}
      {d.view === "home" && d.outright ? <Outright game={d.outright} lng={d.lng} here={here} /> : null}
      {d.view === "home" && d.rows.length > 0 ? (
        <section aria-labelledby="special-table">
          <h2 id="special-table" className="home-block__title">
            {t("statistic.standings", { champ: d.champName })}
          </h2>
          <StandingsTable rows={d.rows} lng={d.lng} unit={d.scoreUnit} compact />
        </section>
      ) : null}
    </SportsLayout>
  );
}
