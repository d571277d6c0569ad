import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Kept } from "~/components/Kept";
import { ListLink } from "~/components/ListLink";
import type { Section, SportView } from "~/sports/model";
import { sectionPath, sportPath } from "~/sports/paths";
import { SportIcon } from "./SportIcon";

/**
 * Narrow screens' quick choice of sport: one row of chips above the games, scrolled sideways.
 * The full menu (search, championships) follows the games there; on wide screens it is the left
 * column and this row is not shown. Its markup is kept per `sports` array, as the menu's is
 * (decision 055), so its links are plain list links.
 */
export function SportsStrip({ lng, section, sports, activeSportId }: { lng: string; section: Section; sports: SportView[]; activeSportId?: number | null }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (!sports.some((s) => s.count > 0)) return null;
  const all = sectionPath(lng, section);
  return (
    <nav className="sports-strip" aria-label={t("sports.quickChoice")}>
      <Kept as="ul" className="sports-strip__list" of={sports} variant={`${lng}|${section}|${activeSportId ?? ""}|${pathname}`}>
        {() => (
          <>
            <li>
              <ListLink to={all} className={`chip sports-strip__chip${activeSportId ? "" : " is-active"}`} current={all === pathname}>
                {t(section === "live" ? "sports.allLive" : "sports.allLine")}
              </ListLink>
            </li>
            {sports.filter((s) => s.count > 0).map((sport) => {
              const to = sportPath(lng, section, sport);
              return (
                <li key={sport.id}>
                  <ListLink to={to} className={`chip sports-strip__chip${sport.id === activeSportId ? " is-active" : ""}`} current={to === pathname}>
                    <SportIcon slug={sport.slug} />
                    <span>{sport.name}</span>
                    <span className="sports-strip__count">{sport.count}</span>
                  </ListLink>
                </li>
              );
            })}
          </>
        )}
      </Kept>
    </nav>
  );
}
