import { useLocation } from "@remix-run/react";
import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { couponBetsAtom } from "~/coupon/store";
import { localPath } from "~/lib/paths";
import { ListLink, isActiveLink } from "./ListLink";

const items = [
  { key: "sports", path: "/line", icon: "M4 12a8 8 0 1 0 16 0 8 8 0 1 0-16 0M12 4v16M4 12h16" },
  { key: "live", path: "/live", icon: "M5 12h3l2-5 4 10 2-5h3" },
  { key: "casino", path: "/slots", icon: "M5 5h14v14H5zM9 9h.01M15 15h.01M15 9h.01M9 15h.01" },
  { key: "coupon", path: "/coupon", icon: "M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6" },
  { key: "menu", path: "/information/about", icon: "M4 7h16M4 12h16M4 17h16" },
] as const;

/** The quick navigation bar at the bottom of narrow screens. */
export function BottomNav({ lng }: { lng: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav className="bottom-nav" aria-label={t("a11y.bottomNavigation")}>
      {items.map((item) => {
        const to = localPath(lng, item.path);
        const active = isActiveLink(pathname, to);
        return (
          <ListLink key={item.key} to={to} className={active ? "bottom-nav__item active" : "bottom-nav__item"} current={active}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d={item.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <span>{t(`bottomNav.${item.key}`)}</span>
            {item.key === "coupon" ? <CouponCount /> : null}
          </ListLink>
        );
      })}
    </nav>
  );
}

/** How many selections the bet slip holds, on its item; nothing while it is empty. */
function CouponCount() {
  const { t } = useTranslation();
  const count = useAtomValue(couponBetsAtom).length;
  if (count === 0) return null;
  return (
    <>
      <span className="count-badge bottom-nav__count" aria-hidden="true" data-testid="bottom-nav-coupon-count">
        {count}
      </span>
      <span className="visually-hidden">{` ${t("bottomNav.couponCount", { count })}`}</span>
    </>
  );
}
