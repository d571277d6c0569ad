import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { RootData } from "~/components/root-data";
import { AuthControls } from "./auth/AuthControls";
import { HeaderBalance } from "./HeaderBalance";
import { DisplaySettings } from "./sports/DisplaySettings";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { ListLink, isActiveLink } from "./ListLink";
import { Logo } from "./Logo";
import { localPath } from "~/lib/paths";

/** The product's sections as the header lists them (SPEC §2). */
export const sections = [
  { key: "line", path: "/line" },
  { key: "live", path: "/live" },
  { key: "esports", path: "/cyber/real" },
  { key: "casino", path: "/slots" },
  { key: "liveCasino", path: "/live-casino" },
  { key: "fastGames", path: "/fast-games" },
  { key: "virtualSports", path: "/virtualsports" },
  { key: "toto", path: "/toto" },
  { key: "promotions", path: "/bonuses" },
  { key: "results", path: "/results" },
] as const;

export function SiteHeader({ root }: { root: RootData }) {
  const { t } = useTranslation();
  const { lng } = root;
  const { pathname } = useLocation();
  return (
    <header className="site-header">
      <div className="site-header__top container">
        <a href={localPath(lng, "/")} className="site-header__logo" aria-label={`${root.companyName} — ${t("a11y.home")}`}>
          <Logo company={root.companyName} />
        </a>
        <div className="site-header__actions">
          <DisplaySettings lng={lng} returnTo={`${localPath(lng, root.path)}${root.search}`} />
          <LanguageSwitcher lng={lng} path={root.path} search={root.search} languages={root.languages} />
          {root.user ? (
            <>
              <HeaderBalance lng={lng} initial={root.balance} initialUnavailable={root.balanceUnavailable} isBot={root.isBot} />
              <a href={localPath(lng, "/office/recharge")} className="button button--primary header-deposit" data-testid="header-deposit">
                {t("office.deposit")}
              </a>
            </>
          ) : null}
          <AuthControls root={root} />
        </div>
      </div>
      <nav className="site-nav" aria-label={t("a11y.mainNavigation")}>
        <ul className="site-nav__list container">
          {sections.map((s) => {
            const to = localPath(lng, s.path);
            const active = isActiveLink(pathname, to);
            return (
              <li key={s.key}>
                <ListLink to={to} className={active ? "site-nav__link active" : "site-nav__link"} current={active} prefetch="intent">
                  {t(`nav.${s.key}`)}
                </ListLink>
              </li>
            );
          })}
        </ul>
      </nav>
    </header>
  );
}
