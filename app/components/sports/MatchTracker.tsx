import { useTranslation } from "react-i18next";
import type { GameView, TrackerEventView } from "~/sports/model";

/** Where the ball is drawn for an event: attacks move toward the defending side's goal. */
export function ballPosition(event: TrackerEventView | undefined): { x: number; y: number } {
  if (!event) return { x: 50, y: 25 };
  const toward = (depth: number) => (event.side === 1 ? 50 + depth : 50 - depth);
  switch (event.kind) {
    case "attack":
      return { x: toward(22), y: 18 };
    case "danger":
      return { x: toward(36), y: 30 };
    case "shot":
      return { x: toward(42), y: 24 };
    case "goal":
      return { x: toward(48.5), y: 25 };
    case "card":
      return { x: toward(10), y: 34 };
    default:
      return { x: 50, y: 25 };
  }
}

/**
 * The match tracker: an animated pitch replaying the simulator's last events (attacks, shots,
 * goals, cards). Live games with a tracker are the "with video" games of the filter.
 */
export function MatchTracker({ game }: { game: GameView }) {
  const { t } = useTranslation();
  const last = game.events.at(-1);
  const ball = ballPosition(last);
  const team = (side: 1 | 2) => (side === 1 ? game.home.name : game.away.name);
  const highlight = last && (last.kind === "danger" || last.kind === "shot" || last.kind === "goal") ? last : undefined;
  return (
    <section className="tracker" aria-label={t("sports.tracker.title")}>
      <svg className="tracker__field" viewBox="0 0 100 50" role="img" aria-label={last ? t(`sports.tracker.${last.kind}`, { team: team(last.side) }) : t("sports.tracker.title")}>
        <rect x="0" y="0" width="100" height="50" rx="2" className={game.model === "goals" ? "tracker__grass" : "tracker__court"} />
        {game.model === "goals" ? (
          <g className="tracker__lines" fill="none" strokeWidth="0.4">
            <rect x="2" y="2" width="96" height="46" />
            <line x1="50" y1="2" x2="50" y2="48" />
            <circle cx="50" cy="25" r="6" />
            <rect x="2" y="13" width="12" height="24" />
            <rect x="86" y="13" width="12" height="24" />
            <rect x="2" y="20" width="4" height="10" />
            <rect x="94" y="20" width="4" height="10" />
          </g>
        ) : (
          // A court: the sets and points sports play on one.
          <g className="tracker__lines" fill="none" strokeWidth="0.4">
            <rect x="6" y="6" width="88" height="38" />
            <line x1="50" y1="4" x2="50" y2="46" strokeWidth="0.8" />
            <line x1="6" y1="11" x2="94" y2="11" />
            <line x1="6" y1="39" x2="94" y2="39" />
            <line x1="28" y1="11" x2="28" y2="39" />
            <line x1="72" y1="11" x2="72" y2="39" />
            <line x1="28" y1="25" x2="72" y2="25" />
          </g>
        )}
        {highlight ? (
          <path
            className={`tracker__zone tracker__zone--${highlight.side === 1 ? "home" : "away"}`}
            d={highlight.side === 1 ? "M70 2 H98 V48 H70 Z" : "M2 2 H30 V48 H2 Z"}
          />
        ) : null}
        <circle className="tracker__ball" cx={ball.x} cy={ball.y} r="1.4" style={{ transition: "cx .8s ease, cy .8s ease" }} />
      </svg>
      <p className="tracker__event" aria-live="polite">
        {last ? (
          <>
            {game.model === "sets" ? null : <b>{Math.floor(last.t / 60)}' </b>}
            {t(`sports.tracker.${last.kind}`, { team: team(last.side) })}
          </>
        ) : (
          t("sports.tracker.waiting")
        )}
      </p>
      <ol className="tracker__log">
        {game.events
          .slice(-6)
          .reverse()
          .filter((e) => e.kind !== "attack" && e.kind !== "danger")
          .map((e, i) => (
            <li key={`${e.t}-${i}`} className={`tracker__log-item tracker__log-item--${e.kind}`}>
              {game.model === "sets" ? null : <b>{Math.floor(e.t / 60)}' </b>}
              {t(`sports.tracker.${e.kind}`, { team: team(e.side) })}
            </li>
          ))}
      </ol>
    </section>
  );
}
