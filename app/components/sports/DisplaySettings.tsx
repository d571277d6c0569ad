import { useMatches } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ODDS_FORMATS } from "~/coupon/odds-format";
import type { RouteId } from "~/route-ids";
import { DISPLAY_FLAGS, type DisplaySettings as Settings } from "~/sports/display";

/**
 * Display settings in the header (issue 13): odds format, European or Asian view, light or dark
 * theme, and the flags compact view, best matches on top, show game id and team logos. A
 * disclosure with a plain form: it opens and submits without JavaScript; the choice is kept in a
 * cookie (guests) or on the platform (bettors) and applies from the next page on.
 */
export function DisplaySettings({ lng, returnTo, open }: { lng: string; returnTo: string; open?: boolean }) {
  const { t } = useTranslation();
  const display = (useMatches().find((m) => m.id === ("lng" satisfies RouteId))?.data as { display?: Settings } | undefined)?.display;
  if (!display) return null;
  return (
    <details className="display-settings" open={open}>
      <summary className="display-settings__summary" aria-label={t("display.title")}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </summary>
      <form method="post" action={`/${lng}/display-settings`} className="display-settings__form">
        <AuthenticityTokenInput />
        <input type="hidden" name="returnTo" value={returnTo} />
        <label className="field-row">
          <span>{t("display.odds")}</span>
          <select name="odds" defaultValue={display.odds}>
            {ODDS_FORMATS.map((f) => (
              <option key={f} value={f}>
                {t(`display.oddsFormats.${f}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field-row">
          <span>{t("display.view")}</span>
          <select name="view" defaultValue={display.view}>
            <option value="0">{t("display.views.0")}</option>
            <option value="1">{t("display.views.1")}</option>
          </select>
        </label>
        <label className="field-row">
          <span>{t("display.theme")}</span>
          <select name="theme" defaultValue={display.theme}>
            <option value="1">{t("display.themes.1")}</option>
            <option value="0">{t("display.themes.0")}</option>
          </select>
        </label>
        <fieldset className="display-settings__flags">
          <legend className="visually-hidden">{t("display.flags")}</legend>
          {DISPLAY_FLAGS.map((flag) => (
            <label key={flag} className="field-check">
              <input type="checkbox" name={flag} value="1" defaultChecked={display[flag] === 1} />
              <span>{t(`display.flag.${flag}`)}</span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button button--primary button--small">
          {t("display.save")}
        </button>
      </form>
    </details>
  );
}
