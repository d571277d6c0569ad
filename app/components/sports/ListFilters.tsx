import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TIME_FILTERS, type TimeFilter } from "~/sports/filters";

/**
 * The Betting state's filters as links (SPEC §3): time filter, group by country, only with
 * video. Each is a GET of the same page, so they work without JavaScript and bots see them.
 */
export function ListFilters({ path, search, timeFilter, byCountry, onlyWithVideo }: { path: string; search: string; timeFilter: TimeFilter; byCountry: boolean; onlyWithVideo: boolean }) {
  const { t } = useTranslation();
  const href = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) params.delete(k);
      else params.set(k, v);
    }
    const qs = params.toString();
    return qs ? `${path}?${qs}` : path;
  };
  return (
    <div className="list-filters">
      <nav className="list-filters__time" aria-label={t("sports.timeFilter")}>
        {TIME_FILTERS.map((f) => (
          <Link key={f} to={href({ filter: f === 0 ? null : String(f) })} className={`chip${f === timeFilter ? " is-active" : ""}`} aria-current={f === timeFilter ? "true" : undefined} preventScrollReset>
            {t(`sports.timeFilters.${f}`)}
          </Link>
        ))}
      </nav>
      <div className="list-filters__toggles">
        <Link to={href({ group: byCountry ? null : "country" })} className={`chip chip--toggle${byCountry ? " is-active" : ""}`} preventScrollReset>
          {t("sports.groupByCountry")}
        </Link>
        <Link to={href({ video: onlyWithVideo ? null : "1" })} className={`chip chip--toggle${onlyWithVideo ? " is-active" : ""}`} preventScrollReset>
          {t("sports.onlyWithVideo")}
        </Link>
      </div>
    </div>
  );
}
