// The operations console's kit: an editor is its loader data, its columns and its schema
// (docs/ARCHITECTURE.md, "Operations console kit").
export { OpsListPage, OpsTable, OpsFilters, type OpsColumn, type OpsList } from "./OpsListPage";
export { OpsPage, OpsSection, OpsNotices, opsMeta, useOpsShell, useOpsDate, type OpsNotice, type OpsShell } from "./OpsPage";
export { OpsRecordForm, OpsRecordMeta, type OpsButton, type OpsRecord } from "./OpsRecordForm";
export { AuditEntryCard } from "./AuditEntry";
export { OpsRowActions, OpsRowError, OpsRowForm, usePageRowReply } from "./OpsRowActions";
export { MaintenancePreview, MaintenanceSummary } from "./MaintenancePreview";
