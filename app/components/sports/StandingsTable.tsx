import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ApiStandings } from "~/services/sports.server";

/** A championship's table: position, team (a link to its page), played, goals, points. */
export function StandingsTable({ rows, lng }: { rows: ApiStandings["rows"]; lng: string }) {
  const { t } = useTranslation();
  return (
    <table className="results-table standings">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{t("sports.team")}</th>
          <th scope="col">{t("statistic.playedShort")}</th>
          <th scope="col">{t("statistic.goals")}</th>
          <th scope="col">{t("statistic.points")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.team.id}>
            <td>{r.position}</td>
            <th scope="row">
              <Link to={`/${lng}/team/${r.team.id}`}>{r.team.name}</Link>
            </th>
            <td>{r.played}</td>
            <td>
              {r.goalsFor}:{r.goalsAgainst}
            </td>
            <td>
              <b>{r.points}</b>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
