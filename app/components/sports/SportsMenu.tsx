import { Form, NavLink, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Kept } from "~/components/Kept";
import { ListLink } from "~/components/ListLink";
import { type Section, type SportView, champTitle } from "~/sports/model";
import { champPath, sectionPath, sportPath } from "~/sports/paths";
import { SportIcon } from "./SportIcon";

/**
 * The sports menu: the section switch and every sport with its number of games. The list of
 * sports is the same for every viewer of a menu answer and page: the server keeps its markup
 * per `sports` array (one per answer, view and open sport) and variant (decision 055).
 */
export function SportsMenu({ lng, section, sports, activeSportId, activeChampId }: { lng: string; section: Section; sports: SportView[]; activeSportId?: number | null; activeChampId?: number | null }) {
  const { t } = useTranslation();
  // The link to the page shown is the current page, as NavLink would mark it with `end`.
  const { pathname } = useLocation();
  return (
    <nav className="sports-menu" aria-label={t("sports.menu")}>
      <div className="sports-menu__sections">
        {(["line", "live"] as const).map((s) => (
          <NavLink key={s} to={sectionPath(lng, s)} className={`sports-menu__section${s === section ? " is-active" : ""}`} end={false}>
            {s === "live" ? <span className="live-dot" aria-hidden="true" /> : null}
            {t(`sports.section.${s}`)}
          </NavLink>
        ))}
      </div>
      {/* A plain GET form: the search page works without JavaScript. */}
      <Form method="get" action={`/${lng}/search`} className="sports-menu__search" role="search">
        <label htmlFor="sports-search-q" className="visually-hidden">
          {t("search.label")}
        </label>
        <input id="sports-search-q" type="search" name="q" placeholder={t("search.placeholder")} minLength={2} maxLength={64} required />
        <button type="submit" className="sports-menu__search-go">
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <circle cx="11" cy="11" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M16 16l5 5" stroke="currentColor" strokeWidth="2" />
          </svg>
          <span className="visually-hidden">{t("search.submit")}</span>
        </button>
      </Form>
      <Kept as="ul" className="sports-menu__list" of={sports} variant={`${lng}|${section}|${activeSportId ?? ""}|${activeChampId ?? ""}|${pathname}`}>
        {() => (
          <>
            {sports.filter((s) => s.count > 0).map((sport) => {
              const to = sportPath(lng, section, sport);
              return (
                <li key={sport.id}>
                  <ListLink to={to} className={`sports-menu__item${sport.id === activeSportId ? " is-active" : ""}`} current={to === pathname} prefetch="intent">
                    <SportIcon slug={sport.slug} />
                    <span className="sports-menu__name">{sport.name}</span>
                    <span className="sports-menu__count">{sport.count}</span>
                  </ListLink>
                  {sport.id === activeSportId ? (
                    <ul className="sports-menu__champs">
                      {sport.champs
                        .filter((c) => c.count > 0)
                        .map((champ) => {
                          const champTo = champPath(lng, section, sport, champ);
                          return (
                            <li key={champ.id}>
                              <ListLink to={champTo} className={`sports-menu__champ${champ.id === activeChampId ? " is-active" : ""}`} current={champTo === pathname}>
                                <span className="sports-menu__name">{champTitle(champ.name, champ.countryName)}</span>
                                <span className="sports-menu__count">{champ.count}</span>
                              </ListLink>
                            </li>
                          );
                        })}
                    </ul>
                  ) : null}
                </li>
              );
            })}
            {/* Marble racing has a page of its own (its races are not matches of the line or live). */}
            <li>
              <ListLink to={`/${lng}/marble`} className="sports-menu__item" current={`/${lng}/marble` === pathname} prefetch="intent">
                <SportIcon slug="marble" />
                <span className="sports-menu__name">{t("marble.title")}</span>
              </ListLink>
            </li>
          </>
        )}
      </Kept>
    </nav>
  );
}
