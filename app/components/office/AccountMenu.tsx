import { useTranslation } from "react-i18next";
import { OFFICE_PAGES, officePath } from "./office-pages";

/**
 * The signed-in bettor's menu in the header: their name opens it (a disclosure, so it opens
 * without JavaScript) and it lists every office page.
 */
export function AccountMenu({ lng, name, id }: { lng: string; name: string | null; id: number }) {
  const { t } = useTranslation();
  const shown = name ?? t("auth.accountId", { id });
  return (
    <details className="account-menu" data-testid="account-menu">
      <summary className="user-chip account-menu__summary" title={t("auth.accountId", { id })}>
        <span className="user-chip__avatar" aria-hidden="true">
          {shown.slice(0, 1).toUpperCase()}
        </span>
        <span className="user-chip__name">{shown}</span>
        <span className="visually-hidden">{t("office.openMenu")}</span>
      </summary>
      <div className="account-menu__panel">
        <p className="account-menu__id">{t("auth.accountId", { id })}</p>
        <ul className="account-menu__list">
          {OFFICE_PAGES.map((page) => (
            <li key={page.key}>
              <a href={officePath(lng, page.path)} className="account-menu__link">
                {t(`office.menu.${page.key}`)}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
