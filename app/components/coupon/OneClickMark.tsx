import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { formatMoney } from "~/coupon/amount-input";
import { couponAccountAtom, oneClickStakeAtom } from "~/coupon/store";

/**
 * The odds pages' mark while one-click betting is on (issue 32): a click on a coefficient places
 * a bet at once, so the bettor sees it on, and for how much, before clicking, with the way to
 * the setting. One click needs JavaScript and its setting lives in the browser: the server renders
 * nothing, and neither does a page before it hydrates.
 */
export function OneClickMark({ lng }: { lng: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const stake = useAtomValue(oneClickStakeAtom);
  const { currency } = useAtomValue(couponAccountAtom);
  if (!hydrated || stake === null) return null;
  return (
    <p className="one-click-mark" data-testid="one-click-mark">
      <span className="one-click-mark__icon" aria-hidden="true">
        ⚡
      </span>
      <span>{t("oneClick.on", { amount: formatMoney(stake, currency.exponent, currency.iso, lng) })}</span>
      <a className="one-click-mark__change" href={`/${lng}/coupon#coupon-settings-title`}>
        {t("oneClick.change")}
      </a>
    </p>
  );
}
