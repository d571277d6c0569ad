import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export interface Crumb {
  label: string;
  href?: string;
}

/** Where the page sits: home › section › sport › championship › game (the last is the page). */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav className="crumbs" aria-label={t("sports.breadcrumbs")}>
      <ol>
        {items.map((item, i) => (
          <li key={`${i}-${item.label}`}>
            {item.href && i < items.length - 1 ? <Link to={item.href}>{item.label}</Link> : <span aria-current="page">{item.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
