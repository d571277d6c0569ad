import { Link, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * Previous / page N of M / next, as links that keep the current query (filters) and change
 * only `page`; `drop` names query parameters that should not survive a page change.
 */
export function Pager({ path, page, total, pageSize, drop = [] }: { path: string; page: number; total: number; pageSize: number; drop?: string[] }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const href = (to: number) => {
    const next = new URLSearchParams(params);
    for (const name of drop) next.delete(name);
    next.set("page", String(to));
    return `${path}?${next}`;
  };
  return (
    <nav className="pager" aria-label={t("pager.label")}>
      {page > 1 ? <Link to={href(page - 1)}>{t("pager.previous")}</Link> : <span />}
      <span>{t("pager.pageOf", { page, pages })}</span>
      {page < pages ? <Link to={href(page + 1)}>{t("pager.next")}</Link> : <span />}
    </nav>
  );
}
