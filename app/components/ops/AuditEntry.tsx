import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { entityLink } from "~/forms/ops/audit";
import { type FieldChange, changes, oneSideFields, showValue } from "~/lib/audit-diff";
import type { AuditEntry } from "~/services/admin.server";
import { type OpsColumn, OpsTable } from "./OpsListPage";
import { useOpsDate } from "./OpsPage";

const diffColumns: ReadonlyArray<OpsColumn<FieldChange>> = [
  { key: "path", header: "ops.audit.field", cell: (row) => row.path, className: "mono", rowHeader: true },
  { key: "before", header: "ops.audit.before", cell: (row) => showValue(row.before), className: "mono ops-break ops-diff--before" },
  { key: "after", header: "ops.audit.after", cell: (row) => showValue(row.after), className: "mono ops-break ops-diff--after" },
];

/** One change of the audit log: who, when, what, and its fields before and after. */
export function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const date = useOpsDate();
  const rows = changes(entry.before, entry.after);
  // A creation or a deletion has one side: show that side's fields rather than a one-sided diff.
  const fields = oneSideFields(entry.before, entry.after);
  const link = entityLink(entry);
  const entity = t(`ops.audit.entities.${entry.entity}`, { defaultValue: entry.entity });
  // Actions are "entity.verb" ("redirect_rule.create"): the dictionary nests them the same way.
  const verb = (entry.action.split(".").pop() ?? "").replace(/[^a-z_]/gi, "");
  return (
    <article className="card ops-audit__entry" aria-labelledby={`audit-${entry.id}`}>
      <header className="ops-audit__head">
        <h2 id={`audit-${entry.id}`} className="ops-audit__title">
          <span className={`badge ops-audit__action ops-audit__action--${verb}`}>{t(`ops.audit.actions.${entry.action}`, { defaultValue: entry.action })}</span>{" "}
          {link ? <Link to={link}>{entity}</Link> : entity}
          {entry.entity_id ? <span className="mono"> {entry.entity_id}</span> : null}
        </h2>
        <p className="small muted">{t("ops.audit.byAt", { actor: entry.actor, at: date(entry.at) })}</p>
      </header>
      {fields ? (
        <dl className={`ops-kv ${entry.after == null ? "ops-kv--removed" : "ops-kv--added"}`} aria-label={t(entry.after == null ? "ops.audit.before" : "ops.audit.after")}>
          {fields.map(([path, value]) => (
            <div key={path} className="ops-kv__item">
              <dt className="mono">{path}</dt>
              <dd className="mono ops-break">{showValue(value)}</dd>
            </div>
          ))}
        </dl>
      ) : rows.length ? (
        <OpsTable columns={diffColumns} rows={rows} rowKey={(row) => row.path} className="ops-audit__diff" />
      ) : (
        <p className="small muted">{t("ops.audit.noChanges")}</p>
      )}
      <details className="ops-audit__full">
        <summary>{t("ops.audit.full")}</summary>
        <div className="ops-audit__sides">
          {(["before", "after"] as const).map((side) => (
            <div key={side}>
              <h3 className="field__label">{t(`ops.audit.${side}`)}</h3>
              <pre className="ops-json">{entry[side] == null ? "—" : JSON.stringify(entry[side], null, 2)}</pre>
            </div>
          ))}
        </div>
      </details>
    </article>
  );
}
