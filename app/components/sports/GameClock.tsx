import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { GameView } from "~/sports/model";
import { dateFormat } from "~/lib/format";
import { isFinishedStatus, isLiveStatus } from "~/sports/model";

const DAY_MONTH: Intl.DateTimeFormatOptions = { day: "2-digit", month: "2-digit", timeZone: "UTC" };

/** "12:05" for a game on a date, "67'" and the period for a running one, "FT" when finished. */
export function GameClock({ game, timeZone, lng }: { game: GameView; timeZone: number; lng: string }) {
  const { t } = useTranslation();
  return gameClock(game, timeZone, lng, t);
}

/**
 * The clock itself, for a list that renders many: its rows share the list's `t` instead of
 * each asking react-i18next for one (a hook with state and effects per row).
 */
export function gameClock(game: GameView, timeZone: number, lng: string, t: TFunction) {
  if (isFinishedStatus(game.status)) return <span className="game-clock game-clock--done">{t("sports.finished")}</span>;
  if (isLiveStatus(game.status)) {
    const minutes = Math.floor((game.gameTimeSec ?? 0) / 60);
    // Sets sports have no clock: the set is the time.
    const time = game.status === 3 ? t("sports.break") : game.model === "sets" ? null : `${minutes}'`;
    return (
      <span className="game-clock game-clock--live">
        {time ? <span className="game-clock__time">{time}</span> : null}
        {game.periodName ? <span className="game-clock__period">{game.periodName}</span> : null}
      </span>
    );
  }
  const at = new Date(game.startAt + timeZone * 3_600_000);
  const time = `${String(at.getUTCHours()).padStart(2, "0")}:${String(at.getUTCMinutes()).padStart(2, "0")}`;
  const date = dateFormat(lng, DAY_MONTH).format(at);
  return (
    <span className="game-clock">
      <span className="game-clock__time">{time}</span>
      <span className="game-clock__date">{date}</span>
    </span>
  );
}
