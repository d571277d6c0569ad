import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { formatDateTime } from "~/lib/format";

/**
 * The maintenance notice (SPEC §8): a warning with a close button. Closing posts a form, so it
 * works without JavaScript; with JavaScript the notice hides at once.
 */
export function MaintenanceNotice(props: { lng: string; startedAt: string; endedAt: string; timeZone: number; returnTo: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  if (fetcher.state !== "idle" || fetcher.data) return null;
  return (
    <div className="notice notice--warning" role="alert">
      <p className="notice__text">
        <strong>{t("maintenance.noticeTitle")}</strong>{" "}
        {t("maintenance.noticeText", {
          start: formatDateTime(props.startedAt, props.lng, props.timeZone),
          end: formatDateTime(props.endedAt, props.lng, props.timeZone),
        })}
      </p>
      <fetcher.Form method="post" action={`/${props.lng}/notice/maintenance`} className="notice__close-form">
        <AuthenticityTokenInput />
        <input type="hidden" name="returnTo" value={props.returnTo} />
        <button type="submit" className="notice__close" aria-label={t("common.close")}>
          ×
        </button>
      </fetcher.Form>
    </div>
  );
}
