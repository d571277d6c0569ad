import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { ListLink } from "~/components/ListLink";
import { type CountryGroup, rowMarkets } from "~/sports/filters";
import type { CoefMove } from "~/sports/indication";
import type { DisplaySettings } from "~/sports/display";
import type { GameView, Section } from "~/sports/model";
import { champTitle, isLiveStatus, sectionOfGame } from "~/sports/model";
import { gameClock } from "./GameClock";
import { OddButton, OutcomesForm } from "./OddButton";
import { champPath, gamePath } from "~/sports/paths";
import { SportIcon } from "./SportIcon";
import { TeamBadge } from "./TeamBadge";
import { useDisplay } from "./use-display";

export interface ListContext {
  lng: string;
  timeZone: number;
  /** The page, for the no-JavaScript return after adding a bet. */
  here: string;
  moves: ReadonlyMap<string, CoefMove>;
}

function TeamLine({ name, score, side, logo }: { name: string; score: number | null; side: "home" | "away"; logo: boolean }) {
  return (
    <span className="game-row__team">
      {logo ? <TeamBadge name={name} size={18} /> : null}
      <span className="game-row__name">{name}</span>
      {score === null ? null : (
        <b className="game-row__score" data-score={side}>
          {score}
        </b>
      )}
    </span>
  );
}

/**
 * One game of a list; its odds buttons belong to the list's one OutcomesForm. The list reads the
 * translations and the display settings once and passes them on: a page has up to 80 rows.
 */
function GameRow({ game, ctx, t, display }: { game: GameView; ctx: ListContext; t: TFunction; display: DisplaySettings }) {
  const compact = display.compact === 1;
  const logo = display.teamLogos === 1;
  const live = isLiveStatus(game.status);
  const href = gamePath(ctx.lng, sectionOfGame(game), game);
  const more = game.markets.reduce((n, m) => n + m.outcomes.length, 0);
  return (
    <li className={`game-row${live ? " game-row--live" : ""}${compact ? " game-row--compact" : ""}`} id={`game-${game.id}`} data-game={game.id}>
      <div className="game-row__form">
        <div className="game-row__clock">
          {gameClock(game, ctx.timeZone, ctx.lng, t)}
        </div>
        <ListLink to={href} className="game-row__teams" prefetch="intent">
          <TeamLine name={game.home.name} score={game.score?.home ?? null} side="home" logo={logo} />
          <TeamLine name={game.away.name} score={game.score?.away ?? null} side="away" logo={logo} />
          {display.showGameId === 1 ? (
            <span className="game-row__id" data-testid="game-id">
              {t("sports.gameId", { id: game.id })}
            </span>
          ) : null}
          {game.hasVideo ? (
            <span className="game-row__video" title={t("sports.withVideo")}>
              <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
                <path d="M4 6h11v12H4zM15 10l5-3v10l-5-3" fill="currentColor" />
              </svg>
              <span className="visually-hidden">{t("sports.withVideo")}</span>
            </span>
          ) : null}
        </ListLink>
        <div className="game-row__markets">
          {rowMarkets(game, compact, display.view).map((market) => (
            <div key={market.id} className={`market-cells market-cells--${Math.min(market.outcomes.length, 3)}`} role="group" aria-label={market.name}>
              {market.outcomes.slice(0, 3).map((outcome) => (
                <OddButton key={outcome.id} game={game} market={market} outcome={outcome} move={ctx.moves.get(outcome.id)} />
              ))}
            </div>
          ))}
          {game.markets.length === 0 ? <span className="game-row__no-markets">{t("sports.noMarkets")}</span> : null}
        </div>
        {/* The name starts with the visible count (WCAG 2.5.3 label in name); the rest is for screen readers. */}
        <ListLink to={href} className="game-row__more">
          +{more}
          <span className="visually-hidden"> {t("sports.allMarkets", { home: game.home.name, away: game.away.name })}</span>
        </ListLink>
      </div>
    </li>
  );
}

/**
 * What a list's markup depends on besides its answer and the form's own (decision 055): the
 * games shown and their grouping (ids in order), where they link, the clock's time zone, the
 * display settings and the headings' level.
 */
function rowsVariant(groups: CountryGroup[], section: Section, ctx: ListContext, display: DisplaySettings, level: number): string {
  let shown = "";
  for (const country of groups) {
    shown += `/${country.countryName ?? ""}`;
    for (const champ of country.champs) {
      shown += `;${champ.champId}=`;
      for (const game of champ.games) shown += `${game.id},`;
    }
  }
  return `${section}|${level}|${ctx.lng}|${ctx.timeZone}|${JSON.stringify(display)}|${shown}`;
}

/**
 * Games grouped by country and championship, each championship a card with its rows. `keep` is
 * the shared answer (a prepared list) whose games these are, unchanged: the server then renders
 * the rows once per answer and variant (decision 055).
 */
export function GroupedGames({
  groups,
  section,
  ctx,
  emptyText,
  level = 2,
  keep,
  suspended,
}: {
  groups: CountryGroup[];
  section: Section;
  ctx: ListContext;
  emptyText: string;
  level?: 2 | 3;
  keep?: object;
  /** The games come from the last good copy while the platform is away (decision 063). */
  suspended?: boolean;
}) {
  const { t } = useTranslation();
  const display = useDisplay();
  const hasGames = groups.some((g) => g.champs.length > 0);
  if (!hasGames) return <p className="sports-empty">{emptyText}</p>;
  // Headings follow the page's outline: countries (when grouped) then championships.
  const countryHeads = groups.length > 1;
  const CountryHeading = level === 2 ? "h2" : "h3";
  const ChampHeading = countryHeads ? (level === 2 ? "h3" : "h4") : level === 2 ? "h2" : "h3";
  // Odds that moved are this viewer's own: rows showing them are not kept.
  const kept = keep ? { of: ctx.moves.size === 0 ? keep : null, variant: rowsVariant(groups, section, ctx, display, level) } : undefined;
  return (
    <OutcomesForm lng={ctx.lng} returnTo={ctx.here} className="game-groups" keep={kept} suspended={suspended}>
      {() =>
        groups.map((country) => (
          <div key={country.countryName ?? "-"} className="country-group">
            {countryHeads ? <CountryHeading className="country-group__title">{country.countryName}</CountryHeading> : null}
            {/* The id carries the section: a page may list one championship under live and line. */}
            {country.champs.map((champ) => (
              <section key={champ.champId} className="champ-card" aria-labelledby={`champ-${section}-${champ.champId}`}>
                <header className="champ-card__head">
                  <SportIcon slug={champ.sportSlug} />
                  <ChampHeading id={`champ-${section}-${champ.champId}`} className="champ-card__title">
                    <ListLink to={champPath(ctx.lng, section, { id: champ.sportId, slug: champ.sportSlug }, { id: champ.champId, slug: champ.champSlug })}>
                      {countryHeads ? champ.champName : champTitle(champ.champName, champ.countryName)}
                    </ListLink>
                  </ChampHeading>
                  <span className="champ-card__count">{champ.games.length}</span>
                </header>
                <ul className="champ-card__games">
                  {champ.games.map((game) => (
                    <GameRow key={game.id} game={game} ctx={ctx} t={t} display={display} />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        ))
      }
    </OutcomesForm>
  );
}
