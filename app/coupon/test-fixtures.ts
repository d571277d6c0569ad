// Builders of coupon values for the tests of app/coupon (imported by *.test.ts only).

import type { Coupon, CouponBet, CouponInput } from "./model";
import { couponBetSchema, createCoupon } from "./schemas";

export interface BetOptions {
  id?: string;
  coef?: number;
  kind?: number;
  isLive?: boolean;
  gameId?: number;
  gameStatus?: number;
  gameTimeSec?: number | null;
  isLiveInLive?: boolean;
  isBlocked?: boolean;
  isDepend?: boolean;
  isBannedExpress?: boolean;
  isDisabledBanker?: boolean;
  blockId?: number | null;
}

let nextGameId = 1000;

/** A valid bet in coupon; every field can be overridden. */
export function makeBet(options: BetOptions = {}): CouponBet {
  const gameId = options.gameId ?? nextGameId++;
  return couponBetSchema.parse({
    market: {
      id: options.id ?? `m${gameId}`,
      coef: options.coef ?? 1.5,
      sportId: 1,
      typeId: 1,
      kind: options.kind ?? 1,
      isLive: options.isLive ?? false,
      gameId,
      champId: 88,
      sportName: "Football",
      champName: "Premier League",
      opponent1Name: "Arsenal",
      opponent2Name: "Chelsea",
    },
    blockId: options.blockId ?? null,
    gameStatus: options.gameStatus ?? 0,
    gameTimeSec: options.gameTimeSec ?? null,
    isLiveInLive: options.isLiveInLive ?? false,
    isBlocked: options.isBlocked ?? false,
    isDepend: options.isDepend ?? false,
    isBannedExpress: options.isBannedExpress ?? false,
    isDisabledBanker: options.isDisabledBanker ?? false,
  });
}

/** A coupon holding `bets`, each added one millisecond after the previous. */
export function makeCoupon(bets: CouponBet[], overrides: Omit<CouponInput, "bets"> = {}): Coupon {
  const addedAtByBetId = Object.fromEntries(bets.map((bet, index) => [bet.market.id, 1_000 + index]));
  return createCoupon({ addedAtByBetId, ...overrides, bets });
}

/** An in-memory Web Storage. */
export class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}
