import { NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Section, SportView } from "~/sports/model";
import { sectionPath, sportPath } from "./paths";
import { SportIcon } from "./SportIcon";

/** The sports menu: the section switch and every sport with its number of games. */
export function SportsMenu({ lng, section, sports, activeSportId }: { lng: string; section: Section; sports: SportView[]; activeSportId?: number | null }) {
  const { t } = useTranslation();
  const shown = sports.filter((s) => s.count > 0);
  return (
    <nav className="sports-menu" aria-label={t("sports.menu")}>
      <div className="sports-menu__sections" role="list">
        {(["line", "live"] as const).map((s) => (
          <NavLink key={s} role="listitem" to={sectionPath(lng, s)} className={`sports-menu__section${s === section ? " is-active" : ""}`} end={false}>
            {s === "live" ? <span className="live-dot" aria-hidden="true" /> : null}
            {t(`sports.section.${s}`)}
          </NavLink>
        ))}
      </div>
      <ul className="sports-menu__list">
        {shown.map((sport) => (
          <li key={sport.id}>
            <NavLink
              to={sportPath(lng, section, sport)}
              className={`sports-menu__item${sport.id === activeSportId ? " is-active" : ""}`}
              prefetch="intent"
            >
              <SportIcon slug={sport.slug} />
              <span className="sports-menu__name">{sport.name}</span>
              <span className="sports-menu__count">{sport.count}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
