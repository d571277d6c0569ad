import { useTranslation } from "react-i18next";
import type { GameView } from "~/sports/model";
import { champTitle, isFinishedStatus, isLiveStatus } from "~/sports/model";
import { GameClock } from "./GameClock";
import { TeamBadge } from "./TeamBadge";
import { useDisplay } from "./use-display";

/** The game page's head: teams, score, clock, and the score of each period. */
export function Scoreboard({ game, timeZone, lng, wide }: { game: GameView; timeZone: number; lng: string; wide?: boolean }) {
  const { t } = useTranslation();
  const live = isLiveStatus(game.status);
  const done = isFinishedStatus(game.status);
  const display = useDisplay();
  const logo = display.teamLogos === 1;
  const badgeSize = wide ? 36 : 24;
  return (
    <section className={`scoreboard${live ? " scoreboard--live" : ""}${wide ? " scoreboard--wide" : ""}`} aria-label={t("sports.scoreboard")}>
      <p className="scoreboard__champ">
        {game.sportName} · {champTitle(game.champName, game.countryName)}
        {display.showGameId === 1 ? (
          <span className="scoreboard__id" data-testid="game-id">
            {t("sports.gameId", { id: game.id })}
          </span>
        ) : null}
      </p>
      <div className="scoreboard__main">
        {/* Each badge sits on the score's side of its name. */}
        <span className="scoreboard__team scoreboard__team--home">
          <span className="scoreboard__name">{game.home.name}</span>
          {logo ? <TeamBadge name={game.home.name} size={badgeSize} /> : null}
        </span>
        <span className="scoreboard__score" data-testid="score" aria-live="polite">
          {game.score ? `${game.score.home} : ${game.score.away}` : "– : –"}
        </span>
        <span className="scoreboard__team scoreboard__team--away">
          {logo ? <TeamBadge name={game.away.name} size={badgeSize} /> : null}
          <span className="scoreboard__name">{game.away.name}</span>
        </span>
      </div>
      <p className="scoreboard__clock">
        {live ? <span className="live-badge">{t("sports.liveBadge")}</span> : null}
        <GameClock game={game} timeZone={timeZone} lng={lng} />
        {done ? <span className="scoreboard__result">{t("sports.result")}</span> : null}
      </p>
      {game.periodScores.length > 0 ? (
        <table className="scoreboard__periods">
          <caption className="visually-hidden">{t("sports.periodScores")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("sports.team")}</th>
              {game.periodScores.map((_, i) => (
                <th key={i} scope="col">
                  {i + 1}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{game.home.name}</th>
              {game.periodScores.map((p, i) => (
                <td key={i}>{p.home}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">{game.away.name}</th>
              {game.periodScores.map((p, i) => (
                <td key={i}>{p.away}</td>
              ))}
            </tr>
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
