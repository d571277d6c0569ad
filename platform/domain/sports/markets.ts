// Market types of the catalogue (table market_type): stable ids the feed, the site and the
// ledger share. Outcome keys are listed in docs/SPORTS-API.md.

export const MARKET = {
  x12: 1,
  doubleChance: 2,
  winner: 3,
  total: 4,
  handicap: 5,
  btts: 6,
  correctScore: 7,
  teamTotalHome: 8,
  teamTotalAway: 9,
  oddEven: 10,
  drawNoBet: 11,
  setWinner: 12,
  totalSets: 13,
  setHandicap: 14,
  raceWinner: 15,
  raceTop3: 16,
  outrightWinner: 17,
} as const;

export type MarketTypeId = (typeof MARKET)[keyof typeof MARKET];

export interface MarketTypeDef {
  id: MarketTypeId;
  key: string;
  group: string;
  sort: number;
}

export const MARKET_TYPES: MarketTypeDef[] = [
  { id: MARKET.x12, key: "1x2", group: "main", sort: 1 },
  { id: MARKET.winner, key: "winner", group: "main", sort: 2 },
  { id: MARKET.total, key: "total", group: "totals", sort: 3 },
  { id: MARKET.handicap, key: "handicap", group: "handicaps", sort: 4 },
  { id: MARKET.doubleChance, key: "double_chance", group: "main", sort: 5 },
  { id: MARKET.drawNoBet, key: "draw_no_bet", group: "main", sort: 6 },
  { id: MARKET.btts, key: "btts", group: "scores", sort: 7 },
  { id: MARKET.teamTotalHome, key: "team_total_home", group: "team_totals", sort: 8 },
  { id: MARKET.teamTotalAway, key: "team_total_away", group: "team_totals", sort: 9 },
  { id: MARKET.oddEven, key: "odd_even", group: "totals", sort: 10 },
  { id: MARKET.correctScore, key: "correct_score", group: "scores", sort: 11 },
  { id: MARKET.setWinner, key: "set_winner", group: "sets", sort: 12 },
  { id: MARKET.totalSets, key: "total_sets", group: "sets", sort: 13 },
  { id: MARKET.setHandicap, key: "set_handicap", group: "sets", sort: 14 },
  { id: MARKET.raceWinner, key: "race_winner", group: "main", sort: 15 },
  { id: MARKET.raceTop3, key: "race_top3", group: "main", sort: 16 },
  { id: MARKET.outrightWinner, key: "outright_winner", group: "outrights", sort: 17 },
];

export const MARKET_TYPE_BY_ID = new Map(MARKET_TYPES.map((t) => [t.id as number, t]));
