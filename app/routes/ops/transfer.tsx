import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FieldError, controlProps } from "~/components/form/Field";
import { firstInvalid } from "~/components/form/focus";
import { z } from "zod";
import { opsAction } from "~/forms/action.server";
import { opsTitle, requireOps } from "~/loaders/ops.server";
import { type AdminError, adminError, adminErrorKey, importRules, listRedirectRules } from "~/services/admin.server";
import { messageWithValue, translate } from "~/lib/messages";

/** Largest import the form takes (a few thousand rules). */
const MAX_IMPORT_CHARS = 2_000_000;
/** The import's body limit: the text box or a file of that many characters (UTF-8, up to 4 bytes each). */
const MAX_IMPORT_BYTES = MAX_IMPORT_CHARS * 4 + 64 * 1024;

/** The rules of an export file ({ rules: [...] }) or a bare array of rules. */
function rulesOf(text: string, ctx: z.RefinementCtx): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: messageWithValue("ops.transfer.errors.invalidJson", (error as Error).message) });
    return z.NEVER;
  }
  const rules = Array.isArray(parsed) ? parsed : (parsed as { rules?: unknown } | null)?.rules;
  if (!Array.isArray(rules)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: "ops.transfer.errors.noRules" });
    return z.NEVER;
  }
  return rules;
}

const importForm = z
  .object({
    json: z
      .string({ required_error: "ops.transfer.errors.empty" })
      .trim()
      .min(1, "ops.transfer.errors.empty")
      .max(MAX_IMPORT_CHARS, "ops.transfer.errors.tooLarge")
      .transform(rulesOf),
    mode: z.enum(["append", "replace"], { errorMap: () => ({ message: "ops.transfer.errors.mode" }) }),
    confirmReplace: z.literal("on").optional(),
  })
  .superRefine((form, ctx) => {
    if (form.mode === "replace" && form.confirmReplace !== "on") {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirmReplace"], message: "ops.transfer.errors.confirmReplace" });
    }
  });

export async function loader(args: LoaderFunctionArgs) {
  const ops = await requireOps(args);
  const [current, title] = await Promise.all([listRedirectRules(ops.token, { page: 1, pageSize: 1 }), opsTitle(ops.site, "ops-transfer")]);
  const imported = ops.site.url.searchParams.get("imported");
  return {
    title,
    total: current.total,
    imported: imported && /^\d{1,7}$/.test(imported) ? Number(imported) : null,
    replaced: ops.site.url.searchParams.get("mode") === "replace",
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }, { name: "robots", content: "noindex, nofollow" }];

/** The refused rows, each with the dictionary key of its problem (worked out here, on the server). */
type Rows = Array<NonNullable<AdminError["rows"]>[number] & { problem: string }>;

/** A row's problem in words: the admin refusal's own message when known, else a general one. */
function rowProblemKey(code: string): string {
  const key = adminErrorKey(code);
  return key === "ops.adminErrors.refused" ? "ops.transfer.badRow" : key;
}

/** A chosen file wins over the text box (without JavaScript the file is the only way in). */
async function fileIntoText(formData: FormData) {
  const file = formData.get("file");
  formData.delete("file");
  if (file && typeof file !== "string" && file.size > 0) formData.set("json", await file.text());
}

export const action = (args: ActionFunctionArgs) =>
  opsAction(
    args,
    importForm,
    async ({ ctx: ops, value, submission }) => {
      try {
        const result = await importRules(ops.token, value.json, value.mode);
        throw redirect(`/ops/transfer?imported=${result.imported}&mode=${value.mode}`);
      } catch (error) {
        const refused = adminError(error);
        if (!refused) throw error;
        const key = refused.code === "payload_too_large" ? "ops.transfer.errors.tooLarge" : adminErrorKey(refused.code);
        return data(
          {
            lastResult: submission.reply({ formErrors: [key] }),
            rows: refused.rows?.map((row) => ({ ...row, problem: rowProblemKey(row.code) })) ?? null,
            detail: refused.message,
          },
          { status: refused.code === "rate_limited" ? 429 : 400 },
        );
      }
    },
    {
      maxBytes: MAX_IMPORT_BYTES,
      prepare: fileIntoText,
      invalid: (lastResult) => ({ lastResult, rows: null as Rows | null, detail: null as string | null }),
    },
  );

export default function Transfer() {
  const { total, imported, replaced } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation();
  const text = useRef<HTMLTextAreaElement>(null);
  const [form, fields] = useForm({
    id: `import-${imported ?? "new"}`,
    lastResult: result?.lastResult,
    defaultValue: { mode: "append" },
    shouldRevalidate: "onBlur",
    onValidate: ({ formData }) => {
      // The file is read on the server; in the browser it has been copied into the text box.
      formData.delete("file");
      return parseWithZod(formData, { schema: importForm });
    },
  });

  // The fields in the order the form shows them, for the focus after a refused post.
  const target = firstInvalid([fields.json, fields.mode, fields.confirmReplace]);

  /** With JavaScript the chosen file lands in the text box, to look at before importing. */
  const readFile = async (input: HTMLInputElement) => {
    const chosen = input.files?.[0];
    if (!chosen || !text.current) return;
    text.current.value = await chosen.text();
    text.current.dispatchEvent(new Event("input", { bubbles: true }));
    input.value = "";
  };

  return (
    <section className="ops-page" aria-labelledby="transfer-title">
      <h1 id="transfer-title" className="page-title">
        {t("ops.transfer.title")}
      </h1>
      {imported !== null ? (
        <p className="form__info" role="status">
          {t(replaced ? "ops.transfer.replacedOk" : "ops.transfer.importedOk", { count: imported })}
        </p>
      ) : null}

      <section className="card ops-form" aria-labelledby="export-title">
        <h2 id="export-title" className="card__title">
          {t("ops.transfer.exportTitle")}
        </h2>
        <p className="muted">{t("ops.transfer.exportText", { count: total })}</p>
        <p>
          <a href="/ops/export.json" download className="button button--primary">
            {t("ops.transfer.download")}
          </a>
        </p>
      </section>

      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="form card ops-form" aria-labelledby="import-title">
        <AuthenticityTokenInput />
        <h2 id="import-title" className="card__title">
          {t("ops.transfer.importTitle")}
        </h2>
        <p className="muted">{t("ops.transfer.importText")}</p>
        <div className="field">
          <label htmlFor="import-file" className="field__label">
            {t("ops.transfer.file")}
          </label>
          <input id="import-file" type="file" name="file" accept="application/json,.json" aria-describedby="import-file-hint" onChange={(e) => void readFile(e.currentTarget)} />
          <span id="import-file-hint" className="field__hint">
            {t("ops.transfer.fileHint")}
          </span>
        </div>
        <div className="field">
          <label htmlFor={fields.json.id} className="field__label">
            {t("ops.transfer.json")}
          </label>
          <textarea
            ref={text}
            {...getTextareaProps(fields.json)}
            {...controlProps(fields.json, target)}
            key={fields.json.key}
            className="mono ops-textarea"
            rows={14}
            spellCheck={false}
            placeholder={'{ "rules": [ { "source": "/old", "target": "/new", "code": 301 } ] }'}
          />
          <FieldError field={fields.json} />
        </div>
        <fieldset className="field">
          <legend className="field__label">{t("ops.transfer.mode")}</legend>
          <label className="checkbox">
            <input type="radio" name={fields.mode.name} value="append" defaultChecked={fields.mode.initialValue !== "replace"} {...controlProps(fields.mode, target)} />
            <span>{t("ops.transfer.append")}</span>
          </label>
          <label className="checkbox">
            <input type="radio" name={fields.mode.name} value="replace" defaultChecked={fields.mode.initialValue === "replace"} aria-invalid={fields.mode.errors?.length ? true : undefined} />
            <span>{t("ops.transfer.replace")}</span>
          </label>
          <FieldError field={fields.mode} />
        </fieldset>
        <label className="checkbox">
          <input type="checkbox" name={fields.confirmReplace.name} defaultChecked={fields.confirmReplace.initialValue === "on"} {...controlProps(fields.confirmReplace, target)} />
          <span>{t("ops.transfer.confirmReplace", { count: total })}</span>
        </label>
        <FieldError field={fields.confirmReplace} />
        {form.errors?.length ? (
          <div className="notice notice--danger" role="alert">
            <div className="notice__text">
              <p>{translate(t, form.errors[0]!)}</p>
              {result?.detail && !result.rows?.length ? <p className="mono small">{result.detail}</p> : null}
            </div>
          </div>
        ) : null}
        {result?.rows?.length ? (
          <div className="table-wrap">
            <table className="table" aria-label={t("ops.transfer.rowsTitle")}>
              <caption className="ops-caption">{t("ops.transfer.rowsTitle")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("ops.transfer.row")}</th>
                  <th scope="col">{t("ops.transfer.field")}</th>
                  <th scope="col">{t("ops.transfer.problem")}</th>
                </tr>
              </thead>
              <tbody>
                {result.rows.map((row, i) => (
                  <tr key={i}>
                    <td>{row.row + 1}</td>
                    <td className="mono">{row.field ?? "—"}</td>
                    <td>
                      {t(row.problem)}
                      <div className="mono small muted">{row.message}</div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <div className="form--row">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("ops.transfer.import")}
          </button>
        </div>
      </Form>
    </section>
  );
}
