import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { type OpsColumn, OpsListPage, OpsRowActions, opsMeta, useOpsDate } from "~/components/ops";
import { opsAction } from "~/forms/action.server";
import { adminCall, changed, refusedRow } from "~/forms/ops/answers.server";
import { noRowReply } from "~/forms/ops/kit";
import { redirectFilters, redirectListQuery, ruleToggleForm } from "~/forms/ops/redirects";
import { numberParam, opsLoader, opsQuery } from "~/loaders/ops.server";
import { safeReturnPath } from "~/lib/return-to.server";
import { type RedirectRule, listRedirectRules, setRedirectRuleActive } from "~/services/admin.server";

const PAGE_SIZE = 50;

export const loader = (args: LoaderFunctionArgs) =>
  opsLoader(args, "ops-redirects", async (ops) => {
    const query = opsQuery(ops, redirectListQuery);
    return { query, list: await listRedirectRules(ops.token, { ...query, pageSize: PAGE_SIZE }), saved: numberParam(ops, "saved") };
  });

export const meta = opsMeta;

/** Activating or deactivating a rule from the list (inline with JavaScript, a reload without). */
export const action = (args: ActionFunctionArgs) =>
  opsAction(
    args,
    ruleToggleForm,
    async ({ ctx: ops, value, request }) => {
      const done = await adminCall(setRedirectRuleActive(ops.token, value.id, value.active === "true"));
      if (!done.ok) return refusedRow(value.id, done.refusal);
      return changed(request, safeReturnPath(value.back, "/ops/redirects"), { ...noRowReply, rowId: value.id });
    },
    { invalid: () => ({ ...noRowReply, rowError: "ops.errors.badRequest" }) },
  );

export default function Redirects() {
  const { list, query, saved } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const { t } = useTranslation();
  const date = useOpsDate();
  const back = `/ops/redirects${params.toString() ? `?${params}` : ""}`;
  const columns: Array<OpsColumn<RedirectRule>> = [
    {
      key: "source",
      header: "ops.redirects.source",
      cell: (rule) => (
        <>
          <Link to={`/ops/redirects/${rule.id}`} className="mono">
            {rule.source}
          </Link>
          {rule.note ? <div className="muted small">{rule.note}</div> : null}
        </>
      ),
    },
    { key: "target", header: "ops.redirects.target", cell: (rule) => rule.target, className: "mono ops-break" },
    { key: "code", header: "ops.redirects.code", cell: (rule) => rule.code },
    { key: "languages", header: "ops.redirects.languages", cell: (rule) => rule.languages?.join(", ") ?? t("ops.redirects.allLanguages") },
    { key: "priority", header: "ops.redirects.priority", cell: (rule) => rule.priority },
    {
      key: "state",
      header: "ops.redirects.state",
      cell: (rule) => <OpsRowActions id={rule.id} back={back} texts="ops.redirects" values={{ source: rule.source }} active={rule.active} />,
    },
    { key: "changed", header: "ops.redirects.changed", cell: (rule) => `${rule.updated_by ?? rule.created_by ?? "—"} · ${date(rule.updated_at)}`, className: "small muted" },
  ];
  return (
    <OpsListPage
      id="redirects"
      title={t("ops.redirects.title")}
      action={
        <Link to="/ops/redirects/new" className="button button--primary">
          {t("ops.redirects.new")}
        </Link>
      }
      notices={[saved !== null && { text: t("ops.redirects.saved", { id: saved }) }]}
      filters={{ fields: redirectFilters, values: query, submit: "ops.redirects.filter" }}
      count={t("ops.redirects.count", { count: list.total })}
      list={list}
      drop={["saved"]}
      columns={columns}
      muted={(rule) => !rule.active}
    />
  );
}
