import { describe, expect, it } from "vitest";
import { BET_STATUS_ID } from "~/coupon/constants";
import { couponBetSchema } from "~/coupon/schemas";
import { couponBetFromOutcome } from "./coupon-bet";
import type { GameView, MarketView, OutcomeView } from "./model";

const outcome: OutcomeView = {
  id: "9001",
  name: "Over 2.5",
  coef: 1.85,
  isBlocked: false,
};
const market: MarketView = {
  id: 7,
  typeId: 17,
  group: "totals",
  name: "Total",
  version: 3,
  isBlocked: false,
  outcomes: [outcome],
};
function game(over: Partial<GameView> = {}): GameView {
  return {
    id: 41,
    slug: "41-a-b",
    sportId: 1,
    sportSlug: "football",
    sportName: "Football",
    model: "goals",
    champId: 10,
    champSlug: "10-epl",
    champName: "Premier League",
    countryName: "England",
    home: { id: 1, name: "Arsenal" },
    away: { id: 2, name: "Chelsea" },
    startAt: Date.UTC(2026, 10, 28, 15),
    status: 1,
    gameTimeSec: null,
    period: null,
    periodName: null,
    score: null,
    periodScores: [],
    hasVideo: false,
    isTop: false,
    marketCount: 1,
    events: [],
    markets: [market],
    version: 3,
    runners: null,
    trackLength: null,
    ...over,
  };
}

describe("a feed outcome as a coupon bet (SPEC §3 Bet in coupon)", () => {
  it("writes every field the schema would: the bet parses to itself", () => {
    for (const g of [
      game(),
      game({ status: 2, gameTimeSec: 1234, score: { home: 1, away: 0 } }),
    ]) {
      const bet = couponBetFromOutcome(g, market, outcome);
      expect(couponBetSchema.parse(bet)).toEqual(bet);
      expect(Object.keys(bet).sort()).toEqual(
        Object.keys(couponBetSchema.parse({ market: bet.market })).sort()
      );
    }
  });

  it("carries the pick, the game's state and the lock", () => {
    const pre = couponBetFromOutcome(game(), market, outcome);
    expect(pre.market).toMatchObject({
      id: "9001",
      coef: 1.85,
      isLive: false,
      gameId: 41,
      champName: "England. Premier League",
      marketName: "Total",
      outcomeName: "Over 2.5",
    });
    expect(pre).toMatchObject({
      statusId: BET_STATUS_ID.NOT_CALCULATED,
      gameTimeSec: null,
      scores: null,
      isBlocked: false,
    });
    const live = couponBetFromOutcome(
      game({ status: 2, gameTimeSec: null, score: { home: 2, away: 1 } }),
      { ...market, isBlocked: true },
      outcome
    );
    expect(live.market.isLive).toBe(true);
    expect(live).toMatchObject({
      gameTimeSec: 0,
      scores: { opponent1: 2, opponent2: 1 },
      isBlocked: true,
    });
  });

  it("cuts a name longer than the coupon keeps, so the stored coupon still reads back", () => {
    const long = "A".repeat(300);
    const bet = couponBetFromOutcome(game({ home: { id: 1, name: long } }), market, outcome);
    expect(bet.market.opponent1Name).toHaveLength(256);
    expect(couponBetSchema.parse(bet)).toEqual(bet);
  });
});
