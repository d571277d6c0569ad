// Placing a coupon (issue 14): the place form's fields, shared by the browser (which fills them
// from the atoms) and the server (which reads them in the place action), and what the coupon
// offers the bettor after a refusal. Pure: no platform, no React, no zod (the form's schema is
// in place-form.ts, which only the server reads).

import { type ChangeCoefAction, acceptsCoefChange } from "../../betting-math/change-coef";
import { ABOVE_MAX_REFUSALS, vipBetShapeRefusal } from "../../betting-math/vip-bet";
import { COUPON_TYPE, LOBBY_BLOCK_ID } from "./constants";
import type { Coupon, StoredCoupon } from "./model";

/** One selection as the place form carries it: `outcomeId:coef:L|P[:B]` (live or pre-match, banker). */
export interface PlaceSelection {
  outcomeId: number;
  coef: number;
  isLive: boolean;
  isBanker: boolean;
}

export function encodeSelections(selections: readonly PlaceSelection[]): string {
  return selections.map((s) => `${s.outcomeId}:${s.coef}:${s.isLive ? "L" : "P"}${s.isBanker ? ":B" : ""}`).join(",");
}

const SELECTION = /^(\d{1,12}):(\d{1,6}(?:\.\d{1,2})?):([LP])(:B)?$/;
/** The most selections a coupon may carry (the platform refuses more with too_many_selections). */
export const MAX_FORM_SELECTIONS = 40;

export function decodeSelections(text: string): PlaceSelection[] | null {
  if (!text) return null;
  const parts = text.split(",");
  if (parts.length > MAX_FORM_SELECTIONS) return null;
  const out: PlaceSelection[] = [];
  for (const part of parts) {
    const m = SELECTION.exec(part);
    if (!m) return null;
    out.push({ outcomeId: Number(m[1]), coef: Number(m[2]), isLive: m[3] === "L", isBanker: m[4] === ":B" });
  }
  return out;
}

/** The selections of the coupon the bettor built (bets whose id is not an outcome id are left out). */
export function selectionsOfCoupon(coupon: Coupon): PlaceSelection[] {
  return coupon.bets
    .filter((bet) => /^\d{1,12}$/.test(bet.market.id))
    .map((bet) => ({
      outcomeId: Number(bet.market.id),
      coef: bet.market.coef,
      isLive: bet.market.isLive,
      isBanker: coupon.typeId === COUPON_TYPE.SYSTEM && bet.blockId === LOBBY_BLOCK_ID,
    }));
}

/** A bet of the coupon named as the refusal dialog shows it ("Home — Away: outcome"), or null. */
export function couponBetName(bets: readonly Pick<Coupon["bets"][number], "market">[], outcomeId: number): string | null {
  const bet = bets.find((b) => b.market.id === String(outcomeId));
  return bet ? `${bet.market.opponent1Name} — ${bet.market.opponent2Name}: ${bet.market.outcomeName}` : null;
}

/** A fresh idempotency key for one submission (one-click: one per click it lets through). */
export function newPlaceKey(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * The coupon's idempotency key: the same for the same coupon wherever it is placed from, so a
 * double click, a retry on a slow network, the back button and a second tab all send one key and
 * the platform places it once (it answers the first placement again). A coupon is its bets and
 * when each was added (a coupon built again later is another), its type and system; not its
 * stake or prices, which a refusal may send the bettor to change (a refusal records no key).
 * The server renders it in the form without JavaScript from the cookie's coupon, alike.
 */
export function couponPlaceKey(coupon: Pick<StoredCoupon, "bets" | "addedAtByBetId" | "typeId" | "systemValue">): string {
  const ids = coupon.bets.map((bet) => bet.market.id);
  const text = JSON.stringify([coupon.typeId, coupon.systemValue, ids.map((id) => [id, coupon.addedAtByBetId[id] ?? 0])]);
  return `coupon-${hash53(text).toString(36)}-${hash53(`${text}|`).toString(36)}`;
}

/** cyrb53: a fast 53-bit string hash (two of them make a key no two coupons of a bettor share). */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}


/** What the coupon offers after a refusal, besides closing the dialog. */
export type RefusalOffer =
  | { kind: "new-coefs"; bets: { outcomeId: number; coef: number }[] }
  /** The combined coefficient is below the bettor's exact coefficient: place it at these without one. */
  | { kind: "without-exact-coef"; bets: { outcomeId: number; coef: number }[] }
  | { kind: "stake"; amount: number; reason: "max" | "min" }
  | { kind: "remove-bet"; outcomeId: number }
  /** Nothing was placed though the slip was sent: the same slip may go again (issue 37). */
  | { kind: "resend" }
  | { kind: "none" };

export interface RefusalLike {
  code: string;
  outcomeId?: number;
  maxBetAmount?: number;
  minBetAmount?: number;
  bets?: { outcomeId: number; coef: number }[];
}

export function refusalOffer(refusal: RefusalLike): RefusalOffer {
  switch (refusal.code) {
    case "exact_coef":
      return { kind: "without-exact-coef", bets: (refusal.bets ?? []).map(({ outcomeId, coef }) => ({ outcomeId, coef })) };
    case "coef_changed":
      return refusal.bets?.length ? { kind: "new-coefs", bets: refusal.bets.map(({ outcomeId, coef }) => ({ outcomeId, coef })) } : { kind: "none" };
    case "amount_above_max":
    case "max_payout_exceeded":
    case "limit_reached":
    case "insufficient_balance":
      return refusal.maxBetAmount !== undefined && refusal.maxBetAmount > 0 ? { kind: "stake", amount: refusal.maxBetAmount, reason: "max" } : { kind: "none" };
    case "amount_below_min":
      return refusal.minBetAmount !== undefined ? { kind: "stake", amount: refusal.minBetAmount, reason: "min" } : { kind: "none" };
    case "not_placed":
    case "unavailable":
      return { kind: "resend" };
    case "game_finished":
    case "game_started":
    case "blocked":
    case "dependent":
    case "banned_from_express":
    case "outcome_not_found":
    case "sport_disallowed":
      return refusal.outcomeId !== undefined ? { kind: "remove-bet", outcomeId: refusal.outcomeId } : { kind: "none" };
    default:
      return { kind: "none" };
  }
}

/**
 * Whether a coef_changed refusal is the exact coefficient's: the platform answers both alike
 * (docs/BETS-API.md), and it was the exact coefficient when the bettor's changeCoefAction accepts
 * every price it names (or none moved) yet the coupon was refused. Prices compared in hundredths.
 */
export function isExactCoefRefusal(
  refusal: { code: string; bets?: readonly { outcomeId: number; coef: number }[] },
  sent: { selections: readonly PlaceSelection[]; changeCoefAction: ChangeCoefAction; exactCoef: number | null },
): boolean {
  if (refusal.code !== "coef_changed" || sent.exactCoef === null) return false;
  const seen = new Map(sent.selections.map((s) => [s.outcomeId, Math.round(s.coef * 100)]));
  return (refusal.bets ?? []).every((b) => {
    const was = seen.get(b.outcomeId);
    return was !== undefined && acceptsCoefChange(sent.changeCoefAction, was, Math.round(b.coef * 100));
  });
}

/**
 * Whether a refusal may be answered by sending the coupon as a VIP bet (SPEC §5): the stake is
 * above the maximum now, the config switch is on, and the coupon is line bets that are not
 * multiple singles (betting-math/vip-bet.ts, the platform's own rule). A VIP bet already sent
 * was refused for another reason.
 */
export function offersVipBet(refusal: { code: string }, form: { typeId: number; selections: readonly PlaceSelection[]; vipBet: boolean }, isVipBetEnabled: boolean): boolean {
  if (!isVipBetEnabled || form.vipBet || !ABOVE_MAX_REFUSALS.includes(refusal.code)) return false;
  return vipBetShapeRefusal({ typeId: form.typeId, betCount: form.selections.length, anyLive: form.selections.some((s) => s.isLive) }) === null;
}

/**
 * Whether the coupon goes as a VIP bet: the bettor's setting (or the refusal's offer) asks for it,
 * the config switch is on and the coupon is one that can be (vipBetShapeRefusal). Otherwise it is
 * an ordinary bet, and a stake above the maximum is refused with what the bettor can do.
 */
export function sendsVipBet(asked: boolean, form: { typeId: number; selections: readonly PlaceSelection[] }, isVipBetEnabled: boolean): boolean {
  return asked && isVipBetEnabled && vipBetShapeRefusal({ typeId: form.typeId, betCount: form.selections.length, anyLive: form.selections.some((s) => s.isLive) }) === null;
}

/** The selections with the new coefficients of a coef_changed refusal. */
export function withNewCoefs(selections: readonly PlaceSelection[], bets: readonly { outcomeId: number; coef: number }[]): PlaceSelection[] {
  const byId = new Map(bets.map((b) => [b.outcomeId, b.coef]));
  return selections.map((s) => ({ ...s, coef: byId.get(s.outcomeId) ?? s.coef }));
}
