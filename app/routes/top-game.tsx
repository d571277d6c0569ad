import "~/chunks/sports";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useDisplay } from "~/components/sports/use-display";
import { GroupedGames } from "~/components/sports/GameList";
import { SportsLayout } from "~/components/sports/SportsLayout";
import { useLiveFeed } from "~/components/sports/use-live-feed";
import { pageLoader } from "~/loaders/guards.server";
import { routeSeo } from "~/loaders/seo.server";
import { cachedTop, sportsContext } from "~/loaders/sports.server";
import { useRootData } from "~/components/root-data";
import { seoMeta } from "~/seo";
import { groupGames } from "~/sports/filters";
import { POLL_LIVE_BUSY_MS, POLL_TOP_LINE_MS } from "~/sports/polling";
import { sportsStyles } from "~/styles/stylesheets";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sportsStyles }];

const LIMIT = 10;

/** top-game (docs/PRODUCT.md): the day's top games, live and line, with their main markets. */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "top-game", async (ctx) => {
    const [sc, live, line, seo] = await Promise.all([sportsContext(ctx.site.lng, "line", ctx.user?.hiddenSports), cachedTop("live", LIMIT), cachedTop("line", LIMIT), routeSeo(ctx, "topGame.description")]);
    return {
      lng: ctx.site.lng,
      sports: sc.menu(),
      live: { games: live.games.filter(sc.visible).map(sc.toGame), version: live.version },
      line: { games: line.games.filter(sc.visible).map(sc.toGame), version: line.version },
      timeZone: ctx.site.config.defaultTimeZone,
      seo,
    };
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function TopGame() {
  const d = useLoaderData<typeof loader>();
  const root = useRootData();
  const { t } = useTranslation();
  const bestFirst = useDisplay().bestOnTop === 1;
  const isBot = root?.isBot ?? true;
  const live = useLiveFeed({ games: d.live.games, version: d.live.version, feedUrl: `/${d.lng}/sports-feed?top=live`, intervalMs: POLL_LIVE_BUSY_MS, isBot });
  const line = useLiveFeed({ games: d.line.games, version: d.line.version, feedUrl: `/${d.lng}/sports-feed?top=line`, intervalMs: POLL_TOP_LINE_MS, isBot });
  const here = `/${d.lng}/top-game`;
  return (
    <SportsLayout lng={d.lng} section="line" sports={d.sports} here={here}>
      <h1 className="sports-head__title">{t("topGame.title")}</h1>
      <h2 className="home-block__title">
        <span className="live-dot" aria-hidden="true" />
        {t("sports.topLive")}
      </h2>
      <GroupedGames groups={groupGames(live.games, { byCountry: false, bestFirst })} section="live" ctx={{ lng: d.lng, timeZone: d.timeZone, here, moves: live.moves }} emptyText={t("sports.noLiveGames")} level={3} />
      <h2 className="home-block__title">{t("sports.topLine")}</h2>
      <GroupedGames groups={groupGames(line.games, { byCountry: false, bestFirst })} section="line" ctx={{ lng: d.lng, timeZone: d.timeZone, here, moves: line.moves }} emptyText={t("sports.noGames")} level={3} />
    </SportsLayout>
  );
}
