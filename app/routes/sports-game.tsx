import "~/chunks/sports";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data as withInit, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Breadcrumbs } from "~/components/sports/Breadcrumbs";
import { MarketGroups } from "~/components/sports/MarketGroups";
import { MatchTracker } from "~/components/sports/MatchTracker";
import { champPath, gamePath, sectionPath, sportPath } from "~/sports/paths";
import { Scoreboard } from "~/components/sports/Scoreboard";
import { SportsLayout, SportsUnavailable } from "~/components/sports/SportsLayout";
import { useLiveFeed } from "~/components/sports/use-live-feed";
import { pageLoader } from "~/loaders/guards.server";
import { pageSeo } from "~/loaders/seo.server";
import { NO_STORE, anyStale, cachedGame, sportsContext, sportsUnavailable } from "~/loaders/sports.server";
import { privatePageHeaders } from "~/lib/private-headers.server";
import { useRootData } from "~/components/root-data";
import { seoMeta } from "~/seo";
import { type Section, champTitle, isFinishedStatus, isLiveStatus, isOutright } from "~/sports/model";
import { pollIntervalMs } from "~/sports/polling";
import { parseIdSlug } from "~/sports/slug";
import { sportsStyles } from "~/styles/stylesheets";
import { notFound } from "~/lib/responses.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sportsStyles }];
// The loader's Cache-Control wins: a page from the last good copy is never stored (decision 063).
export const headers = privatePageHeaders;

/**
 * /{lng}/{live|line}/{sport}/{champ}/{game}: one game with every market, grouped; live games
 * follow the feed and show the match tracker; a finished game shows its result.
 */
export const loader = (args: LoaderFunctionArgs) => {
  const urlSection: Section = /\/live\//.test(new URL(args.request.url).pathname) ? "live" : "line";
  return pageLoader(args, `${urlSection}-game`, async (ctx) => {
    const { params } = args;
    const lng = ctx.site.lng;
    const ids = [params.sport, params.champ, params.game].map(parseIdSlug);
    if (ids.some((id) => id === null)) throw notFound();
    const gameId = ids[2]!;
    let answer, sc;
    try {
      answer = await cachedGame(gameId);
      if (!answer || answer.type !== "snapshot") throw notFound();
      sc = await sportsContext(lng, sectionOf(answer.game.status, urlSection), ctx.user?.hiddenSports);
    } catch (error) {
      return sportsUnavailable(error, ctx, urlSection);
    }
    const status = answer.game.status;
    const section = sectionOf(status, urlSection);
    // A sport hidden from this bettor (SPEC §3 disallow_*_sport) has no game pages for them.
    if (!sc.visible(answer.game)) throw notFound();
    const game = sc.toGame(answer.game);
    const canonical = gamePath(lng, section, game);
    if (canonical !== ctx.site.url.pathname) {
      // A race's address is an anchor on the marble page: the query goes before the fragment.
      const [path, hash] = canonical.split("#");
      throw redirect(`${path}${ctx.site.url.search}${hash ? `#${hash}` : ""}`, 301);
    }

    const t = sc.t;
    const sport = { id: game.sportId, slug: game.sportSlug };
    const vars = { home: game.home.name, away: game.away.name, champ: champTitle(game.champName, game.countryName), sport: game.sportName };
    const outright = isOutright(game) ? t("special.outright", { champ: game.home.name, season: game.away.name }) : null;
    const seo = await pageSeo(ctx.site, { titleKey: ctx.meta.titleKey });
    const finished = isFinishedStatus(status);
    const stale = anyStale(answer);
    const page = {
      lng,
      section,
      stale,
      game,
      version: answer.version,
      sports: sc.menu(game.sportId),
      timeZone: ctx.site.config.defaultTimeZone,
      path: canonical,
      outright,
      crumbs: [
        { label: t("sports.home"), href: `/${lng}` },
        { label: t(`sports.section.${section}`), href: sectionPath(lng, section) },
        { label: game.sportName, href: sportPath(lng, section, sport) },
        { label: champTitle(game.champName, game.countryName), href: champPath(lng, section, sport, { id: game.champId, slug: game.champSlug }) },
        { label: outright ?? `${game.home.name} — ${game.away.name}`, href: canonical },
      ],
      feedUrl: finished ? null : `/${lng}/sports-feed?game=${game.id}`,
      intervalMs: pollIntervalMs(section === "live" ? { kind: "live", sportSlug: game.sportSlug, champId: game.champId } : { kind: "line" }),
      seo: {
        ...seo,
        title: `${outright ?? t(finished ? "sports.seo.resultTitle" : "sports.seo.gameTitle", vars)} — ${ctx.site.config.companyName}`,
        description: t("sports.seo.gameDescription", vars),
      },
    };
    return withInit(page, stale ? { headers: NO_STORE } : undefined);
  });
};

/** A live game lives under /live, a line game under /line; a finished one stays where it was found. */
function sectionOf(status: number, urlSection: Section): Section {
  return isLiveStatus(status) ? "live" : isFinishedStatus(status) ? urlSection : "line";
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function SportsGame() {
  const data = useLoaderData<typeof loader>();
  return "unavailable" in data ? <SportsUnavailable {...data} /> : <GamePage data={data} />;
}

function GamePage({ data }: { data: Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { unavailable: true }> }) {
  const root = useRootData();
  const { t } = useTranslation();
  const initial = useMemo(() => [data.game], [data.game]);
  const { games, moves, stale } = useLiveFeed({ games: initial, version: data.version, feedUrl: data.feedUrl, intervalMs: data.intervalMs, isBot: root?.isBot ?? true, stale: data.stale });
  const game = games.find((g) => g.id === data.game.id) ?? data.game;
  const finished = isFinishedStatus(game.status);
  return (
    <SportsLayout lng={data.lng} section={data.section} sports={data.sports} activeSportId={game.sportId} here={data.path} paused={stale}>
      <Breadcrumbs items={data.crumbs} />
      {data.outright ? (
        <h1 className="sports-head__title">{data.outright}</h1>
      ) : (
        <h1 className="visually-hidden">
          {game.home.name} — {game.away.name}
        </h1>
      )}
      <div className="game-page" id={`game-${game.id}`}>
        {data.outright ? null : <Scoreboard game={game} timeZone={data.timeZone} lng={data.lng} wide />}
        {game.hasVideo && isLiveStatus(game.status) ? <MatchTracker game={game} /> : null}
        {finished ? (
          <p className="notice notice--info" role="status">
            {t(game.status === 5 ? "sports.gameCancelled" : "sports.gameFinished")}
          </p>
        ) : (
          <MarketGroups game={game} lng={data.lng} here={data.path} moves={moves} suspended={stale} />
        )}
      </div>
    </SportsLayout>
  );
}
