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

/** The active account's balance for the header, or null (signed out, no account, platform down). */
export async function headerBalance(token: string, signal?: AbortSignal): Promise<HeaderBalance | null> {
  try {
    const account = activeAccount(await getBalance(token, signal));
    if (!account) return null;
    return { accountId: account.id, available: account.available, pending: account.pending, currency: account.iso, exponent: currencyDefaults(account.iso).exponent };
  } catch (error) {
    if (!(error instanceof UpstreamError && error.status === 401)) log.warn("balance.load_failed", { error });
    return null;
  }
}
