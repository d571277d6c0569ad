import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { type OpsColumn, OpsListPage, OpsRecordForm, OpsRowActions, opsMeta, useOpsDate } from "~/components/ops";
import { opsAction } from "~/forms/action.server";
import { adminCall, changed, refusedReply, refusedRow } from "~/forms/ops/answers.server";
import { blockFormOf, blockListQuery, blockRefusalKeys, blockRuleDefaults, blockRuleFieldNames, blockRuleFields, blockRuleForm, isRowIntent } from "~/forms/ops/blocks";
import { noRowReply } from "~/forms/ops/kit";
import { safeReturnPath } from "~/lib/return-to.server";
import { numberParam, opsLoader, opsQuery } from "~/loaders/ops.server";
import { type BlockRule, createBlockRule, deleteBlockRule, listBlockRules, setBlockRuleActive } from "~/services/admin.server";

const PAGE_SIZE = 25;

export const loader = (args: LoaderFunctionArgs) =>
  opsLoader(args, "ops-blocks", async (ops) => ({
    list: await listBlockRules(ops.token, { page: opsQuery(ops, blockListQuery).page ?? 1, pageSize: PAGE_SIZE }),
    created: numberParam(ops, "created"),
    deleted: numberParam(ops, "deleted"),
  }));

export const meta = opsMeta;

const none = { ...noRowReply, lastResult: null as SubmissionResult<string[]> | null };

export const action = (args: ActionFunctionArgs) =>
  opsAction(
    args,
    blockFormOf,
    async ({ ctx: ops, value, submission, request }) => {
      if (value.intent === "create") {
        const { intent: _intent, ...rule } = value;
        const created = await adminCall(createBlockRule(ops.token, rule), { keys: blockRefusalKeys, fields: blockRuleFieldNames });
        if (!created.ok) return data({ ...none, lastResult: refusedReply(submission, created.refusal), detail: created.refusal.detail }, { status: created.refusal.status });
        throw redirect(`/ops/blocks?created=${created.value.id}`);
      }
      if (value.intent === "delete" && value.confirmDelete !== "on") {
        return data({ ...none, rowId: value.id, rowError: "ops.blocks.confirmDeleteFirst" }, { status: 400 });
      }
      const done = await adminCall<unknown>(value.intent === "delete" ? deleteBlockRule(ops.token, value.id) : setBlockRuleActive(ops.token, value.id, value.active === "true"));
      if (!done.ok) return refusedRow(value.id, done.refusal, none);
      // Back to the list's page it came from (never another page), with the deletion said.
      const back = safeReturnPath(value.back, "/ops/blocks");
      const to = new URL(back.startsWith("/ops/blocks") ? back : "/ops/blocks", "http://site.invalid");
      if (value.intent === "delete") to.searchParams.set("deleted", String(value.id));
      return changed(request, `${to.pathname}${to.search}`, { ...none, rowId: value.id });
    },
    {
      invalid: (lastResult, formData) => (isRowIntent(formData) ? { ...none, rowError: "ops.errors.badRequest" } : { ...none, lastResult }),
    },
  );

export default function Blocks() {
  const { list, created, deleted } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const date = useOpsDate();
  const back = list.page > 1 ? `/ops/blocks?page=${list.page}` : "/ops/blocks";
  const columns: Array<OpsColumn<BlockRule>> = [
    { key: "kind", header: "ops.blocks.kind", cell: (rule) => t(`ops.blocks.kinds.${rule.kind}`) },
    {
      key: "pattern",
      header: "ops.blocks.pattern",
      cell: (rule) => (
        <>
          <span className="mono ops-break">{rule.pattern}</span>
          {rule.note ? <div className="muted small">{rule.note}</div> : null}
        </>
      ),
    },
    { key: "reason", header: "ops.blocks.reason", cell: (rule) => t(`ops.blocks.reasons.${rule.reason}`, { defaultValue: String(rule.reason) }) },
    { key: "appliesTo", header: "ops.blocks.appliesTo", cell: (rule) => t(`ops.blocks.audiences.${rule.applies_to}`, { defaultValue: rule.applies_to }) },
    { key: "priority", header: "ops.blocks.priority", cell: (rule) => rule.priority },
    { key: "changed", header: "ops.blocks.changed", cell: (rule) => `${rule.updated_by ?? rule.created_by ?? "—"} · ${date(rule.updated_at)}`, className: "small muted" },
    {
      key: "actions",
      header: "ops.blocks.actions",
      cell: (rule) => <OpsRowActions id={rule.id} back={back} texts="ops.blocks" values={{ pattern: rule.pattern }} active={rule.active} toggleIntent="toggle" deletable />,
    },
  ];
  return (
    <OpsListPage
      id="blocks"
      title={t("ops.blocks.title")}
      intro={t("ops.blocks.intro")}
      notices={[created !== null && { text: t("ops.blocks.created", { id: created }) }, deleted !== null && { text: t("ops.blocks.deleted", { id: deleted }) }]}
      count={t("ops.blocks.count", { count: list.total })}
      list={list}
      columns={columns}
      muted={(rule) => !rule.active}
      empty={t("ops.blocks.none")}
    >
      <OpsRecordForm
        id={`block-rule-${created ?? "new"}`}
        title={t("ops.blocks.new")}
        schema={blockRuleForm}
        fields={blockRuleFields}
        defaultValue={blockRuleDefaults}
        lastResult={result?.lastResult}
        detail={result?.lastResult ? result.detail : null}
        buttons={[{ intent: "create", label: "ops.blocks.create" }]}
      />
    </OpsListPage>
  );
}
