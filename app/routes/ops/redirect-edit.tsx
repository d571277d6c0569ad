import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { type OpsNotice, OpsPage, OpsRecordForm, opsMeta } from "~/components/ops";
import { opsAction } from "~/forms/action.server";
import { type OpsRefusal, adminCall, opsRefusal, refusedReply } from "~/forms/ops/answers.server";
import {
  deleteConfirmForm,
  deleteRuleFields,
  deleteRuleForm,
  isDelete,
  redirectRuleFieldNames,
  redirectRuleFields,
  redirectRuleForm,
  ruleIntentForm,
  toRuleInput,
} from "~/forms/ops/redirects";
import { opsLoader } from "~/loaders/ops.server";
import { notFound } from "~/lib/responses.server";
import { type RuleWarning, createRedirectRule, deleteRedirectRule, getRedirectRule, updateRedirectRule, validateRedirectRule } from "~/services/admin.server";
import { UpstreamError } from "~/services/http.server";

/** The id in the URL, or null for a new rule; anything else is a 404. */
function ruleId(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  if (!/^\d{1,9}$/.test(params.id)) throw notFound();
  return Number(params.id);
}

export const loader = (args: LoaderFunctionArgs) => {
  const id = ruleId(args.params);
  return opsLoader(args, id === null ? "ops-redirect-new" : "ops-redirect-edit", async (ops) => ({
    rule: id === null ? null : await getRedirectRule(ops.token, id).catch(notFoundOn404),
  }));
};

function notFoundOn404(error: unknown): never {
  if (error instanceof UpstreamError && error.status === 404) throw notFound();
  throw error;
}

export const meta = opsMeta;

/** The page's answers: the rule form's result and what the platform said, or the delete form's. */
const nothing = {
  lastResult: null as SubmissionResult<string[]> | null,
  deleteResult: null as SubmissionResult<string[]> | null,
  warnings: [] as RuleWarning[],
  checked: false,
  loop: null as string[] | null,
  detail: null as string | null,
  savedId: null as number | null,
};
const refusals = { fields: redirectRuleFieldNames };

export const action = (args: ActionFunctionArgs) =>
  opsAction(
    args,
    (formData) => (isDelete(formData) ? deleteRuleForm : ruleIntentForm),
    async ({ ctx: ops, value, submission }) => {
      const id = ruleId(args.params);
      if (value.intent === "delete") {
        // A rule already gone answers 404, as its page does (not a 500 from the action).
        if (id === null || !(await deleteRedirectRule(ops.token, id))) throw notFound();
        throw redirect("/ops/redirects");
      }
      const { intent, ...form } = value;
      const input = toRuleInput(form);
      const refuse = (refusal: OpsRefusal) =>
        data({ ...nothing, lastResult: refusedReply(submission, refusal), loop: refusal.loop, detail: refusal.detail }, { status: refusal.status });
      if (intent === "check") {
        const checked = await adminCall(validateRedirectRule(ops.token, { ...input, ...(id !== null ? { id } : {}) }), refusals);
        if (!checked.ok) return refuse(checked.refusal);
        const first = checked.value.errors[0];
        if (first) return refuse(opsRefusal(first, refusals));
        return data({ ...nothing, lastResult: submission.reply(), warnings: checked.value.warnings, checked: true });
      }
      const saved = await adminCall(id === null ? createRedirectRule(ops.token, input) : updateRedirectRule(ops.token, id, input), refusals);
      if (!saved.ok) return refuse(saved.refusal);
      // Shadowing is a warning: the rule is saved and the warning shown on its page.
      if (saved.value.warnings.length) return data({ ...nothing, lastResult: submission.reply(), warnings: saved.value.warnings, savedId: saved.value.rule.id });
      throw redirect(`/ops/redirects?saved=${saved.value.rule.id}`);
    },
    {
      invalid: (lastResult, formData) => (isDelete(formData) ? { ...nothing, deleteResult: lastResult } : { ...nothing, lastResult }),
    },
  );

/** Rules this one shadows or is shadowed by, each with a link to it. */
function Warnings({ warnings }: { warnings: RuleWarning[] }) {
  const { t } = useTranslation();
  return (
    <div className="notice notice--warning" role="status">
      <ul className="notice__text">
        {warnings.map((w) => (
          <li key={`${w.kind}-${w.ruleId}`}>
            {t(w.kind === "shadows" ? "ops.redirects.shadows" : "ops.redirects.shadowedBy", { id: w.ruleId, source: w.source })}{" "}
            <Link to={`/ops/redirects/${w.ruleId}`}>{t("ops.redirects.open")}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function RedirectEdit() {
  const { rule } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const notices: Array<OpsNotice | null> = [
    result?.savedId ? { text: t("ops.redirects.savedWithWarnings", { id: result.savedId }) } : null,
    result?.checked && !result.warnings.length ? { text: t("ops.redirects.checkOk") } : null,
  ];
  return (
    <OpsPage id="rule" title={t(rule ? "ops.redirects.editTitle" : "ops.redirects.newTitle")} back={{ to: "/ops/redirects", label: t("ops.redirects.title") }} notices={notices}>
      {result?.warnings.length ? <Warnings warnings={result.warnings} /> : null}
      {result?.loop ? (
        <div className="notice notice--danger" role="alert">
          <p className="notice__text">
            {t("ops.redirects.loop")} <span className="mono">{result.loop.join(" → ")}</span>
          </p>
        </div>
      ) : null}
      <OpsRecordForm
        id={`rule-${rule?.id ?? "new"}`}
        schema={redirectRuleForm}
        fields={redirectRuleFields}
        defaultValue={
          rule
            ? { ...rule, code: String(rule.code), priority: String(rule.priority), languages: rule.languages ?? [], active: rule.active ? "on" : undefined }
            : { code: "301", active: "on", priority: "0", languages: [] }
        }
        lastResult={result?.lastResult}
        detail={result?.detail}
        record={rule ? { entity: "redirect_rule", id: rule.id, changedBy: rule.updated_by ?? rule.created_by, changedAt: rule.updated_at } : null}
        buttons={[
          { intent: "save", label: "ops.redirects.save" },
          { intent: "check", label: "ops.redirects.check", tone: "ghost" },
        ]}
      />
      {rule ? (
        <OpsRecordForm
          id={`rule-${rule.id}-delete`}
          look="danger"
          title={t("ops.redirects.deleteTitle")}
          schema={deleteConfirmForm}
          fields={deleteRuleFields}
          values={{ source: rule.source }}
          lastResult={result?.deleteResult}
          buttons={[{ intent: "delete", label: "ops.redirects.delete", tone: "danger" }]}
        />
      ) : null}
    </OpsPage>
  );
}
