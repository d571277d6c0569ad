import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuditEntryCard, OpsListPage, opsMeta } from "~/components/ops";
import { auditFilters, auditQuery } from "~/forms/ops/audit";
import { opsLoader, opsQuery } from "~/loaders/ops.server";
import { listAudit } from "~/services/admin.server";

const PAGE_SIZE = 25;

/** The audit log: every change made in the console, newest first; one record's from its page. */
export const loader = (args: LoaderFunctionArgs) =>
  opsLoader(args, "ops-audit", async (ops) => {
    const query = opsQuery(ops, auditQuery);
    return { query, list: await listAudit(ops.token, { ...query, page: query.page ?? 1, pageSize: PAGE_SIZE }) };
  });

export const meta = opsMeta;

export default function Audit() {
  const { list, query } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <OpsListPage
      id="audit"
      title={t("ops.audit.title")}
      filters={{ fields: auditFilters, values: query, submit: "ops.audit.filter" }}
      count={t("ops.audit.count", { count: list.total })}
      list={list}
      card={(entry) => <AuditEntryCard entry={entry} />}
      cardsClassName="ops-audit"
      empty={t("ops.audit.none")}
    />
  );
}
