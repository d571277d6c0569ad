import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { dateFormat } from "~/lib/format";
import { type GameView, champTitle } from "~/sports/model";
import { gamePath } from "~/sports/paths";

const RESULT_DAY: Intl.DateTimeFormatOptions = { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" };

function day(ms: number, lng: string, timeZone: number): string {
  return dateFormat(lng, RESULT_DAY).format(new Date(ms + timeZone * 3_600_000));
}

/** Finished games: date, championship, teams, final score and the score of each period. */
export function ResultList({ games, lng, timeZone }: { games: GameView[]; lng: string; timeZone: number }) {
  const { t } = useTranslation();
  if (games.length === 0) return <p className="sports-empty">{t("results.none")}</p>;
  return (
    <table className="results-table">
      <caption className="visually-hidden">{t("results.title")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("results.date")}</th>
          <th scope="col">{t("results.champ")}</th>
          <th scope="col">{t("results.game")}</th>
          <th scope="col">{t("results.score")}</th>
        </tr>
      </thead>
      <tbody>
        {games.map((g) => (
          <tr key={g.id} data-game={g.id}>
            <td>{day(g.startAt, lng, timeZone)}</td>
            <td>
              {g.sportName} · {champTitle(g.champName, g.countryName)}
            </td>
            <td>
              <Link to={gamePath(lng, "live", g)}>
                {g.home.name} — {g.away.name}
              </Link>
            </td>
            <td className="results-table__score">
              <b>{g.score ? `${g.score.home}:${g.score.away}` : t("results.cancelled")}</b>
              {g.periodScores.length > 1 ? <span className="results-table__periods"> ({g.periodScores.map((p) => `${p.home}:${p.away}`).join(", ")})</span> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
