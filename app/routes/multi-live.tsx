import "~/chunks/sports";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data as withInit, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { GameClock } from "~/components/sports/GameClock";
import { MatchTracker } from "~/components/sports/MatchTracker";
import { OddButton, OutcomesForm } from "~/components/sports/OddButton";
import { gamePath } from "~/sports/paths";
import { Scoreboard } from "~/components/sports/Scoreboard";
import { SportsLayout, SportsUnavailable } from "~/components/sports/SportsLayout";
import { useLiveFeed } from "~/components/sports/use-live-feed";
import { COOKIES, setCookie } from "~/lib/cookies.server";
import { pageAction } from "~/forms/action.server";
import { multiLiveForm } from "~/forms/sports";
import { pageLoader } from "~/loaders/guards.server";
import { requestCookies } from "~/lib/request.server";
import { routeSeo } from "~/loaders/seo.server";
import { NO_STORE, anyStale, cachedFeed, sportsContext, sportsUnavailable } from "~/loaders/sports.server";
import { privatePageHeaders } from "~/lib/private-headers.server";
import { useRootData } from "~/components/root-data";
import { seoMeta } from "~/seo";
import { POLL_LIVE_BUSY_MS } from "~/sports/polling";
import { sportsStyles } from "~/styles/stylesheets";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sportsStyles }];
// The loader's Cache-Control wins: a page from the last good copy is never stored (decision 063).
export const headers = privatePageHeaders;

/** The bettor's multi-live choice, remembered in a cookie (works for guests and without JavaScript). */
const MULTI_COOKIE = COOKIES.multiLive.name;
const MULTI_MAX = 4;

function chosenIds(request: Request): number[] {
  const raw = requestCookies(request)[MULTI_COOKIE] ?? "";
  return [...new Set(raw.split(".").filter((v) => /^\d{1,9}$/.test(v)).map(Number))].slice(0, MULTI_MAX);
}

/** multi (SPEC §2 multi-live): several live games side by side, chosen by the bettor and remembered. */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "multi", async (ctx) => {
    let answers;
    try {
      answers = await Promise.all([sportsContext(ctx.site.lng, "live", ctx.user?.hiddenSports), cachedFeed({ section: "live" }), routeSeo(ctx, "multi.description")]);
    } catch (error) {
      return sportsUnavailable(error, ctx, "live");
    }
    const [sc, feed, seo] = answers;
    const games = (feed?.games ?? []).filter(sc.visible).map(sc.toGame);
    const chosen = chosenIds(args.request);
    const stale = anyStale(feed);
    const page = {
      lng: ctx.site.lng,
      stale,
      sports: sc.menu(),
      games,
      version: feed?.version ?? 0,
      // A chosen game that finished has left the live feed: it drops out of the view.
      chosen: chosen.filter((id) => games.some((g) => g.id === id)),
      timeZone: ctx.site.config.defaultTimeZone,
      seo,
    };
    return withInit(page, stale ? { headers: NO_STORE } : undefined);
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);


export const action = (args: ActionFunctionArgs) =>
  pageAction(
    args,
    "multi",
    multiLiveForm,
    async ({ ctx, value: { intent, gameId }, request }) => {
      const current = chosenIds(request).filter((id) => id !== gameId);
      // The newest choice wins a place; the oldest leaves when the view is full.
      const next = intent === "add" ? [...current, gameId].slice(-MULTI_MAX) : current;
      return redirect(`/${ctx.site.lng}/multi`, {
        headers: { "Set-Cookie": setCookie(COOKIES.multiLive, next.join(".")) },
      });
    },
    { invalid: () => ({ error: "invalid" as const }) },
  );

function ToggleForm({ gameId, intent, label }: { gameId: number; intent: "add" | "remove"; label: string }) {
  return (
    <form method="post" className="multi-toggle">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="gameId" value={gameId} />
      <button type="submit" className={`chip${intent === "remove" ? "" : " chip--add"}`} aria-label={label}>
        {intent === "add" ? "+" : "×"}
      </button>
    </form>
  );
}

export default function MultiLive() {
  const data = useLoaderData<typeof loader>();
  return "unavailable" in data ? <SportsUnavailable {...data} /> : <MultiLiveView d={data} />;
}

function MultiLiveView({ d }: { d: Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { unavailable: true }> }) {
  const root = useRootData();
  const { t } = useTranslation();
  const here = `/${d.lng}/multi`;
  const { games, moves, stale } = useLiveFeed({ games: d.games, version: d.version, feedUrl: `/${d.lng}/sports-feed?section=live`, intervalMs: POLL_LIVE_BUSY_MS, isBot: root?.isBot ?? true, stale: d.stale });
  const chosen = d.chosen.map((id) => games.find((g) => g.id === id)).filter((g) => g !== undefined);
  const others = games.filter((g) => !d.chosen.includes(g.id));
  return (
    <SportsLayout lng={d.lng} section="live" sports={d.sports} here={here} paused={stale}>
      <header className="sports-head">
        <h1 className="sports-head__title">
          <span className="live-dot" aria-hidden="true" />
          {t("multi.title")}
        </h1>
        <span className="sports-head__count">{t("multi.chosen", { n: chosen.length, max: MULTI_MAX })}</span>
      </header>
      {chosen.length === 0 ? <p className="sports-empty">{t("multi.empty")}</p> : null}
      <div className="multi-grid">
        {chosen.map((game) => (
          <article key={game.id} className="multi-panel" id={`game-${game.id}`} aria-label={`${game.home.name} — ${game.away.name}`}>
            <div className="multi-panel__bar">
              <Link to={gamePath(d.lng, "live", game)} className="multi-panel__link">
                {t("sports.allMarkets", { home: game.home.name, away: game.away.name })}
              </Link>
              <ToggleForm gameId={game.id} intent="remove" label={t("multi.remove", { game: `${game.home.name} — ${game.away.name}` })} />
            </div>
            <Scoreboard game={game} timeZone={d.timeZone} lng={d.lng} />
            {game.hasVideo ? <MatchTracker game={game} /> : null}
            <OutcomesForm lng={d.lng} returnTo={here} className="multi-panel__markets" suspended={stale}>
              {game.markets.slice(0, 3).map((market) => (
                <div key={market.id} className="market">
                  <h2 className="market__name">{market.name}</h2>
                  <div className={`market__outcomes market__outcomes--${Math.min(market.outcomes.length, 3)}`}>
                    {market.outcomes.map((o) => (
                      <OddButton key={o.id} game={game} market={market} outcome={o} move={moves.get(o.id)} />
                    ))}
                  </div>
                </div>
              ))}
            </OutcomesForm>
          </article>
        ))}
      </div>
      <section aria-labelledby="multi-pick">
        <h2 id="multi-pick" className="home-block__title">
          {t("multi.pick")}
        </h2>
        <ul className="multi-pick">
          {others.map((game) => (
            <li key={game.id} className="multi-pick__item">
              <GameClock game={game} timeZone={d.timeZone} lng={d.lng} />
              <span className="multi-pick__teams">
                {game.sportName} · {game.home.name} — {game.away.name}
                {game.score ? ` ${game.score.home}:${game.score.away}` : ""}
              </span>
              <ToggleForm gameId={game.id} intent="add" label={t("multi.add", { game: `${game.home.name} — ${game.away.name}` })} />
            </li>
          ))}
        </ul>
      </section>
    </SportsLayout>
  );
}
