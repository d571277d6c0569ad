import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { type OpsColumn, OpsPage, OpsRecordForm, OpsSection, OpsTable, opsMeta } from "~/components/ops";
import { opsAction } from "~/forms/action.server";
import { adminCall } from "~/forms/ops/answers.server";
import { MAX_IMPORT_BYTES, fileIntoText, importFields, importForm } from "~/forms/ops/transfer";
import { numberParam, opsLoader } from "~/loaders/ops.server";
import { adminErrorKey, importRules, listRedirectRules } from "~/services/admin.server";

export const loader = (args: LoaderFunctionArgs) =>
  opsLoader(args, "ops-transfer", async (ops) => ({
    total: (await listRedirectRules(ops.token, { page: 1, pageSize: 1 })).total,
    imported: numberParam(ops, "imported", 7),
    replaced: ops.site.url.searchParams.get("mode") === "replace",
  }));

export const meta = opsMeta;

/** A refused row of an import, with the dictionary key of its problem (worked out here, on the server). */
interface RefusedRow {
  row: number;
  field?: string;
  message: string;
  problem: string;
}

/** A row's problem in words: the admin refusal's own message when known, else a general one. */
function rowProblemKey(code: string): string {
  const key = adminErrorKey(code);
  return key === "ops.adminErrors.refused" ? "ops.transfer.badRow" : key;
}

export const action = (args: ActionFunctionArgs) =>
  opsAction(
    args,
    importForm,
    async ({ ctx: ops, value, submission }) => {
      const imported = await adminCall(importRules(ops.token, value.json, value.mode), { keys: { payload_too_large: "ops.transfer.errors.tooLarge" } });
      if (imported.ok) throw redirect(`/ops/transfer?imported=${imported.value.imported}&mode=${value.mode}`);
      const { refusal } = imported;
      const rows = refusal.rows?.map((row): RefusedRow => ({ ...row, problem: rowProblemKey(row.code) })) ?? null;
      return data({ lastResult: submission.reply({ formErrors: [refusal.key] }), rows, detail: rows?.length ? null : refusal.detail }, { status: refusal.status });
    },
    {
      maxBytes: MAX_IMPORT_BYTES,
      prepare: fileIntoText,
      invalid: (lastResult) => ({ lastResult: lastResult as SubmissionResult<string[]> | null, rows: null as RefusedRow[] | null, detail: null as string | null }),
    },
  );

const rowColumns: ReadonlyArray<OpsColumn<RefusedRow>> = [
  { key: "row", header: "ops.transfer.row", cell: (row) => row.row + 1 },
  { key: "field", header: "ops.transfer.field", cell: (row) => row.field ?? "—", className: "mono" },
  { key: "problem", header: "ops.transfer.problem", cell: (row) => <RowProblem row={row} /> },
];

function RowProblem({ row }: { row: RefusedRow }) {
  const { t } = useTranslation();
  return (
    <>
      {t(row.problem)}
      <div className="mono small muted">{row.message}</div>
    </>
  );
}

export default function Transfer() {
  const { total, imported, replaced } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <OpsPage
      id="transfer"
      title={t("ops.transfer.title")}
      notices={[imported !== null && { text: t(replaced ? "ops.transfer.replacedOk" : "ops.transfer.importedOk", { count: imported }) }]}
    >
      <OpsSection id="export" title={t("ops.transfer.exportTitle")} className="ops-form">
        <p className="muted">{t("ops.transfer.exportText", { count: total })}</p>
        <p>
          <a href="/ops/export.json" download className="button button--primary">
            {t("ops.transfer.download")}
          </a>
        </p>
      </OpsSection>
      <OpsRecordForm
        id={`import-${imported ?? "new"}`}
        title={t("ops.transfer.importTitle")}
        lead={<p className="muted">{t("ops.transfer.importText")}</p>}
        encType="multipart/form-data"
        schema={importForm}
        fields={importFields}
        defaultValue={{ mode: "append" }}
        values={{ count: total }}
        lastResult={result?.lastResult}
        detail={result?.detail}
        after={
          result?.rows?.length ? <OpsTable caption={t("ops.transfer.rowsTitle")} columns={rowColumns} rows={result.rows} rowKey={(row) => `${row.row}:${row.field ?? ""}:${row.message}`} /> : null
        }
        buttons={[{ label: "ops.transfer.import" }]}
      />
    </OpsPage>
  );
}
