import type { ReactNode } from "react";
import { CouponPanel } from "~/components/coupon/CouponPanel";
import type { Section, SportView } from "~/sports/model";
import { SportsMenu } from "./SportsMenu";
import { CouponAlert } from "~/components/coupon/CouponAlert";
import { OneClickBet } from "~/components/coupon/OneClickBet";

/** The bookmaker's three columns: sports menu, the games, the coupon. */
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
  sports: SportView[];
  activeSportId?: number | null;
  activeChampId?: number | null;
  here: string;
  children: ReactNode;
}) {
  return (
    <div className="sports-layout">
      <aside className="sports-layout__menu">
        <SportsMenu lng={lng} section={section} sports={sports} activeSportId={activeSportId} activeChampId={activeChampId} />
      </aside>
      <div className="sports-layout__main">{children}</div>
      <aside className="sports-layout__coupon">
        <CouponPanel lng={lng} returnTo={here} />
      </aside>
      <CouponAlert lng={lng} isOnCouponPage={false} />
      <OneClickBet lng={lng} />
    </div>
  );
}
