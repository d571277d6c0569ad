import "~/chunks/sports";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { RaceCard } from "~/components/sports/RaceCard";
import { SportsLayout } from "~/components/sports/SportsLayout";
import { useLiveFeed } from "~/components/sports/use-live-feed";
import { pageLoader } from "~/loaders/guards.server";
import { routeSeo } from "~/loaders/seo.server";
import { cachedFeed, sportsContext } from "~/loaders/sports.server";
import { useRootData } from "~/components/root-data";
import { seoMeta } from "~/seo";
import { getResults } from "~/services/sports.server";
import { MARBLE_SPORT_ID, NEXT_RACES, RECENT_RESULTS, nextRaces } from "~/sports/marble";
import { POLL_LINE_MS, POLL_LIVE_FEATURED_MS } from "~/sports/polling";
import { sportsStyles } from "~/styles/stylesheets";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sportsStyles }];

/**
 * /{lng}/marble (SPEC §2 "marble", decision 040): marble racing, a simulated sport of its own.
 * The race on the track now (its field moving, 2 s polls), the next races with their winner and
 * top-3 odds, and the latest results. Complete HTML for bots; every coefficient a form button.
 */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "marble", async (ctx) => {
    const [sc, live, line, results, seo] = await Promise.all([
      sportsContext(ctx.site.lng, "line", ctx.user?.hiddenSports),
      cachedFeed({ section: "live", sportId: MARBLE_SPORT_ID }),
      cachedFeed({ section: "line", sportId: MARBLE_SPORT_ID }),
      getResults({ sport: MARBLE_SPORT_ID, limit: RECENT_RESULTS }, args.request.signal),
      routeSeo(ctx, "marble.description"),
    ]);
    return {
      lng: ctx.site.lng,
      sports: sc.menu(),
      live: { games: (live?.games ?? []).filter(sc.visible).map(sc.toGame), version: live?.version ?? 0 },
      // More than the page shows: the list's polls bring only changed races, so when the first one
      // goes off the next is already here.
      line: { games: nextRaces((line?.games ?? []).filter(sc.visible).map(sc.toGame), NEXT_RACES * 2), version: line?.version ?? 0 },
      results: results.games.filter(sc.visible).map(sc.toGame),
      timeZone: ctx.site.config.defaultTimeZone,
      seo,
    };
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function Marble() {
  const d = useLoaderData<typeof loader>();
  const root = useRootData();
  const { t } = useTranslation();
  const isBot = root?.isBot ?? true;
  const here = `/${d.lng}/marble`;
  const feed = `/${d.lng}/sports-feed?sport=${MARBLE_SPORT_ID}&section=`;
  const live = useLiveFeed({ games: d.live.games, version: d.live.version, feedUrl: `${feed}live`, intervalMs: POLL_LIVE_FEATURED_MS, isBot });
  const line = useLiveFeed({ games: d.line.games, version: d.line.version, feedUrl: `${feed}line`, intervalMs: POLL_LINE_MS, isBot });
  // A race that leaves the track has finished: the results (and the next races) are read anew.
  const revalidator = useRevalidator();
  const liveIds = useRef(new Set(d.live.games.map((g) => g.id)));
  useEffect(() => {
    const now = new Set(live.games.map((g) => g.id));
    const gone = [...liveIds.current].some((id) => !now.has(id));
    liveIds.current = now;
    if (gone && revalidator.state === "idle") revalidator.revalidate();
  }, [live.games, revalidator]);
  const upcoming = nextRaces(line.games, NEXT_RACES);
  const ctx = { lng: d.lng, here, timeZone: d.timeZone };
  return (
    <SportsLayout lng={d.lng} section="line" sports={d.sports} here={here}>
      <div className="marble-head">
        <h1 className="sports-head__title">{t("marble.title")}</h1>
        <p className="marble-head__intro">{t("marble.intro")}</p>
      </div>
      <section className="marble-block" aria-labelledby="marble-live">
        <h2 className="home-block__title" id="marble-live">
          <span className="live-dot" aria-hidden="true" />
          {t("marble.live")}
        </h2>
        {live.games.length ? live.games.map((race) => <RaceCard key={race.id} race={race} {...ctx} moves={live.moves} />) : <p className="sports-empty">{t("marble.noLive")}</p>}
      </section>
      <section className="marble-block" aria-labelledby="marble-next">
        <h2 className="home-block__title" id="marble-next">
          {t("marble.next")}
        </h2>
        {upcoming.length ? (
          <div className="marble-grid">
            {upcoming.map((race) => (
              <RaceCard key={race.id} race={race} {...ctx} moves={line.moves} />
            ))}
          </div>
        ) : (
          <p className="sports-empty">{t("marble.noRaces")}</p>
        )}
      </section>
      <section className="marble-block" aria-labelledby="marble-results">
        <h2 className="home-block__title" id="marble-results">
          {t("marble.results")}
        </h2>
        {d.results.length ? (
          <div className="marble-grid">
            {d.results.map((race) => (
              <RaceCard key={race.id} race={race} {...ctx} moves={new Map()} />
            ))}
          </div>
        ) : (
          <p className="sports-empty">{t("marble.noResults")}</p>
        )}
      </section>
    </SportsLayout>
  );
}
