import type { ReactNode } from "react";
import { CouponPanel } from "~/components/coupon/CouponPanel";
import { type PreparedJson, usePreparedJson } from "~/lib/prepared-json";
import type { Section, SportView } from "~/sports/model";
import { SportsMenu } from "./SportsMenu";
import { SportsStrip } from "./SportsStrip";
import { CouponAlert } from "~/components/coupon/CouponAlert";
import { OneClickBet } from "~/components/coupon/OneClickBet";
import { OneClickMark } from "~/components/coupon/OneClickMark";

/**
 * The bookmaker's three columns: sports menu, the games, the coupon. The games come first in the
 * page (the grid puts the menu on the left of wide screens), so a phone shows the quick sport
 * choice and the games before the full menu, and a screen reader reaches the games first.
 */
export function SportsLayout({
  lng,
  section,
  sports,
  activeSportId,
  activeChampId,
  here,
  children,
}: {
  lng: string;
  section: Section;
  sports: PreparedJson<SportView[]>;
  activeSportId?: number | null;
  activeChampId?: number | null;
  here: string;
  children: ReactNode;
}) {
  // The menu as the loader prepared it (SportsContext.menu): on the server, the loader's own array.
  const menu = usePreparedJson(sports);
  return (
    <div className="sports-layout">
      <div className="sports-layout__main">
        <SportsStrip lng={lng} section={section} sports={menu} activeSportId={activeSportId} />
        <OneClickMark lng={lng} />
        {children}
      </div>
      <aside className="sports-layout__menu">
        <SportsMenu lng={lng} section={section} sports={menu} activeSportId={activeSportId} activeChampId={activeChampId} />
      </aside>
      <aside className="sports-layout__coupon">
        <CouponPanel lng={lng} returnTo={here} />
      </aside>
      <CouponAlert lng={lng} isOnCouponPage={false} />
      <OneClickBet lng={lng} />
    </div>
  );
}
