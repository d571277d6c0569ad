import { useTranslation } from "react-i18next";
import type { GameView } from "~/sports/model";
import { OddButton, OutcomesForm } from "./OddButton";

/**
 * A championship's outright (decision 041): who wins it, every team with its coefficient,
 * favourites first; each a coupon button (a form button without JavaScript).
 */
export function Outright({ game, lng, here }: { game: GameView; lng: string; here: string }) {
  const { t } = useTranslation();
  const market = game.markets[0];
  if (!market) return null;
  const outcomes = [...market.outcomes].sort((a, b) => a.coef - b.coef || a.name.localeCompare(b.name, lng));
  return (
    <section className="outright" aria-labelledby="outright-title" id={`game-${game.id}`} data-game={game.id}>
      <h2 id="outright-title" className="home-block__title">
        {t("special.outright", { champ: game.home.name, season: game.away.name })}
      </h2>
      <OutcomesForm lng={lng} returnTo={here} className="outright__form">
        <ul className="outright__list" aria-label={market.name}>
          {outcomes.map((outcome) => (
            <li key={outcome.id} className="outright__item">
              <OddButton game={game} market={market} outcome={outcome} />
            </li>
          ))}
        </ul>
      </OutcomesForm>
    </section>
  );
}
