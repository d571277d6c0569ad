import { Link } from "@remix-run/react";
import { useAtomValue, useSetAtom } from "jotai";
import { useTranslation } from "react-i18next";
import { couponBetsAtom, dismissCouponNotificationAtom } from "~/coupon/store";
import { useCouponNotification } from "~/coupon/use-coupon-storage";
import { closeNoticeAtom } from "~/notifications/atoms";
import { useNotice } from "../Notifications";

const KEY = "coupon-alert";

/**
 * The coupon notification of SPEC §4: a bet waiting in the coupon raises a warning after 30 s
 * (live) or 5 min (line) unless the coupon page is open. It is a notification of the site's one
 * slot (SPEC §9: closes by itself after 10 s, which dismisses it as the close button does), and
 * goes when the coupon empties or the coupon page opens.
 */
export function CouponAlert({ lng, isOnCouponPage }: { lng: string; isOnCouponPage: boolean }) {
  const { t } = useTranslation();
  const { alert } = useCouponNotification({ isOnCouponPage, isQuickCouponOpen: false });
  const dismiss = useSetAtom(dismissCouponNotificationAtom);
  const close = useSetAtom(closeNoticeAtom);
  const bets = useAtomValue(couponBetsAtom);
  const bet = alert ? bets.find((b) => b.market.id === alert.betMarketId) : undefined;
  const text = t("coupon.alert", { game: bet ? `${bet.market.opponent1Name} — ${bet.market.opponent2Name}` : "" });
  useNotice(
    KEY,
    alert
      ? {
          kind: "warning",
          onClose: () => dismiss(),
          body: {
            type: "node",
            node: (
              <>
                <p data-testid="coupon-alert">{text}</p>
                <p className="notification__actions">
                  <Link to={`/${lng}/coupon`} className="button button--small button--primary" onClick={() => close(KEY)}>
                    {t("coupon.openCoupon")}
                  </Link>
                </p>
              </>
            ),
          },
        }
      : null,
    text,
  );
  return null;
}
