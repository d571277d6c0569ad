import { useTranslation } from "react-i18next";
import type { CoefMove } from "~/sports/indication";
import type { GameView, MarketView } from "~/sports/model";
import { OddButton, OutcomesForm } from "./OddButton";

/** Every market of a game, grouped by market group, each market a block of coefficients. */
export function MarketGroups({ game, lng, here, moves, suspended }: { game: GameView; lng: string; here: string; moves: ReadonlyMap<string, CoefMove>; suspended?: boolean }) {
  const { t } = useTranslation();
  const groups = new Map<string, MarketView[]>();
  for (const market of game.markets) {
    const list = groups.get(market.group) ?? [];
    list.push(market);
    groups.set(market.group, list);
  }
  if (game.markets.length === 0) return <p className="sports-empty">{t("sports.noMarkets")}</p>;
  return (
    <OutcomesForm lng={lng} returnTo={here} className="market-groups" suspended={suspended}>
      {[...groups].map(([group, markets]) => (
        <section key={group} className="market-group" aria-labelledby={`group-${group}`}>
          <h2 id={`group-${group}`} className="market-group__title">
            {t(`sports.marketGroup.${group}`, { defaultValue: group })}
          </h2>
          {markets.map((market) => (
            <div key={market.id} className={`market${market.isBlocked ? " market--blocked" : ""}`} data-market={market.id} data-version={market.version}>
              <h3 className="market__name">
                {market.name}
                {market.isBlocked ? <span className="market__locked">{t("sports.marketLocked")}</span> : null}
              </h3>
              <div className={`market__outcomes market__outcomes--${Math.min(market.outcomes.length, 3)}`}>
                {market.outcomes.map((outcome) => (
                  <OddButton key={outcome.id} game={game} market={market} outcome={outcome} move={moves.get(outcome.id)} />
                ))}
              </div>
            </div>
          ))}
        </section>
      ))}
    </OutcomesForm>
  );
}
