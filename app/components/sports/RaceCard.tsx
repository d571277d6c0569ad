import { useTranslation } from "react-i18next";
import { RACE_MARKET, raceClock, marbleColor, standingOrder, trackPercent } from "~/sports/marble";
import type { CoefMove } from "~/sports/indication";
import { type GameView, isFinishedStatus, isLiveStatus } from "~/sports/model";
import { GameClock } from "./GameClock";
import { OddButton, OutcomesForm } from "./OddButton";

/**
 * One marble race (decision 040): its track and number, when it is off (or its clock), and the
 * field: each marble with its lane, its run along the track while live, its place at the line,
 * and the winner and top-3 coefficients (coupon buttons; form buttons without JavaScript).
 */
export function RaceCard({ race, lng, here, timeZone, moves }: { race: GameView; lng: string; here: string; timeZone: number; moves: ReadonlyMap<string, CoefMove> }) {
  const { t } = useTranslation();
  const live = isLiveStatus(race.status);
  const finished = isFinishedStatus(race.status);
  // Rows keep their lanes while the race runs (a bettor aiming at an odd must not see its row
  // move under the pointer); the position is the badge. A finished race reads by place.
  const field = race.runners ?? [];
  const standing = standingOrder(field);
  const runners = finished ? standing : field;
  const position = new Map(standing.map((r, i) => [r.lane, i + 1]));
  const winner = race.markets.find((m) => m.typeId === RACE_MARKET.winner);
  const top3 = race.markets.find((m) => m.typeId === RACE_MARKET.top3);
  const titleId = `race-${race.id}-title`;
  return (
    <article className={`race-card${live ? " race-card--live" : ""}`} id={`game-${race.id}`} data-race={race.id} aria-labelledby={titleId}>
      <header className="race-card__head">
        <h3 className="race-card__title" id={titleId}>
          <span className="race-card__track">{race.home.name}</span> <span className="race-card__no">{t("marble.race", { id: race.id })}</span>
        </h3>
        <span className="race-card__when">
          {live ? (
            <span className="race-card__clock" data-testid="race-clock">
              <span className="live-dot" aria-hidden="true" />
              <span className="visually-hidden">{t("marble.raceTime", { time: raceClock(race.gameTimeSec ?? 0) })}</span>
              <span aria-hidden="true">{raceClock(race.gameTimeSec ?? 0)}</span>
            </span>
          ) : finished ? (
            <span className="race-card__done">{t("marble.finished")}</span>
          ) : (
            <GameClock game={race} timeZone={timeZone} lng={lng} />
          )}
        </span>
      </header>
      <OutcomesForm lng={lng} returnTo={here} className="race-card__form">
        <table className="race-field">
          <thead>
            <tr>
              <th scope="col" className="race-field__lane">{finished || live ? t("marble.place") : t("marble.lane")}</th>
              <th scope="col">{t("marble.marble")}</th>
              {finished ? null : (
                <>
                  <th scope="col" className="race-field__odd">{t("marble.win")}</th>
                  <th scope="col" className="race-field__odd">{t("marble.top3")}</th>
                </>
              )}
            </tr>
          </thead>
          <tbody>
            {runners.map((runner) => {
              const percent = trackPercent(runner, race.trackLength);
              // One outcome per lane, in lane order.
              const win = winner?.outcomes[runner.lane - 1];
              const place = top3?.outcomes[runner.lane - 1];
              return (
                <tr key={runner.lane} data-lane={runner.lane} data-place={runner.place ?? ""}>
                  <td className="race-field__lane">
                    {live || finished ? (
                      <b className={`race-place${runner.place !== null && runner.place <= 3 ? ` race-place--${runner.place}` : ""}`}>{runner.place ?? position.get(runner.lane)}</b>
                    ) : (
                      <span className="race-lane-no">{runner.lane}</span>
                    )}
                  </td>
                  <th scope="row" className="race-field__runner">
                    <span className="race-runner">
                      <span className="race-marble" style={{ background: marbleColor(runner.id) }} aria-hidden="true" />
                      <span className="race-runner__name">{runner.name}</span>
                      {live || finished ? <span className="race-runner__lane">{t("marble.laneN", { lane: runner.lane })}</span> : null}
                    </span>
                    {live ? (
                      <span className="race-track" role="img" aria-label={t("marble.progress", { percent })}>
                        <span className="race-track__marble" style={{ insetInlineStart: `calc(${percent}% - ${(percent / 100) * 12}px)`, background: marbleColor(runner.id) }} />
                      </span>
                    ) : null}
                  </th>
                  {finished ? null : (
                    <>
                      <td className="race-field__odd">{win && winner ? <OddButton game={race} market={winner} outcome={win} label={t("marble.oddLabel", { marble: runner.name, market: t("marble.win") })} move={moves.get(win.id)} /> : null}</td>
                      <td className="race-field__odd">{place && top3 ? <OddButton game={race} market={top3} outcome={place} label={t("marble.oddLabel", { marble: runner.name, market: t("marble.top3") })} move={moves.get(place.id)} /> : null}</td>
                    </>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </OutcomesForm>
    </article>
  );
}
