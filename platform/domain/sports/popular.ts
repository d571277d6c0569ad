// "Bets on yours" (route bets-on-your, docs/PRODUCT.md §13): the selections other bettors back
// most right now. Counted from the bets table over recent accepted coupons, then kept only while
// the outcome is still open in the catalogue, so every row can go into a coupon.

import { sql } from "kysely";
import type { Db } from "../../db/index.ts";
import type { SportsStore } from "./store.ts";
import { type GameView, gameView } from "./views.ts";

export interface PopularSelection {
  outcomeId: number;
  /** Distinct bettors who backed it, and bets (selections) in all. */
  bettors: number;
  bets: number;
  /** The game with only the market of the outcome. */
  game: GameView;
}

/**
 * The most-backed open outcomes of coupons placed in the last `hours`: by distinct bettors, then
 * bets, then the newest game first. Waiting and open coupons count (refused ones were never bets).
 */
export async function mostBacked(db: Db, store: SportsStore, input: { hours: number; limit: number; now: Date }): Promise<PopularSelection[]> {
  const since = new Date(input.now.getTime() - input.hours * 3_600_000);
  const rows = await db
    .selectFrom("bet_selection as s")
    .innerJoin("bet_coupon as c", "c.id", "s.coupon_id")
    .where("c.created_at", ">=", since)
    .where("c.state", "in", ["waiting", "open"])
    .select(["s.outcome_id", "s.game_id"])
    .select([sql<number>`count(distinct s.user_id)::int`.as("bettors"), sql<number>`count(*)::int`.as("bets")])
    .groupBy(["s.outcome_id", "s.game_id"])
    .orderBy("bettors", "desc")
    .orderBy("bets", "desc")
    .orderBy("s.game_id", "desc")
    // Some of the most backed may have closed since: read a few more than asked.
    .limit(input.limit * 3)
    .execute();
  const out: PopularSelection[] = [];
  for (const row of rows) {
    if (out.length >= input.limit) break;
    const game = store.games.get(row.game_id);
    if (!game || (game.status !== 1 && game.status !== 2 && game.status !== 3)) continue;
    const market = game.markets.find((m) => m.outcomes.some((o) => o.id === row.outcome_id));
    if (!market || market.settled) continue;
    const view = gameView(store, game, "all");
    out.push({ outcomeId: row.outcome_id, bettors: row.bettors, bets: row.bets, game: { ...view, markets: view.markets.filter((m) => m.id === market.id) } });
  }
  return out;
}
