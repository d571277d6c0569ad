import { useTranslation } from "react-i18next";
import type { GameView } from "~/sports/model";
import { isFinishedStatus, isLiveStatus } from "~/sports/model";
import { GameClock } from "./GameClock";

/** The game page's head: teams, score, clock, and the score of each period. */
export function Scoreboard({ game, timeZone, lng, wide }: { game: GameView; timeZone: number; lng: string; wide?: boolean }) {
  const { t } = useTranslation();
  const live = isLiveStatus(game.status);
  const done = isFinishedStatus(game.status);
  return (
    <section className={`scoreboard${live ? " scoreboard--live" : ""}${wide ? " scoreboard--wide" : ""}`} aria-label={t("sports.scoreboard")}>
      <p className="scoreboard__champ">
        {game.sportName} · {game.countryName ? `${game.countryName} · ` : ""}
        {game.champName}
      </p>
      <div className="scoreboard__main">
        <span className="scoreboard__team scoreboard__team--home">{game.home.name}</span>
        <span className="scoreboard__score" data-testid="score" aria-live="polite">
          {game.score ? `${game.score.home} : ${game.score.away}` : "– : –"}
        </span>
        <span className="scoreboard__team scoreboard__team--away">{game.away.name}</span>
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
