// Opening a game's markets: the plan of its sport, priced before the start, with ids taken from
// the catalogue's counters (so rows are written in bulk with their ids known).

import { NOT_STARTED, type PricedMarket, type Ratings, planMarkets, priceMarkets } from "./pricing.ts";
import { priceRace } from "./race.ts";
import type { RaceRules, SportRules } from "./sports.ts";
import type { MarketRec, RunnerRec } from "./types.ts";

export interface IdCounters {
  market: number;
  outcome: number;
}

export function openMarkets(rules: SportRules, ratings: Ratings, gameId: number, ids: IdCounters, feedVersion: number): MarketRec[] {
  return marketRecs(priceMarkets(rules, ratings, NOT_STARTED, planMarkets(rules, ratings), false), gameId, ids, feedVersion);
}

/** A race's markets on the start line, priced from its runners' ratings (lane order). */
export function openRaceMarkets(rules: RaceRules, runners: RunnerRec[], ratings: number[], gameId: number, ids: IdCounters, feedVersion: number): MarketRec[] {
  return marketRecs(priceRace(rules, runners, ratings, planMarkets(rules, { home: 1000, away: 1000 }), false), gameId, ids, feedVersion);
}

/** A championship's outright market, priced from its title chances (outright.ts). */
export function openOutrightMarket(priced: PricedMarket, gameId: number, ids: IdCounters, feedVersion: number): MarketRec[] {
  return marketRecs([priced], gameId, ids, feedVersion);
}

function marketRecs(priced: PricedMarket[], gameId: number, ids: IdCounters, feedVersion: number): MarketRec[] {
  return priced.map((m) => ({
    id: ids.market++,
    gameId,
    typeId: m.typeId,
    period: m.period,
    param: m.param,
    version: 1,
    blocked: m.decided,
    settled: false,
    feedVersion,
    outcomes: m.outcomes.map((o, i) => ({ id: ids.outcome++, typeId: o.typeId, key: o.key, coef: o.coef, blocked: false, result: null, sort: i })),
  }));
}
