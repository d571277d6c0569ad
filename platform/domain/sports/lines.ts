// Opening a game's markets: the plan of its sport, priced before the start, with ids taken from
// the catalogue's counters (so rows are written in bulk with their ids known).

import { NOT_STARTED, type Ratings, planMarkets, priceMarkets } from "./pricing.ts";
import type { SportRules } from "./sports.ts";
import type { MarketRec } from "./types.ts";

export interface IdCounters {
  market: number;
  outcome: number;
}

export function openMarkets(rules: SportRules, ratings: Ratings, gameId: number, ids: IdCounters, feedVersion: number): MarketRec[] {
  const priced = priceMarkets(rules, ratings, NOT_STARTED, planMarkets(rules, ratings), false);
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
