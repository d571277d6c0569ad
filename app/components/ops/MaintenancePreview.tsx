import { useTranslation } from "react-i18next";
import { StatusPage } from "~/components/StatusPage";
import type { Maintenance } from "~/services/site-config";
import { useOpsDate } from "./OpsPage";

/** The stored maintenance value in words, in the site's time zone. */
export function MaintenanceSummary({ value }: { value: Maintenance }) {
  const { t } = useTranslation();
  const date = useOpsDate();
  const range = (start: string | null, end: string | null) => (start || end ? `${start ? date(start) : "…"} – ${end ? date(end) : "…"}` : "—");
  return (
    <ul className="ops-summary">
      <li>
        <span className="muted">{t("ops.switches.maintenance.window")}:</span> {range(value.started_at, value.ended_at)}
      </li>
      <li>
        <span className="muted">{t("ops.switches.maintenance.notifyWindow")}:</span> {range(value.notify_started_at, value.notify_ended_at)}
      </li>
      <li>
        <span className="muted">web_state:</span> <span className="mono">{value.web_state}</span>
      </li>
    </ul>
  );
}

/** The maintenance page and the notice as visitors will see them with this value. */
export function MaintenancePreview({ value }: { value: Maintenance }) {
  const { t } = useTranslation();
  const when = useOpsDate();
  const hasWindow = Boolean(value.started_at && value.ended_at);
  const noticeShown = hasWindow && Boolean(value.notify_started_at && value.notify_ended_at);
  return (
    <div className="ops-preview" aria-labelledby="maintenance-preview-title">
      <h3 id="maintenance-preview-title" className="ops-preview__title">
        {t("ops.switches.preview.title")}
      </h3>
      <p className="small muted">{t(value.isActive ? "ops.switches.preview.pageActive" : "ops.switches.preview.pageInactive")}</p>
      <div className="ops-preview__frame" data-testid="maintenance-preview">
        <StatusPage
          icon="tools"
          tone="warning"
          title={t("maintenance.title")}
          actions={
            <span className="button button--primary" aria-hidden="true">
              {t("maintenance.refresh")}
            </span>
          }
        >
          <p>{hasWindow ? t("maintenance.text", { start: when(value.started_at!), end: when(value.ended_at!) }) : t("maintenance.textNoWindow")}</p>
          <p>{t("maintenance.apology")}</p>
        </StatusPage>
      </div>
      <p className="small muted">{t("ops.switches.preview.language")}</p>
      <p className="small muted">
        {noticeShown
          ? t("ops.switches.preview.noticeWindow", { start: when(value.notify_started_at!), end: when(value.notify_ended_at!) })
          : t("ops.switches.preview.noticeOff")}
      </p>
      {hasWindow ? (
        <div className="notice notice--warning" data-testid="notice-preview">
          <p className="notice__text">
            <strong>{t("maintenance.noticeTitle")}</strong> {t("maintenance.noticeText", { start: when(value.started_at!), end: when(value.ended_at!) })}
          </p>
          <span className="notice__close" aria-hidden="true">
            ×
          </span>
        </div>
      ) : null}
    </div>
  );
}
