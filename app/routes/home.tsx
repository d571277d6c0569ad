import "~/chunks/sports";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data as withInit } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ForgotPasswordModal as ServerForgotPasswordModal } from "~/components/auth/forgot-password-modal.server";
import { inPlaceOnServer } from "~/components/in-place-on-server";
import { localPath } from "~/lib/paths";
import { ListLink } from "~/components/ListLink";
import { useDisplay } from "~/components/sports/use-display";
import { GroupedGames } from "~/components/sports/GameList";
import { Snowfall } from "~/components/sports/Snowfall";
import { SportsLayout } from "~/components/sports/SportsLayout";
import { useLiveFeed } from "~/components/sports/use-live-feed";
import { pageLoader } from "~/loaders/guards.server";
import { pageSeo } from "~/loaders/seo.server";
import { NO_SPORTS, NO_STORE, anyStale, cachedTop, preparedGameList, sportsContext } from "~/loaders/sports.server";
import { prepareJson, usePreparedJson } from "~/lib/prepared-json";
import { privatePageHeaders } from "~/lib/private-headers.server";
import { log } from "~/services/log.server";
import { useRootData } from "~/components/root-data";
import { seoMeta } from "~/seo";
import { groupGames } from "~/sports/filters";
import type { GameList } from "~/sports/model";
import { POLL_LIVE_BUSY_MS, POLL_TOP_LINE_MS } from "~/sports/polling";
import { sportsStyles } from "~/styles/stylesheets";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sportsStyles }];
// The loader's Cache-Control wins: a home page from the last good copy is never stored (decision 063).
export const headers = privatePageHeaders;

const TOP_GAMES = 10;
const noGames = prepareJson<GameList>({ games: [], version: 0 });

// Only a visit with ?showForgotPasswordModal=1 shows it, so other visits do not load it.
const forgotPassword = inPlaceOnServer(ServerForgotPasswordModal, () =>
  import("~/components/auth/ForgotPasswordModal").then((module) => module.ForgotPasswordModal),
);

/** The home page: top live and top line games with their main markets, the sports menu and the coupon. */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "home", async ({ site, user }) => {
    // The home page stays up when the sports feed does not answer: it shows the last good copy of
    // the top games suspended, or says in place that sports are unavailable (503; decision 063).
    const sportsPart = Promise.all([sportsContext(site.lng, "line", user?.hiddenSports), cachedTop("live", TOP_GAMES), cachedTop("line", TOP_GAMES)]).catch((error: unknown) => {
      log.error("home.sports_unavailable", { error });
      return null;
    });
    const [sports, seo] = await Promise.all([sportsPart, pageSeo(site, { titleKey: "meta.homeTitle", descriptionKey: "meta.homeDescription" })]);
    const [sc, live, line] = sports ?? [null, null, null];
    const stale = anyStale(live, line);
    const month = new Date().getUTCMonth();
    const page = {
      lng: site.lng,
      stale,
      // SPEC §2: ?showForgotPasswordModal=1 opens the forgot-password modal, for guests only.
      forgotPassword: !user && site.url.searchParams.get("showForgotPasswordModal") === "1",
      sportsUnavailable: sports === null,
      sports: sc?.menu() ?? NO_SPORTS,
      live: live && sc ? preparedGameList(live, sc) : noGames,
      line: line && sc ? preparedGameList(line, sc) : noGames,
      timeZone: site.config.defaultTimeZone,
      // SPEC §1: winter snowfall on the home page, when the config switches it on.
      snow: site.config.features.snowfall && (month === 11 || month <= 1),
      seo,
    };
    return withInit(page, sports === null ? { status: 503, headers: { ...NO_STORE, "Retry-After": "30" } } : stale ? { headers: NO_STORE } : undefined);
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function Home() {
  const data = useLoaderData<typeof loader>();
  const { lng } = data;
  const root = useRootData();
  const { t } = useTranslation();
  const bestFirst = useDisplay().bestOnTop === 1;
  const isBot = root?.isBot ?? true;
  const polls = !data.sportsUnavailable;
  const liveList = usePreparedJson(data.live);
  const lineList = usePreparedJson(data.line);
  const live = useLiveFeed({ games: liveList.games, version: liveList.version, feedUrl: polls ? `/${lng}/sports-feed?top=live` : null, intervalMs: POLL_LIVE_BUSY_MS, isBot, stale: data.stale });
  const line = useLiveFeed({ games: lineList.games, version: lineList.version, feedUrl: polls ? `/${lng}/sports-feed?top=line` : null, intervalMs: POLL_TOP_LINE_MS, isBot, stale: data.stale });
  const stale = live.stale || line.stale;
  const ctx = { lng, timeZone: data.timeZone, here: `/${lng}` };
  return (
    <>
      {data.snow ? <Snowfall /> : null}
      {data.forgotPassword ? <forgotPassword.Part lng={lng} closeHref={localPath(lng, "/")} /> : null}
      <SportsLayout lng={lng} section="line" sports={data.sports} here={`/${lng}`} paused={stale}>
        <h1 className="visually-hidden">{t("meta.homeTitle")}</h1>
        {data.sportsUnavailable ? (
          <p className="notice notice--warning" role="status" data-testid="sports-unavailable">
            {t("sports.unavailable")}
          </p>
        ) : null}
        <section className="home-block" aria-labelledby="top-live">
          <header className="home-block__head">
            <h2 id="top-live" className="home-block__title">
              <span className="live-dot" aria-hidden="true" />
              {t("sports.topLive")}
            </h2>
            <ListLink to={localPath(lng, "/live")} className="home-block__all">
              {t("sports.allLive")}
            </ListLink>
          </header>
          <GroupedGames groups={groupGames(live.games, { byCountry: false, bestFirst })} section="live" ctx={{ ...ctx, moves: live.moves }} emptyText={t("sports.noLiveGames")} level={3} keep={data.live} suspended={stale} />
        </section>
        <section className="home-block" aria-labelledby="top-line">
          <header className="home-block__head">
            <h2 id="top-line" className="home-block__title">
              {t("sports.topLine")}
            </h2>
            <ListLink to={localPath(lng, "/line")} className="home-block__all">
              {t("sports.allLine")}
            </ListLink>
          </header>
          <GroupedGames groups={groupGames(line.games, { byCountry: false, bestFirst })} section="line" ctx={{ ...ctx, moves: line.moves }} emptyText={t("sports.noGames")} level={3} keep={data.line} suspended={stale} />
        </section>
      </SportsLayout>
    </>
  );
}
