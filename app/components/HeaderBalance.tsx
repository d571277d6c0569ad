import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { BALANCE_POLL } from "~/constants";
import { formatMoney } from "~/coupon/amount-input";
import type { HeaderBalance as Balance } from "~/loaders/balance.server";

const REFRESH_EVENT = "arena:balance-refresh";

/** Asks the header to read the balance again (after a bet, a live bet decided). */
export function requestBalanceRefresh(): void {
  if (typeof window !== "undefined") window.dispatchEvent(new Event(REFRESH_EVENT));
}

/**
 * The active account's balance in the header, leading to the deposit. It comes with the page and is read again after a
 * bet: then up to 5 times, 2500 ms apart, while a stake is still pending (a live bet in its
 * delay) or no account is active. Search bots get no timers (`isBot`).
 */
export function HeaderBalance({ lng, initial, initialUnavailable, isBot }: { lng: string; initial: Balance | null; initialUnavailable: boolean; isBot: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ balance: Balance | null; unavailable: boolean }>();
  const [round, setRound] = useState(-1);
  const balance = fetcher.data?.balance ?? initial;
  const unavailable = !balance && (fetcher.data ? fetcher.data.unavailable : initialUnavailable);
  const load = fetcher.load;

  useEffect(() => {
    if (isBot) return;
    const start = () => {
      setRound(0);
      load(`/${lng}/balance`);
    };
    window.addEventListener(REFRESH_EVENT, start);
    return () => window.removeEventListener(REFRESH_EVENT, start);
  }, [isBot, lng, load]);

  // The next refresh of a polling round, while something is still moving.
  useEffect(() => {
    if (isBot || round < 0 || fetcher.state !== "idle") return;
    const unsettled = !balance || balance.pending > 0;
    if (round >= BALANCE_POLL.times - 1 || !unsettled) return;
    const timer = setTimeout(() => {
      setRound((r) => r + 1);
      load(`/${lng}/balance`);
    }, BALANCE_POLL.delayMs);
    return () => clearTimeout(timer);
  }, [isBot, round, fetcher.state, balance, lng, load]);

  if (unavailable) {
    // The platform could not say (decision 063): said in place, the rest of the page stands.
    return (
      <span className="header-balance header-balance--unavailable" data-testid="header-balance-unavailable">
        {t("bets.balanceUnavailable")}
      </span>
    );
  }
  if (!balance) return null;
  return (
    <a href={`/${lng}/office/recharge`} className="header-balance" data-testid="header-balance" title={t("office.depositTitle")}>
      <span className="header-balance__label">{t("bets.balance")}</span>
      <b className="header-balance__amount" data-testid="header-balance-amount">
        {formatMoney(balance.available, balance.exponent, balance.currency, lng)}
      </b>
    </a>
  );
}
