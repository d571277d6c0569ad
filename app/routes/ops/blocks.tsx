import { type SubmissionResult, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FieldError, FocusFirstInvalid, controlProps } from "~/components/form/Field";
import { firstInvalid } from "~/components/form/focus";
import { RuleFormError, RulePriority, RuleSelect } from "~/components/form/RuleFields";
import { z } from "zod";
import { BLOCK_REASONS } from "~/constants";
import { formatDateTime } from "~/lib/format";
import { Pager } from "~/components/Pager";
import { opsAction } from "~/forms/action.server";
import { safeReturnPath } from "~/lib/return-to.server";
import { opsTitle, requireOps } from "~/loaders/ops.server";
import {
  type BlockRule,
  adminError,
  adminErrorKey,
  createBlockRule,
  deleteBlockRule,
  listBlockRules,
  setBlockRuleActive,
} from "~/services/admin.server";

const PAGE_SIZE = 25;

/** Block reasons (displayTypeId) a rule may give, each with its block page (SPEC §4). */
const blockReasons = BLOCK_REASONS;
const blockKinds = ["country", "user_agent", "path"] as const;
const blockAudiences = ["all", "guests", "users"] as const;

const blockRuleForm = z
  .object({
    kind: z.enum(blockKinds, { errorMap: () => ({ message: "ops.blocks.errors.kind" }) }),
    pattern: z.string({ required_error: "ops.errors.required" }).trim().min(1, "ops.errors.required").max(500, "ops.errors.tooLong"),
    reason: z.coerce
      .number({ invalid_type_error: "ops.blocks.errors.reason" })
      .refine((r) => blockReasons.includes(r), "ops.blocks.errors.reason"),
    appliesTo: z.enum(blockAudiences, { errorMap: () => ({ message: "ops.blocks.errors.appliesTo" }) }).default("all"),
    priority: z.coerce.number({ invalid_type_error: "ops.errors.priority" }).int("ops.errors.priority").min(-1000, "ops.errors.priority").max(1000, "ops.errors.priority").default(0),
    note: z.string().trim().max(500, "ops.errors.tooLong").default(""),
  })
  .transform((form) => (form.kind === "country" ? { ...form, pattern: form.pattern.toUpperCase() } : form))
  .superRefine((form, ctx) => {
    // The platform checks every pattern; these are the mistakes worth catching while typing.
    const bad = (message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["pattern"], message });
    if (form.kind === "country" && !/^[A-Z]{2}$/.test(form.pattern)) bad("ops.blocks.errors.country");
    if (form.kind === "path" && !/^\/(?!\/)[^\s?#]*$/.test(form.pattern)) bad("ops.blocks.errors.path");
    if (form.kind === "user_agent") {
      try {
        new RegExp(form.pattern, "i");
      } catch {
        bad("ops.blocks.errors.userAgent");
      }
    }
  });

/** Block refusals in words: a pattern or reason of a block rule is not a redirect's. */
function blockErrorKey(code: string): string {
  if (code === "invalid_pattern") return "ops.blocks.errors.pattern";
  if (code === "invalid_reason") return "ops.blocks.errors.reason";
  return adminErrorKey(code);
}

const pageQuery = z.coerce.number().int().min(1).max(100_000).catch(1);

export async function loader(args: LoaderFunctionArgs) {
  const ops = await requireOps(args);
  const params = ops.site.url.searchParams;
  const page = pageQuery.parse(params.get("page") ?? 1);
  const [list, title] = await Promise.all([listBlockRules(ops.token, { page, pageSize: PAGE_SIZE }), opsTitle(ops.site, "ops-blocks")]);
  const id = (name: string) => (/^\d{1,9}$/.test(params.get(name) ?? "") ? Number(params.get(name)) : null);
  return { title, list, lng: ops.site.lng, tz: ops.site.config.defaultTimeZone, created: id("created"), deleted: id("deleted") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }, { name: "robots", content: "noindex, nofollow" }];

/** A row's buttons: delete (with its box ticked) and switch on or off. */
const rowForm = z.object({
  intent: z.enum(["delete", "toggle"]),
  id: z.coerce.number().int().positive(),
  // Any length: safeReturnPath falls back on an address over its cap instead of refusing the row's button.
  back: z.string().optional(),
  active: z.enum(["true", "false"]).optional(),
  confirmDelete: z.literal("on").optional(),
});
const createForm = blockRuleForm.transform((rule) => ({ ...rule, intent: "create" as const }));
const isRowIntent = (formData: FormData) => formData.get("intent") === "delete" || formData.get("intent") === "toggle";
const none = { lastResult: null as SubmissionResult<string[]> | null, rowId: null as number | null, rowError: null as string | null, detail: null as string | null };

export const action = (args: ActionFunctionArgs) =>
  opsAction(
    args,
    (formData) => (isRowIntent(formData) ? rowForm : createForm),
    async ({ ctx: ops, value, submission }) => {
      if (value.intent === "create") {
        const { intent: _intent, ...rule } = value;
        return createRule(ops.token, rule, submission);
      }
      const plainForm = args.request.headers.get("accept")?.includes("text/html") ?? false;
      const back = safeReturnPath(value.back, "/ops/blocks");
      const to = new URL(back.startsWith("/ops/blocks") ? back : "/ops/blocks", "http://site.invalid");
      if (value.intent === "delete" && value.confirmDelete !== "on") {
        return data({ ...none, rowId: value.id, rowError: "ops.blocks.confirmDeleteFirst" }, { status: 400 });
      }
      try {
        if (value.intent === "delete") await deleteBlockRule(ops.token, value.id);
        else await setBlockRuleActive(ops.token, value.id, value.active === "true");
      } catch (error) {
        const refused = adminError(error);
        if (!refused) throw error;
        return data({ ...none, rowId: value.id, rowError: adminErrorKey(refused.code), detail: refused.message }, { status: refused.code === "rate_limited" ? 429 : 400 });
      }
      if (plainForm) {
        if (value.intent === "delete") to.searchParams.set("deleted", String(value.id));
        throw redirect(`${to.pathname}${to.search}`);
      }
      return data({ ...none, rowId: value.id });
    },
    {
      invalid: (lastResult, formData) => (isRowIntent(formData) ? { ...none, rowError: "ops.errors.badRequest" } : { ...none, lastResult }),
    },
  );

async function createRule(
  token: string,
  rule: z.output<typeof blockRuleForm>,
  submission: { reply: (options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => SubmissionResult<string[]> },
) {
  try {
    const created = await createBlockRule(token, rule);
    throw redirect(`/ops/blocks?created=${created.id}`);
  } catch (error) {
    const refused = adminError(error);
    if (!refused) throw error;
    const key = blockErrorKey(refused.code);
    const field = refused.field && ["kind", "pattern", "reason", "appliesTo", "priority", "note"].includes(refused.field) ? refused.field : null;
    return data(
      { ...none, lastResult: submission.reply(field ? { fieldErrors: { [field]: [key] } } : { formErrors: [key] }), detail: refused.message },
      { status: refused.code === "rate_limited" ? 429 : 400 },
    );
  }
}

function RowActions({ rule, back }: { rule: BlockRule; back: string }) {
  const { t } = useTranslation();
  const toggle = useFetcher<typeof action>();
  const remove = useFetcher<typeof action>();
  const page = useActionData<typeof action>();
  const active = toggle.formData ? toggle.formData.get("active") === "true" : rule.active;
  const error = [remove.data, toggle.data, page].find((d) => d?.rowId === rule.id && d.rowError);
  return (
    <div className="ops-row-actions">
      <toggle.Form method="post" className="inline-form">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="toggle" />
        <input type="hidden" name="id" value={rule.id} />
        <input type="hidden" name="active" value={String(!active)} />
        <input type="hidden" name="back" value={back} />
        <button type="submit" className={`switch ${active ? "switch--on" : ""}`} aria-pressed={active} aria-label={t(active ? "ops.blocks.deactivate" : "ops.blocks.activate", { pattern: rule.pattern })}>
          {t(active ? "ops.blocks.active" : "ops.blocks.inactive")}
        </button>
      </toggle.Form>
      <remove.Form method="post" className="inline-form">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={rule.id} />
        <input type="hidden" name="back" value={back} />
        <label className="checkbox small">
          <input type="checkbox" name="confirmDelete" />
          <span>{t("ops.blocks.confirm")}</span>
        </label>
        <button type="submit" className="button button--danger button--small" disabled={remove.state !== "idle"} aria-label={t("ops.blocks.deleteRule", { pattern: rule.pattern })}>
          {t("ops.blocks.delete")}
        </button>
      </remove.Form>
      {error?.rowError ? (
        <p className="field__error small" role="alert">
          {t(error.rowError)}
        </p>
      ) : null}
    </div>
  );
}

export default function Blocks() {
  const { list, lng, tz, created, deleted } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: `block-rule-${created ?? "new"}`,
    lastResult: result?.lastResult,
    defaultValue: { kind: "path", reason: "4", appliesTo: "all", priority: "0" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: blockRuleForm }),
  });
  const back = list.page > 1 ? `/ops/blocks?page=${list.page}` : "/ops/blocks";
  // The fields in the order the form shows them, for the focus after a refused post.
  const target = firstInvalid([fields.kind, fields.pattern, fields.reason, fields.appliesTo, fields.priority, fields.note]);

  return (
    <section className="ops-page" aria-labelledby="blocks-title">
      <h1 id="blocks-title" className="page-title">
        {t("ops.blocks.title")}
      </h1>
      <p className="muted">{t("ops.blocks.intro")}</p>
      {created ? (
        <p className="form__info" role="status">
          {t("ops.blocks.created", { id: created })}
        </p>
      ) : null}
      {deleted ? (
        <p className="form__info" role="status">
          {t("ops.blocks.deleted", { id: deleted })}
        </p>
      ) : null}

      <FocusFirstInvalid target={target}>
        <Form method="post" {...getFormProps(form)} className="form card ops-form" aria-labelledby="block-new-title">
          <AuthenticityTokenInput />
          <h2 id="block-new-title" className="card__title">
            {t("ops.blocks.new")}
          </h2>
          <div className="field-grid">
            <RuleSelect field={fields.kind} label={t("ops.blocks.kind")} choices={blockKinds} labelKey={(k) => `ops.blocks.kinds.${k}`} fallback="path" />
            <label className="field">
              <span className="field__label">{t("ops.blocks.pattern")}</span>
              <input name={fields.pattern.name} defaultValue={(fields.pattern.initialValue as string | undefined) ?? ""} className="mono" required {...controlProps(fields.pattern, target, { describedBy: "block-pattern-hint" })} />
              <FieldError field={fields.pattern} />
            </label>
          </div>
          <ul id="block-pattern-hint" className="field__hint ops-hints">
            {blockKinds.map((k) => (
              <li key={k}>{t(`ops.blocks.patternHints.${k}`)}</li>
            ))}
          </ul>
          <RuleSelect field={fields.reason} label={t("ops.blocks.reason")} choices={blockReasons} labelKey={(r) => `ops.blocks.reasons.${r}`} fallback="4" />
          <div className="field-grid">
            <RuleSelect field={fields.appliesTo} label={t("ops.blocks.appliesTo")} choices={blockAudiences} labelKey={(a) => `ops.blocks.audiences.${a}`} fallback="all" />
            <RulePriority field={fields.priority} label={t("ops.blocks.priority")} />
          </div>
          <label className="field">
            <span className="field__label">{t("ops.blocks.note")}</span>
            <input name={fields.note.name} defaultValue={(fields.note.initialValue as string | undefined) ?? ""} maxLength={500} {...controlProps(fields.note, target)} />
            <FieldError field={fields.note} />
          </label>
          <RuleFormError errors={form.errors} />
          {result?.detail && result.lastResult ? <p className="field__hint mono">{result.detail}</p> : null}
          <div className="form--row">
            <button type="submit" name="intent" value="create" className="button button--primary" disabled={busy}>
              {t("ops.blocks.create")}
            </button>
          </div>
        </Form>
      </FocusFirstInvalid>

      <p className="muted">{t("ops.blocks.count", { count: list.total })}</p>
      {list.items.length ? (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t("ops.blocks.kind")}</th>
                <th scope="col">{t("ops.blocks.pattern")}</th>
                <th scope="col">{t("ops.blocks.reason")}</th>
                <th scope="col">{t("ops.blocks.appliesTo")}</th>
                <th scope="col">{t("ops.blocks.priority")}</th>
                <th scope="col">{t("ops.blocks.changed")}</th>
                <th scope="col">{t("ops.blocks.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((rule) => (
                <tr key={rule.id} className={rule.active ? undefined : "table__row--muted"}>
                  <td>{t(`ops.blocks.kinds.${rule.kind}`)}</td>
                  <td>
                    <span className="mono ops-break">{rule.pattern}</span>
                    {rule.note ? <div className="muted small">{rule.note}</div> : null}
                  </td>
                  <td>{t(`ops.blocks.reasons.${rule.reason}`, { defaultValue: String(rule.reason) })}</td>
                  <td>{t(`ops.blocks.audiences.${rule.applies_to}`, { defaultValue: rule.applies_to })}</td>
                  <td>{rule.priority}</td>
                  <td className="small muted">
                    {rule.updated_by ?? rule.created_by ?? "—"} · {formatDateTime(rule.updated_at, lng, tz)}
                  </td>
                  <td>
                    <RowActions rule={rule} back={back} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">{t("ops.blocks.none")}</p>
      )}
      <Pager path="/ops/blocks" page={list.page} total={list.total} pageSize={list.pageSize} />
    </section>
  );
}
