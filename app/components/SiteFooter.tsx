import { useTranslation } from "react-i18next";
import type { RootData } from "~/components/root-data";
import { localPath } from "~/lib/paths";
import { ListLink } from "./ListLink";

const columns = [
  {
    titleKey: "footer.infoTitle",
    links: [
      { key: "about", path: "/information/about" },
      { key: "contacts", path: "/information/contacts" },
      { key: "licenses", path: "/information/licenses" },
      { key: "news", path: "/news" },
      { key: "partners", path: "/ourpartners" },
    ],
  },
  {
    titleKey: "footer.bettingTitle",
    links: [
      { key: "rules", path: "/rules/1" },
      { key: "howbet", path: "/information/howbet" },
      { key: "bettingCalculator", path: "/information/betting-calculator" },
      { key: "results", path: "/results" },
      { key: "statistics", path: "/statistic" },
    ],
  },
  {
    titleKey: "footer.helpTitle",
    links: [
      { key: "payment", path: "/information/payment" },
      { key: "responsibleGaming", path: "/information/responsiblegaming" },
      { key: "cookies", path: "/information/cookies" },
      { key: "amlPolicy", path: "/information/amlpolicy" },
      { key: "kycPolicy", path: "/information/kycpolicy" },
      { key: "disputeResolution", path: "/information/disputeresolution" },
    ],
  },
] as const;

export function SiteFooter({ root }: { root: RootData }) {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <nav className="site-footer__nav" aria-label={t("a11y.footerNavigation")}>
          {columns.map((col) => (
            <div key={col.titleKey} className="site-footer__col">
              <h2 className="site-footer__title">{t(col.titleKey)}</h2>
              <ul>
                {col.links.map((l) => (
                  <li key={l.key}>
                    <ListLink to={localPath(root.lng, l.path)}>{t(`footer.${l.key}`)}</ListLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        {root.socialLinks.length ? (
          <div className="site-footer__col">
            <h2 className="site-footer__title">{t("footer.socialTitle")}</h2>
            <ul className="social-links">
              {root.socialLinks.map((s) => (
                <li key={s.name}>
                  <a href={s.link} rel="noopener noreferrer" target="_blank" className={`social-links__item social-links__item--${s.iconName}`}>
                    {s.name}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <div className="container site-footer__bottom">
        <span className="age-icon" role="img" aria-label={t("footer.ageIcon", { age: root.ageLimit })}>
          {t("footer.ageIcon", { age: root.ageLimit })}
        </span>
        <p className="site-footer__notice">{t("footer.ageNotice", { age: root.ageLimit })}</p>
        <p className="site-footer__copyright">{t("footer.copyright", { year: root.year, company: root.companyName })}</p>
      </div>
    </footer>
  );
}
