import "~/chunks/sports";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data as withInit } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useDisplay } from "~/components/sports/use-display";
import { GroupedGames } from "~/components/sports/GameList";
import { SportsLayout, SportsUnavailable } from "~/components/sports/SportsLayout";
import { useLiveFeed } from "~/components/sports/use-live-feed";
import { pageLoader } from "~/loaders/guards.server";
import { routeSeo } from "~/loaders/seo.server";
import { NO_STORE, anyStale, cachedTop, sportsContext, sportsUnavailable } from "~/loaders/sports.server";
import { privatePageHeaders } from "~/lib/private-headers.server";
import { useRootData } from "~/components/root-data";
import { seoMeta } from "~/seo";
import { groupGames } from "~/sports/filters";
import { POLL_LIVE_BUSY_MS, POLL_TOP_LINE_MS } from "~/sports/polling";
import { sportsStyles } from "~/styles/stylesheets";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sportsStyles }];
// The loader's Cache-Control wins: a page from the last good copy is never stored (decision 063).
export const headers = privatePageHeaders;

const LIMIT = 10;

/** top-game (docs/PRODUCT.md): the day's top games, live and line, with their main markets. */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "top-game", async (ctx) => {
    let answers;
    try {
      answers = await Promise.all([sportsContext(ctx.site.lng, "line", ctx.user?.hiddenSports), cachedTop("live", LIMIT), cachedTop("line", LIMIT), routeSeo(ctx, "topGame.description")]);
    } catch (error) {
      return sportsUnavailable(error, ctx, "line");
    }
    const [sc, live, line, seo] = answers;
    const stale = anyStale(live, line);
    const page = {
      lng: ctx.site.lng,
      stale,
      sports: sc.menu(),
      live: { games: live.games.filter(sc.visible).map(sc.toGame), version: live.version },
      line: { games: line.games.filter(sc.visible).map(sc.toGame), version: line.version },
      timeZone: ctx.site.config.defaultTimeZone,
      seo,
    };
    return withInit(page, stale ? { headers: NO_STORE } : undefined);
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function TopGame() {
  const data = useLoaderData<typeof loader>();
  return "unavailable" in data ? <SportsUnavailable {...data} /> : <TopGameView d={data} />;
}

function TopGameView({ d }: { d: Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { unavailable: true }> }) {
  const root = useRootData();
  const { t } = useTranslation();
  const bestFirst = useDisplay().bestOnTop === 1;
  const isBot = root?.isBot ?? true;
  const live = useLiveFeed({ games: d.live.games, version: d.live.version, feedUrl: `/${d.lng}/sports-feed?top=live`, intervalMs: POLL_LIVE_BUSY_MS, isBot, stale: d.stale });
  const line = useLiveFeed({ games: d.line.games, version: d.line.version, feedUrl: `/${d.lng}/sports-feed?top=line`, intervalMs: POLL_TOP_LINE_MS, isBot, stale: d.stale });
  const stale = live.stale || line.stale;
  const here = `/${d.lng}/top-game`;
  return (
    <SportsLayout lng={d.lng} section="line" sports={d.sports} here={here} paused={stale}>
      <h1 className="sports-head__title">{t("topGame.title")}</h1>
      <h2 className="home-block__title">
        <span className="live-dot" aria-hidden="true" />
        {t("sports.topLive")}
      </h2>
      <GroupedGames groups={groupGames(live.games, { byCountry: false, bestFirst })} section="live" ctx={{ lng: d.lng, timeZone: d.timeZone, here, moves: live.moves }} emptyText={t("sports.noLiveGames")} level={3} suspended={stale} />
      <h2 className="home-block__title">{t("sports.topLine")}</h2>
      <GroupedGames groups={groupGames(line.games, { byCountry: false, bestFirst })} section="line" ctx={{ lng: d.lng, timeZone: d.timeZone, here, moves: line.moves }} emptyText={t("sports.noGames")} level={3} suspended={stale} />
    </SportsLayout>
  );
}
