import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ApiStandings } from "~/services/sports.server";

type StandingsRow = ApiStandings["rows"][number];

/**
 * A championship's table (SPEC §2 statistic). The statistic page shows every column; `compact`
 * (the special-championship page) keeps position, team, played, goals and points. The goals column is named for the sport
 * (runs in cricket, sets in volleyball).
 */
export function StandingsTable({ rows, lng, unit, compact = false }: { rows: readonly StandingsRow[]; lng: string; unit: ApiStandings["championship"]["scoreUnit"]; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <table className="results-table standings">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{t("sports.team")}</th>
          <th scope="col" title={compact ? undefined : t("statistic.played")}>
            {t("statistic.playedShort")}
          </th>
          {compact ? null : (
            <>
              <th scope="col" title={t("statistic.won")}>{t("statistic.wonShort")}</th>
              <th scope="col" title={t("statistic.drawn")}>{t("statistic.drawnShort")}</th>
              <th scope="col" title={t("statistic.lost")}>{t("statistic.lostShort")}</th>
            </>
          )}
          <th scope="col">{t(`statistic.scoreUnit.${unit}`)}</th>
          <th scope="col">{t("statistic.points")}</th>
          {compact ? null : <th scope="col">{t("statistic.form")}</th>}
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
            {compact ? null : (
              <>
                <td>{r.won}</td>
                <td>{r.drawn}</td>
                <td>{r.lost}</td>
              </>
            )}
            <td>
              {r.goalsFor}:{r.goalsAgainst}
            </td>
            <td>
              <b>{r.points}</b>
            </td>
            {compact ? null : (
              <td className="form-letters">
                <FormLetters form={r.form} />
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A team's last results as letters (win, draw, loss), newest last; the statistic table and the team page. */
export function FormLetters({ form }: { form: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <>
      {form.map((f, i) => (
        <span key={i} className={`form-letter form-letter--${f}`}>
          {t(`statistic.formLetter.${f}`)}
        </span>
      ))}
    </>
  );
}
