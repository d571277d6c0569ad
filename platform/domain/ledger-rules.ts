// The ledger's pure rules (decision 017), apart from its SQL so they can be tested one by one and
// mutated (npm run mutation): what a transfer amount may be, the balances an account's four
// totals make, the hash an idempotency key is stored with, and how a reversal splits between
// what the bettor's balance still holds and what they owe (decision 019).

import { createHash } from "node:crypto";

/**
 * The largest amount one transfer may move, in minor units: ten trillion in a currency of cents,
 * inside a safe integer (2^53), so no sum of a few of them loses a unit in a JavaScript number.
 */
export const MAX_TRANSFER_AMOUNT = 1_000_000_000_000_000;

/** Throws unless `amount` is a whole, positive number of minor units no larger than the maximum. */
export function checkTransferAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_TRANSFER_AMOUNT) {
    throw new RangeError(`a transfer amount is a positive integer of minor units up to ${MAX_TRANSFER_AMOUNT}, got ${amount}`);
  }
}

export interface AccountTotals {
  debitsPosted: number;
  creditsPosted: number;
  debitsPending: number;
  creditsPending: number;
}

/** The balance (posted credits less posted debits) and what can be spent now (less pending debits). */
export function accountBalances(t: AccountTotals): { balance: number; available: number } {
  const balance = t.creditsPosted - t.debitsPosted;
  return { balance, available: balance - t.debitsPending };
}

/** A stable SHA-256 of a request body (keys sorted at every depth), stored beside an idempotency key. */
export function requestHash(value: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === "object"
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash("sha256").update(JSON.stringify(canonical(value))).digest("hex");
}

/**
 * A payout taken back (decision 019): from the balance as far as what can be spent now goes,
 * never below zero; the rest is owed.
 */
export function reversalSplit(available: number, paid: number): { taken: number; owed: number } {
  const taken = Math.max(0, Math.min(available, paid));
  return { taken, owed: paid - taken };
}
