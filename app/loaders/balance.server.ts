import type { AppLoadContext } from "@remix-run/node";
import { beforeDeadline, failureReason } from "./memo.server";
import { tookFallback } from "~/lib/server-timing.server";
import { activeAccount, getBalance } from "~/services/bets.server";
import { UpstreamError } from "~/services/http.server";
import { log } from "~/services/log.server";
import { currencyDefaults } from "~/coupon/currency-defaults";

/** What the header shows: the active account's available money (stakes in a live delay are not). */
export interface HeaderBalance {
  accountId: number;
  available: number;
  pending: number;
  currency: string;
  exponent: number;
}

/**
 * What the header shows of the bettor's money: the balance, or none (no active account), or
 * `unavailable` when the platform could not say (away, slow past the deadline, a wrong answer):
 * the header then says so in place rather than failing the page (decision 063).
 */
export interface HeaderBalanceState {
  balance: HeaderBalance | null;
  unavailable: boolean;
}

/**
 * The active account's balance for the header (signed out: neither a balance nor unavailable).
 * With a `deadline` (the page's guard deadline, decision 021) a slow answer is given up on then:
 * the header decorates the page and must not hold it. With the page's `context`, a balance given
 * up on is named in its Server-Timing.
 */
export async function headerBalance(
  token: string,
  options: { signal?: AbortSignal; deadline?: number; context?: AppLoadContext } = {},
): Promise<HeaderBalanceState> {
  const { signal, deadline, context } = options;
  try {
    const balance = getBalance(token, signal, deadline);
    const account = activeAccount(await (deadline === undefined ? balance : beforeDeadline(balance, deadline)));
    if (!account) return { balance: null, unavailable: false };
    const shown = { accountId: account.id, available: account.available, pending: account.pending, currency: account.iso, exponent: currencyDefaults(account.iso).exponent };
    return { balance: shown, unavailable: false };
  } catch (error) {
    // A 401: the session ended meanwhile, so there is no balance to speak of.
    if (error instanceof UpstreamError && error.status === 401) return { balance: null, unavailable: false };
    log.warn("balance.load_failed", { error });
    if (context) tookFallback(context, "balance", failureReason(error));
    return { balance: null, unavailable: true };
  }
}
