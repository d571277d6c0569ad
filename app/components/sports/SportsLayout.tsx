import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
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
  paused = false,
  children,
}: {
  lng: string;
  section: Section;
  sports: PreparedJson<SportView[]>;
  activeSportId?: number | null;
  activeChampId?: number | null;
  here: string;
  /**
   * The page shows the last odds the site had while the platform is away (decision 063): a notice
   * says betting is paused, and the coupon's controls are disabled (no placing without JavaScript either).
   */
  paused?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  // The menu as the loader prepared it (SportsContext.menu): on the server, the loader's own array.
  const menu = usePreparedJson(sports);
  return (
    <div className="sports-layout">
      <div className="sports-layout__main">
        {paused ? (
          <p className="notice notice--warning sports-paused" role="status" data-testid="betting-paused">
            <LockIcon />
            {t("sports.paused")}
          </p>
        ) : null}
        <SportsStrip lng={lng} section={section} sports={menu} activeSportId={activeSportId} />
        <OneClickMark lng={lng} />
        {children}
      </div>
      <aside className="sports-layout__menu">
        <SportsMenu lng={lng} section={section} sports={menu} activeSportId={activeSportId} activeChampId={activeChampId} />
      </aside>
      <aside className="sports-layout__coupon">
        {/* Always a fieldset, so that the coupon keeps its state when betting resumes. */}
        <fieldset className="sports-layout__coupon-set" disabled={paused}>
          {paused ? <legend className="visually-hidden">{t("sports.pausedShort")}</legend> : null}
          <CouponPanel lng={lng} returnTo={here} />
        </fieldset>
      </aside>
      <CouponAlert lng={lng} isOnCouponPage={false} />
      <OneClickBet lng={lng} />
    </div>
  );
}

function LockIcon() {
  return (
    <svg className="sports-paused__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5z" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/**
 * A sports page while the platform is away and the site has no copy of its odds (decision 063):
 * the page itself, with its heading and the message in place of the games (its answer is a 503),
 * rather than an error page. The link loads the page again; bots get no timer. Here rather than
 * in a module of its own: the pages that show it would otherwise load one more file (decision 057).
 */
export function SportsUnavailable({ lng, section, heading, here, sports }: { lng: string; section: Section; heading: string; here: string; sports: PreparedJson<SportView[]> }) {
  const { t } = useTranslation();
  return (
    <SportsLayout lng={lng} section={section} sports={sports} here={here}>
      <header className="sports-head">
        <h1 className="sports-head__title">{heading}</h1>
      </header>
      <div className="notice notice--warning sports-unavailable" role="status" data-testid="sports-unavailable">
        <p className="notice__text">{t("sports.unavailable")}</p>
        <a href={here} className="button button--ghost">
          {t("errors.refresh")}
        </a>
      </div>
    </SportsLayout>
  );
}
