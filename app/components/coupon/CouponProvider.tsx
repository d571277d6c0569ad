import { Provider } from "jotai";
import { type ReactNode, useEffect, useState } from "react";
import { useAuthenticityToken } from "remix-utils/csrf/react";
import { useRootData } from "~/components/root-data";
import { createCouponStore, syncCouponAccount } from "~/coupon/store";
import type { CouponSeed } from "~/coupon/seed";
import type { CouponSettingsSeed } from "~/coupon/settings-seed.server";
import { useCouponStorage } from "~/coupon/use-coupon-storage";

/**
 * One coupon store per page load (per request on the server), seeded with the no-JavaScript
 * cookie's coupon and settings (`kept`) so the server and the first client render agree; after
 * hydration the store reads localStorage, merges the cookie in and asks the server to clear the
 * coupon cookie (the settings cookie stays: it is the bettor's without JavaScript).
 */
export function CouponProvider({ seed, kept, lng, children }: { seed: CouponSeed; kept?: CouponSettingsSeed; lng: string; children: ReactNode }) {
  // The balance the page came with: the stake never starts above it.
  const balance = useRootData()?.balance;
  const available = balance && balance.currency === seed.currency.iso ? balance.available : null;
  const account = { isSignedIn: seed.isSignedIn, currency: seed.currency, isBonusAccount: false, oddsFormat: seed.oddsFormat, available };
  const [store] = useState(() =>
    createCouponStore({ cookieCoupon: seed.cookieCoupon, config: seed.config, account, settings: kept?.settings, maxBetAmount: kept?.maxBetAmount }),
  );
  // Signing in or out without a new document (the login modal) changes the seed under a store
  // made once: the coupon follows the bettor's currency and balance from then on.
  const { isSignedIn, oddsFormat } = seed;
  const iso = seed.currency.iso;
  useEffect(() => {
    syncCouponAccount(store, account);
    // `account` is rebuilt each render; what it holds is named here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, isSignedIn, iso, oddsFormat, available]);
  return (
    <Provider store={store}>
      <CouponStorage seed={seed} lng={lng} />
      {children}
    </Provider>
  );
}

function CouponStorage({ seed, lng }: { seed: CouponSeed; lng: string }) {
  const token = useAuthenticityToken();
  useCouponStorage({
    cookieCoupon: seed.cookieCoupon,
    onCookieMerged: () => {
      // The cookie's bets now live in localStorage: the cookie goes, so they are not merged twice.
      const body = new FormData();
      body.set("intent", "clear-cookie");
      body.set("csrf", token);
      void fetch(`/${lng}/coupon`, { method: "POST", body, headers: { accept: "application/json" } }).catch(() => undefined);
    },
  });
  return null;
}
