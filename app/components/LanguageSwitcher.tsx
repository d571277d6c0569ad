import { useTranslation } from "react-i18next";
import { localPath } from "~/lib/paths";

/**
 * A disclosure (<details>) of plain links: it opens and works without JavaScript, and each
 * link keeps the current path and query. Switching loads the whole document so the new
 * language's dictionary and text direction come with it.
 */
export function LanguageSwitcher(props: { lng: string; path: string; search: string; languages: Array<{ code: string; name: string }> }) {
  const { t } = useTranslation();
  const current = props.languages.find((l) => l.code === props.lng);
  return (
    <details className="lang-switcher">
      {/* The accessible name starts with what is shown (WCAG 2.5.3), then says what it opens. */}
      <summary className="lang-switcher__summary">
        <span className="lang-switcher__code">{props.lng.toUpperCase()}</span>
        <span className="lang-switcher__name">{current?.name}</span>
        <span className="visually-hidden">{`, ${t("a11y.languageMenu")}`}</span>
      </summary>
      <ul className="lang-switcher__list" aria-label={t("header.language")}>
        {props.languages.map((l) => (
          <li key={l.code}>
            <a
              href={`${localPath(l.code, props.path)}${props.search}`}
              hrefLang={l.code}
              lang={l.code}
              aria-current={l.code === props.lng ? "true" : undefined}
              className="lang-switcher__link"
            >
              <span className="lang-switcher__code">{l.code.toUpperCase()}</span> {l.name}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
