// The platform's wire shapes (docs/SPORTS-API.md) turned into the pages' view shapes, with
// every market and outcome named in the page's language. Pure: the translate function is passed
// in, so the loaders and the feed route (both on the server) produce the same names.

import type { ApiGame, ApiMarket, ApiOutcome } from "~/services/sports.server";
import type { GameView, MarketView, OutcomeView } from "./model";
import { slugify } from "./slug";

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Thousandths → "2.5", "-1.5". */
export function paramText(param: number | null, signed = false): string {
  if (param === null) return "";
  const text = (param / 1000).toString();
  return signed && param > 0 ? `+${text}` : text;
}

export function marketName(market: Pick<ApiMarket, "type" | "period" | "param">, t: Translate): string {
  const base = t(`sports.markets.${market.type}`, { defaultValue: market.type.replace(/_/g, " ") });
  let name = base;
  if (market.param !== null) {
    if (market.type === "next_goal") name = t("sports.markets.nextGoalN", { n: market.param / 1000 });
    else if (market.type !== "handicap" && market.type !== "set_handicap") name = `${base} ${paramText(market.param)}`;
  }
  if (market.period > 0) name = `${name} · ${t("sports.periodN", { n: market.period })}`;
  return name;
}

export function outcomeName(market: Pick<ApiMarket, "type" | "param">, outcome: Pick<ApiOutcome, "key">, t: Translate): string {
  const { key } = outcome;
  switch (key) {
    case "over":
    case "under":
      return t(`sports.outcomes.${key}`, { line: paramText(market.param) });
    case "yes":
    case "no":
    case "odd":
    case "even":
    case "none":
    case "other":
      return t(`sports.outcomes.${key}`);
  }
  if ((market.type === "handicap" || market.type === "set_handicap") && (key === "1" || key === "2") && market.param !== null) {
    return `${key} (${paramText(key === "1" ? market.param : -market.param, true)})`;
  }
  return key;
}

function toOutcome(market: ApiMarket, outcome: ApiOutcome, t: Translate, runners?: ReadonlyMap<string, string>): OutcomeView {
  // A race's outcomes are its lanes: each is named by the marble running in it.
  const name = runners?.get(outcome.key) ?? outcomeName(market, outcome, t);
  return { id: String(outcome.id), name, coef: outcome.coef / 100, isBlocked: outcome.blocked };
}

export function toMarket(market: ApiMarket, t: Translate, runners?: ReadonlyMap<string, string>): MarketView {
  return {
    id: market.id,
    typeId: market.typeId,
    group: market.group,
    name: marketName(market, t),
    version: market.version,
    isBlocked: market.blocked,
    outcomes: market.outcomes.map((o) => toOutcome(market, o, t, runners)),
  };
}

export interface SportInfo {
  get(sportId: number): { name: string; model: GameView["model"] } | undefined;
}

/**
 * A game in the page's language. `list` leaves out the match tracker's events, which only the
 * game page and the multi-view show: on home they were a fifth of the games' data.
 */
export function toGame(game: ApiGame, t: Translate, sports: SportInfo, detail: "game" | "list" = "game"): GameView {
  const sport = sports.get(game.sportId);
  const sportName = sport?.name ?? t(`sports.sportSlug.${game.sportSlug}`, { defaultValue: game.sportSlug });
  // Race sports are not in the menu's names: a field with no sport of the menu is a race; an
  // outright keeps its sport's model (see isOutright).
  const model = sport?.model ?? (game.runners ? "race" : "goals");
  const runnerNames = game.runners ? new Map(game.runners.map((r) => [String(r.lane), r.name])) : undefined;
  return {
    id: game.id,
    slug: slugify(`${game.home.slug || game.home.name}-${game.away.slug || game.away.name}`),
    sportId: game.sportId,
    sportSlug: game.sportSlug,
    sportName,
    model,
    champId: game.champId,
    champSlug: slugify(game.champName),
    champName: game.champName,
    countryName: game.countryName,
    home: { id: game.home.id, name: game.home.name },
    // A race is named in the page's language ("Race 12411"); the platform sends "#12411".
    away: { id: game.away.id, name: game.runners && model === "race" ? t("marble.race", { id: game.id }) : game.away.name },
    runners: game.runners ? game.runners.map((r) => ({ lane: r.lane, id: r.id, name: r.name, progress: r.progress, place: r.place, finishSec: r.finishSec })) : null,
    trackLength: game.trackLength ?? null,
    startAt: game.startAtMs,
    status: game.status,
    gameTimeSec: game.status === 2 || game.status === 3 ? game.gameTimeSec : null,
    period: game.period > 0 ? game.period : null,
    periodName: game.period > 0 && model !== "race" && (game.status === 2 || game.status === 3) ? t(model === "sets" ? "sports.setN" : "sports.periodN", { n: game.period }) : null,
    score: game.score,
    periodScores: game.scores.map(([home, away]) => ({ home, away })),
    hasVideo: game.hasVideo,
    isTop: game.isTop,
    marketCount: game.marketCount,
    events: detail === "list" ? [] : game.events,
    markets: game.markets.map((m) => toMarket(m, t, runnerNames)),
    version: game.version,
  };
}
