// From a feed outcome to a bet in the coupon (SPEC §3 Bet in coupon). The same function runs in
// the browser (a click on a coefficient) and on the server (the no-JavaScript form), so both
// paths put the same bet in the coupon.

import { BET_STATUS_ID } from "~/coupon/constants";
import type { CouponBet } from "~/coupon/model";
import { type GameView, type MarketView, type OutcomeView, champTitle, isFinishedStatus, isLiveStatus } from "./model";

/** Why an outcome cannot join the coupon (issue 13 "Bad input"); each has a dictionary key. */
export type AddToCouponRefusal = "unknown-outcome" | "game-finished";

/** The longest name a coupon bet keeps (the coupon schema's): a longer one is cut, not refused. */
const MAX_NAME = 256;
const name = (text: string) => text.slice(0, MAX_NAME);

/** Every field written out, so the browser needs no zod for it (coupon-bet.test.ts parses the result). */
export function couponBetFromOutcome(game: GameView, market: MarketView, outcome: OutcomeView): CouponBet {
  const isLive = isLiveStatus(game.status);
  return {
    market: {
      id: outcome.id,
      coef: outcome.coef,
      sportId: game.sportId,
      typeId: market.typeId,
      kind: 0,
      isLive,
      gameId: game.id,
      champId: game.champId,
      sportName: name(game.sportName),
      champName: name(champTitle(game.champName, game.countryName)),
      opponent1Name: name(game.home.name),
      opponent2Name: name(game.away.name),
      marketName: name(market.name),
      outcomeName: name(outcome.name),
    },
    blockId: null,
    statusId: BET_STATUS_ID.NOT_CALCULATED,
    gameNumber: game.id,
    gameStatus: game.status,
    gameStartAt: game.startAt,
    gameTimeSec: isLive ? game.gameTimeSec ?? 0 : null,
    isLiveInLive: false,
    scores: game.score ? { opponent1: game.score.home, opponent2: game.score.away } : null,
    isBlocked: market.isBlocked || outcome.isBlocked,
    isDepend: false,
    isBannedExpress: false,
    isDisabledBanker: false,
    statisticId: null,
    playersDuel: null,
  };
}

/** The outcome of a game by id, with its market; or why it cannot be added. */
export function findOutcome(
  game: GameView | null,
  outcomeId: string,
): { ok: true; market: MarketView; outcome: OutcomeView } | { ok: false; reason: AddToCouponRefusal } {
  if (!game) return { ok: false, reason: "unknown-outcome" };
  if (isFinishedStatus(game.status)) return { ok: false, reason: "game-finished" };
  for (const market of game.markets) {
    const outcome = market.outcomes.find((o) => o.id === outcomeId);
    if (outcome) return { ok: true, market, outcome };
  }
  return { ok: false, reason: "unknown-outcome" };
}

/** Fresh copies of the coupon bets a feed snapshot changed: new coefficient, lock, score and time. */
export function refreshedBets(bets: readonly CouponBet[], games: readonly GameView[]): CouponBet[] {
  const byOutcome = new Map<string, { game: GameView; market: MarketView; outcome: OutcomeView }>();
  for (const game of games) for (const market of game.markets) for (const outcome of market.outcomes) byOutcome.set(outcome.id, { game, market, outcome });
  const fresh: CouponBet[] = [];
  for (const bet of bets) {
    const hit = byOutcome.get(bet.market.id);
    if (!hit) continue;
    const next = couponBetFromOutcome(hit.game, hit.market, hit.outcome);
    const same =
      next.market.coef === bet.market.coef &&
      next.isBlocked === bet.isBlocked &&
      next.gameStatus === bet.gameStatus &&
      next.gameTimeSec === bet.gameTimeSec &&
      next.scores?.opponent1 === bet.scores?.opponent1 &&
      next.scores?.opponent2 === bet.scores?.opponent2;
    if (same) continue;
    fresh.push({ ...bet, market: { ...bet.market, coef: next.market.coef, isLive: next.market.isLive }, gameStatus: next.gameStatus, gameTimeSec: next.gameTimeSec, scores: next.scores, isBlocked: next.isBlocked });
  }
  return fresh;
}
