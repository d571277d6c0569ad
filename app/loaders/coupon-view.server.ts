import { cachedGame, sportsContext } from "~/loaders/sports.server";
import type { PlacedCoupon } from "~/services/bets.server";
import type { CouponView } from "~/coupon/place-answer";
import { log } from "~/services/log.server";
import { isFinishedStatus, isLiveStatus } from "~/sports/model";
import { currencyDefaults } from "~/coupon/currency-defaults";

/**
 * SPEC §4 bet status ids: a bet the platform has not settled is -1 "game not started" only while
 * its game has not started; once it has (a live bet's always has), it is -2 "not calculated".
 */
export function betStatusShown(statusId: number, gameStarted: boolean): number {
  return statusId === -1 && gameStarted ? -2 : statusId;
}

/**
 * Names the selections of placed coupons from the sports API's games (in the page's language).
 * A game the API no longer knows keeps its number, so a coupon always renders.
 */
export async function couponViews(coupons: readonly PlacedCoupon[], lng: string): Promise<CouponView[]> {
  const gameIds = [...new Set(coupons.flatMap((c) => c.bets.map((b) => b.gameId)))];
  const names = new Map<number, { game: string; score: string | null; started: boolean; outcomes: Map<number, { market: string; outcome: string }> }>();
  if (gameIds.length > 0) {
    try {
      const [live, line] = await Promise.all([sportsContext(lng, "live"), sportsContext(lng, "line")]);
      await Promise.all(
        gameIds.map(async (id) => {
          const answer = await cachedGame(id).catch(() => null);
          if (answer?.type !== "snapshot") return;
          const game = (isLiveStatus(answer.game.status) ? live : line).toGame(answer.game);
          const outcomes = new Map<number, { market: string; outcome: string }>();
          for (const market of game.markets) for (const outcome of market.outcomes) outcomes.set(Number(outcome.id), { market: market.name, outcome: outcome.name });
          const started = isLiveStatus(answer.game.status) || isFinishedStatus(answer.game.status);
          names.set(id, { game: `${game.home.name} — ${game.away.name}`, score: game.score ? `${game.score.home}:${game.score.away}` : null, started, outcomes });
        }),
      );
    } catch (error) {
      log.warn("bets.names_failed", { error });
    }
  }
  return coupons.map(({ bets, ...coupon }) => ({
    ...coupon,
    exponent: currencyDefaults(coupon.currency).exponent,
    selections: bets.map((b) => {
      const game = names.get(b.gameId);
      const named = game?.outcomes.get(b.outcomeId);
      return {
        outcomeId: b.outcomeId,
        gameId: b.gameId,
        game: game?.game ?? `#${b.gameId}`,
        market: named?.market ?? "",
        outcome: named?.outcome ?? b.key,
        score: game?.score ?? null,
        coef: b.coef,
        seenCoef: b.seenCoef,
        statusId: betStatusShown(b.statusId, b.isLive || (game?.started ?? false)),
        isLive: b.isLive,
        isBanker: b.isBanker,
      };
    }),
  }));
}
