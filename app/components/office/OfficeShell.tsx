import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isActiveLink } from "~/components/ListLink";
import { OFFICE_PAGES, officePath } from "./office-pages";

/**
 * The personal office's frame: its side menu (every office page, the current one marked) and the
 * page's own content under its heading.
 */
export function OfficeShell({ lng, title, children, aside }: { lng: string; title: string; children: ReactNode; aside?: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="office container">
      <nav className="office__menu" aria-label={t("office.menuLabel")}>
        <p className="office__menu-title">{t("office.title")}</p>
        <ul>
          {OFFICE_PAGES.map((page) => {
            // The page or one of its steps (recharge/deposit is recharge).
            const current = isActiveLink(pathname, officePath(lng, page.path));
            return (
              <li key={page.key}>
                <a
                  href={officePath(lng, page.path)}
                  className={current ? "office__link office__link--current" : "office__link"}
                  aria-current={current ? "page" : undefined}
                >
                  {t(`office.menu.${page.key}`)}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      <section className="office__main" aria-labelledby="office-title">
        <h1 id="office-title" className="page-title">
          {title}
        </h1>
        {children}
      </section>
      {aside ? <aside className="office__aside">{aside}</aside> : null}
    </div>
  );
}
