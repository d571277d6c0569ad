import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { localPath } from "~/lib/paths";

const NEXT_AT_KEY = "registrationReminder.nextAt";
const NEVER = "never";

/**
 * SPEC §4 registration reminder: for guests, after `delay` seconds, when no auth form or modal
 * is open and the allowed-after time has passed; then the next allowed time is now plus
 * `interval` minutes (0 means never again). Remembered in localStorage.
 */
export function RegistrationReminder(props: { lng: string; delay: number; interval: number }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const { delay, interval, lng } = props;

  useEffect(() => {
    let stored: string | null = null;
    try {
      stored = window.localStorage.getItem(NEXT_AT_KEY);
    } catch {
      return;
    }
    if (stored === NEVER || (stored && Number(stored) > Date.now())) return;
    const timer = window.setTimeout(() => {
      const authOpen = document.querySelector("dialog[open], .age-gate") !== null || /\/(login|registration)(\/|$)/.test(window.location.pathname);
      if (authOpen) return;
      setShown(true);
      try {
        window.localStorage.setItem(NEXT_AT_KEY, interval === 0 ? NEVER : String(Date.now() + interval * 60_000));
      } catch {
        // storage full or blocked: the reminder may show again, which is harmless
      }
    }, delay * 1000);
    return () => window.clearTimeout(timer);
  }, [delay, interval]);

  if (!shown) return null;
  return (
    <aside className="reminder" role="dialog" aria-labelledby="reminder-title">
      <button type="button" className="modal__close" aria-label={t("common.close")} onClick={() => setShown(false)}>
        ×
      </button>
      <h2 id="reminder-title" className="reminder__title">
        {t("auth.reminderTitle")}
      </h2>
      <p className="reminder__text">{t("auth.reminderText")}</p>
      <a className="button button--primary" href={localPath(lng, "/registration")}>
        {t("header.register")}
      </a>
    </aside>
  );
}
