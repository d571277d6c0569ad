import { Link } from "@remix-run/react";
import { useAtomValue, useSetAtom } from "jotai";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { NOTIFICATION_AUTO_CLOSE_MS } from "~/constants";
import { couponAtom, dismissCouponNotificationAtom } from "~/coupon/atoms";
import { useCouponNotification } from "~/coupon/use-coupon-storage";

/**
 * The coupon notification of SPEC §4: a bet waiting in the coupon raises a warning after 30 s
 * (live) or 5 min (line) unless the coupon page is open; one at a time, closing by itself after
 * 10 s (SPEC §9), or when the coupon empties.
 */
export function CouponAlert({ lng, isOnCouponPage }: { lng: string; isOnCouponPage: boolean }) {
  const { t } = useTranslation();
  const { alert } = useCouponNotification({ isOnCouponPage, isQuickCouponOpen: false });
  const dismiss = useSetAtom(dismissCouponNotificationAtom);
  const coupon = useAtomValue(couponAtom);
  useEffect(() => {
    if (!alert) return;
    const timer = setTimeout(() => dismiss(), NOTIFICATION_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [alert, dismiss]);
  if (!alert) return null;
  const bet = coupon.bets.find((b) => b.market.id === alert.betMarketId);
  return (
    <div className="toast toast--warning" role="alert" data-testid="coupon-alert">
      <p className="toast__title">{t("notifications.warning")}</p>
      <p className="toast__text">
        {t("coupon.alert", { game: bet ? `${bet.market.opponent1Name} — ${bet.market.opponent2Name}` : "" })}
      </p>
      <div className="toast__actions">
        <Link to={`/${lng}/coupon`} className="button button--small button--primary" onClick={() => dismiss()}>
          {t("coupon.openCoupon")}
        </Link>
        <button type="button" className="button button--small button--ghost" onClick={() => dismiss()}>
          {t("common.close")}
        </button>
      </div>
    </div>
  );
}
