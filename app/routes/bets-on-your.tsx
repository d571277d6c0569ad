import "~/chunks/sports";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GameClock } from "~/components/sports/GameClock";
import { OddButton, OutcomesForm } from "~/components/sports/OddButton";
import { gamePath } from "~/sports/paths";
import { SportsLayout } from "~/components/sports/SportsLayout";
import { pageLoader } from "~/loaders/guards.server";
import { routeSeo } from "~/loaders/seo.server";
import { sportsContext } from "~/loaders/sports.server";
import { getPopular } from "~/services/sports.server";
import { seoMeta } from "~/seo";
import { champTitle, sectionOfGame } from "~/sports/model";
import { sportsStyles } from "~/styles/stylesheets";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sportsStyles }];

/** Coupons of the last day count: "right now" on a bookmaker's scale. */
const HOURS = 24;
const LIMIT = 20;

/**
 * bets-on-your (docs/PRODUCT.md §13): the selections other bettors back most right now, counted
 * by the platform from its bets table (GET /sports-api/popular), each one a coefficient that adds
 * it to the coupon, with or without JavaScript.
 */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "bets-on-your", async (ctx) => {
    const [sc, popular, seo] = await Promise.all([sportsContext(ctx.site.lng, "line", ctx.user?.hiddenSports), getPopular(HOURS, LIMIT, args.request.signal), routeSeo(ctx, "betsOnYour.description")]);
    return {
      lng: ctx.site.lng,
      sports: sc.menu(),
      rows: popular.selections.filter((s) => sc.visible(s.game)).map((s) => ({ outcomeId: String(s.outcomeId), bettors: s.bettors, game: sc.toGame(s.game) })),
      timeZone: ctx.site.config.defaultTimeZone,
      seo,
    };
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function BetsOnYour() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const here = `/${d.lng}/bets-on-your`;
  return (
    <SportsLayout lng={d.lng} section="line" sports={d.sports} here={here}>
      <h1 className="sports-head__title">{t("betsOnYour.title")}</h1>
      <p className="muted">{t("betsOnYour.lead", { hours: HOURS })}</p>
      {d.rows.length === 0 ? (
        <p className="sports-empty">{t("betsOnYour.none")}</p>
      ) : (
        <ol className="popular-list">
          {d.rows.map(({ outcomeId, bettors, game }) => {
            const market = game.markets[0];
            const outcome = market?.outcomes.find((o) => o.id === outcomeId);
            if (!market || !outcome) return null;
            return (
              <li key={outcomeId} className="popular-row" id={`game-${game.id}`}>
                <OutcomesForm lng={d.lng} returnTo={here} className="popular-row__form">
                  <div className="popular-row__clock">
                    <GameClock game={game} timeZone={d.timeZone} lng={d.lng} />
                  </div>
                  <div className="popular-row__what">
                    <Link to={gamePath(d.lng, sectionOfGame(game), game)} className="popular-row__teams">
                      {game.home.name} — {game.away.name}
                    </Link>
                    <span className="popular-row__champ">
                      {game.sportName} · {champTitle(game.champName, game.countryName)}
                    </span>
                    <span className="popular-row__market">{market.name}</span>
                  </div>
                  <span className="popular-row__count">{t("betsOnYour.bettors", { count: bettors })}</span>
                  <div className="popular-row__odd">
                    <OddButton game={game} market={market} outcome={outcome} />
                  </div>
                </OutcomesForm>
              </li>
            );
          })}
        </ol>
      )}
    </SportsLayout>
  );
}
