import { type SubmissionResult, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FieldError, FocusFirstInvalid, controlProps } from "~/components/form/Field";
import { firstInvalid } from "~/components/form/focus";
import { RuleFormError, RulePriority, RuleSelect } from "~/components/form/RuleFields";
import { endonyms, supportedLanguages } from "~/i18n/languages";
import { z } from "zod";
import { opsAction } from "~/forms/action.server";
import { redirectCodes, redirectRuleForm, toRuleInput } from "~/forms/ops";
import { opsTitle, requireOps } from "~/loaders/ops.server";
import {
  type AdminError,
  type RuleWarning,
  adminError,
  adminErrorKey,
  createRedirectRule,
  deleteRedirectRule,
  getRedirectRule,
  updateRedirectRule,
  validateRedirectRule,
} from "~/services/admin.server";
import { UpstreamError } from "~/services/http.server";
import { notFound } from "~/lib/responses.server";

/** The id in the URL, or null for a new rule; anything else is a 404. */
function ruleId(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  if (!/^\d{1,9}$/.test(params.id)) throw notFound();
  return Number(params.id);
}

export async function loader(args: LoaderFunctionArgs) {
  const ops = await requireOps(args);
  const id = ruleId(args.params);
  let rule = null;
  if (id !== null) {
    try {
      rule = await getRedirectRule(ops.token, id);
    } catch (error) {
      if (error instanceof UpstreamError && error.status === 404) throw notFound();
      throw error;
    }
  }
  return { rule, title: await opsTitle(ops.site, id === null ? "ops-redirect-new" : "ops-redirect-edit") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }, { name: "robots", content: "noindex, nofollow" }];

/** Field of the form an admin refusal belongs to, so the message stands next to it. */
const fieldOf = (e: AdminError) => (e.field && ["source", "target", "code", "languages", "priority", "note"].includes(e.field) ? e.field : null);

/** Deleting needs the box ticked; saving and checking post the rule form. */
const deleteForm = z.object({ intent: z.literal("delete"), confirmDelete: z.literal("on", { errorMap: () => ({ message: "ops.redirects.confirmDeleteFirst" }) }) });
const ruleForm = redirectRuleForm.extend({ intent: z.enum(["save", "check"]).default("save") });

const nothing = { warnings: [] as RuleWarning[], checked: false, loop: null as string[] | null };

export const action = (args: ActionFunctionArgs) =>
  opsAction(
    args,
    (formData) => (formData.get("intent") === "delete" ? deleteForm : ruleForm),
    async ({ ctx: ops, value, submission }) => {
      const id = ruleId(args.params);
      if (value.intent === "delete") {
        if (id === null) throw notFound();
        await deleteRedirectRule(ops.token, id);
        throw redirect("/ops/redirects");
      }
      return saveRule(ops.token, id, value, submission);
    },
    {
      invalid: (lastResult, formData) =>
        formData.get("intent") === "delete"
          ? { lastResult: null, ...nothing, deleteError: "ops.redirects.confirmDeleteFirst" as string | null }
          : { lastResult, ...nothing, deleteError: null as string | null },
    },
  );

async function saveRule(token: string, id: number | null, value: z.output<typeof ruleForm>, submission: { reply: (options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => SubmissionResult<string[]> }) {
  const { intent, ...form } = value;
  const input = toRuleInput(form);
  const refuse = (e: AdminError, status = 400) => {
    const field = fieldOf(e);
    const key = adminErrorKey(e.code);
    return data(
      {
        lastResult: submission.reply(field ? { fieldErrors: { [field]: [key] } } : { formErrors: [key] }),
        warnings: [] as RuleWarning[],
        checked: false,
        loop: e.loop ?? null,
        deleteError: null as string | null,
        // The platform's own wording, shown as a technical detail under the message.
        detail: e.message,
      },
      { status },
    );
  };

  try {
    if (intent === "check") {
      const result = await validateRedirectRule(token, { ...input, ...(id !== null ? { id } : {}) });
      const first = result.errors[0];
      if (first) return refuse(first);
      return data({ lastResult: submission.reply(), warnings: result.warnings, checked: true, loop: null as string[] | null, deleteError: null as string | null });
    }
    const saved = id === null ? await createRedirectRule(token, input) : await updateRedirectRule(token, id, input);
    // Shadowing is a warning: the rule is saved and the warning shown on its page.
    if (saved.warnings.length) {
      return data({ lastResult: submission.reply(), warnings: saved.warnings, checked: false, loop: null as string[] | null, deleteError: null as string | null, savedId: saved.rule.id });
    }
    throw redirect(`/ops/redirects?saved=${saved.rule.id}`);
  } catch (error) {
    const refused = adminError(error);
    if (!refused) throw error;
    return refuse(refused, refused.code === "rate_limited" ? 429 : 400);
  }
}

export default function RedirectEdit() {
  const { rule } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const { t } = useTranslation();
  const [form, fields] = useForm({
    lastResult: result?.lastResult,
    defaultValue: rule
      ? { ...rule, languages: rule.languages ?? [], active: rule.active ? "on" : undefined }
      : { code: "301", active: "on", priority: "0", languages: [] },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: redirectRuleForm }),
  });
  const languages = (fields.languages.initialValue as string[] | undefined) ?? [];
  const savedId = result && "savedId" in result ? result.savedId : null;
  // The fields in the order the form shows them, for the focus after a refused post.
  const target = firstInvalid([fields.source, fields.target, fields.code, fields.priority, fields.languages, fields.note]);

  return (
    <section className="ops-page" aria-labelledby="rule-title">
      <p>
        <Link to="/ops/redirects">← {t("ops.redirects.title")}</Link>
      </p>
      <h1 id="rule-title" className="page-title">
        {rule ? t("ops.redirects.editTitle") : t("ops.redirects.newTitle")}
      </h1>
      {savedId ? (
        <p className="form__info" role="status">
          {t("ops.redirects.savedWithWarnings", { id: savedId })}
        </p>
      ) : null}
      {result?.checked && !result.warnings.length ? (
        <p className="form__info" role="status">
          {t("ops.redirects.checkOk")}
        </p>
      ) : null}
      {result?.warnings.length ? (
        <div className="notice notice--warning" role="status">
          <ul className="notice__text">
            {result.warnings.map((w) => (
              <li key={`${w.kind}-${w.ruleId}`}>
                {t(w.kind === "shadows" ? "ops.redirects.shadows" : "ops.redirects.shadowedBy", { id: w.ruleId, source: w.source })}{" "}
                <Link to={`/ops/redirects/${w.ruleId}`}>{t("ops.redirects.open")}</Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {result?.loop ? (
        <div className="notice notice--danger" role="alert">
          <p className="notice__text">
            {t("ops.redirects.loop")} <span className="mono">{result.loop.join(" → ")}</span>
          </p>
        </div>
      ) : null}

      <Form method="post" {...getFormProps(form)} className="form card ops-form">
        <AuthenticityTokenInput />
        <label className="field">
          <span className="field__label">{t("ops.redirects.source")}</span>
          <input name={fields.source.name} defaultValue={fields.source.initialValue as string} className="mono" required placeholder="/promo/:slug" {...controlProps(fields.source, target)} />
          <span className="field__hint">{t("ops.redirects.sourceHint")}</span>
          <FieldError field={fields.source} />
        </label>
        <label className="field">
          <span className="field__label">{t("ops.redirects.target")}</span>
          <input name={fields.target.name} defaultValue={fields.target.initialValue as string} className="mono" required placeholder="/bonuses/:slug" {...controlProps(fields.target, target)} />
          <span className="field__hint">{t("ops.redirects.targetHint")}</span>
          <FieldError field={fields.target} />
        </label>
        <FocusFirstInvalid target={target}>
          <div className="field-grid">
            <RuleSelect field={fields.code} label={t("ops.redirects.code")} choices={redirectCodes} labelKey={(c) => `ops.redirects.codes.${c}`} fallback="301" />
            <RulePriority field={fields.priority} label={t("ops.redirects.priority")} />
          </div>
        </FocusFirstInvalid>
        <fieldset className="field" aria-describedby={fields.languages.errors?.length ? fields.languages.errorId : undefined}>
          <legend className="field__label">{t("ops.redirects.languages")}</legend>
          <span className="field__hint">{t("ops.redirects.languagesHint")}</span>
          <div className="checkbox-grid">
            {supportedLanguages.map((lng, i) => (
              <label key={lng} className="checkbox">
                <input
                  type="checkbox"
                  name={fields.languages.name}
                  value={lng}
                  defaultChecked={languages.includes(lng)}
                  aria-invalid={fields.languages.errors?.length ? true : undefined}
                  autoFocus={(i === 0 && target === fields.languages.name) || undefined}
                />
                <span>
                  {lng.toUpperCase()} · {endonyms[lng]}
                </span>
              </label>
            ))}
          </div>
          <FieldError field={fields.languages} />
        </fieldset>
        <label className="checkbox">
          <input type="checkbox" name={fields.active.name} defaultChecked={fields.active.initialValue === "on"} />
          <span>{t("ops.redirects.activeLabel")}</span>
        </label>
        <label className="field">
          <span className="field__label">{t("ops.redirects.note")}</span>
          <textarea name={fields.note.name} defaultValue={fields.note.initialValue as string} rows={2} maxLength={500} {...controlProps(fields.note, target)} />
          <FieldError field={fields.note} />
        </label>
        <RuleFormError errors={form.errors} />
        {result && "detail" in result && typeof result.detail === "string" ? <p className="field__hint mono">{result.detail}</p> : null}
        <div className="form--row">
          <button type="submit" name="intent" value="save" className="button button--primary" disabled={busy}>
            {t("ops.redirects.save")}
          </button>
          <button type="submit" name="intent" value="check" className="button button--ghost" disabled={busy}>
            {t("ops.redirects.check")}
          </button>
        </div>
      </Form>

      {rule ? (
        <Form method="post" className="form card ops-form ops-form--danger">
          <AuthenticityTokenInput />
          <h2 className="card__title">{t("ops.redirects.deleteTitle")}</h2>
          <label className="checkbox">
            {/* Refused unticked: the box is what to tick, focused on load also without JavaScript. */}
            <input
              type="checkbox"
              name="confirmDelete"
              aria-invalid={result?.deleteError ? true : undefined}
              aria-describedby={result?.deleteError ? "delete-error" : undefined}
              autoFocus={Boolean(result?.deleteError) || undefined}
            />
            <span>{t("ops.redirects.confirmDelete", { source: rule.source })}</span>
          </label>
          {result?.deleteError ? (
            <p id="delete-error" className="field__error" role="alert">
              {t(result.deleteError)}
            </p>
          ) : null}
          <button type="submit" name="intent" value="delete" className="button button--danger">
            {t("ops.redirects.delete")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
