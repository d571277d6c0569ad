// The sports API's games as the integration tests read them (docs/SPORTS-API.md), written out
// here rather than imported from the platform, so a change to the answer's shape fails a test.

export interface FeedOutcome {
  id: number;
  key: string;
  /** In hundredths (2.10 is 210). */
  coef: number;
  blocked: boolean;
  result: number | null;
}

export interface FeedMarket {
  id: number;
  type: string;
  period: number;
  param: number | null;
  version: number;
  blocked: boolean;
  outcomes: FeedOutcome[];
}

export interface FeedGame {
  id: number;
  sportId: number;
  sportSlug: string;
  champId: number;
  status: number;
  startAtMs: number;
  gameTimeSec: number;
  period: number;
  scores: [number, number][];
  score: { home: number; away: number } | null;
  version: number;
  home: { id: number; name: string };
  away: { id: number; name: string };
  markets: FeedMarket[];
}
