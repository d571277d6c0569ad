import { type SubmissionResult, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, type FetcherWithComponents, Link, useNavigation } from "@remix-run/react";
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { z } from "zod";
import { FormErrors, wholeFormErrors } from "~/components/form/Field";
import { focusTarget } from "~/components/form/focus";
import { type auditEntities, auditPath } from "~/forms/ops/audit";
import { type OpsFieldLayout, fieldsOf } from "~/forms/ops/kit";
import { type FieldMeta, OpsFieldList } from "./OpsFields";
import { useOpsDate } from "./OpsPage";

/** A record's last change and the way to all of them: its entries in the audit log. */
export interface OpsRecord {
  entity: (typeof auditEntities)[number];
  id: string | number;
  changedBy: string | null;
  changedAt: string | null;
  /** The stored value in words, beside the change (a switch's). */
  current?: ReactNode;
}

export function OpsRecordMeta({ record }: { record: OpsRecord }) {
  const { t } = useTranslation();
  const date = useOpsDate();
  const { changedBy: by, changedAt: at } = record;
  return (
    <div className="ops-record__meta small">
      <p className="muted">
        {by && at ? t("ops.record.changedBy", { by, at: date(at) }) : at ? t("ops.record.changedAt", { at: date(at) }) : t("ops.record.neverChanged")}
      </p>
      {record.current}
      <p>
        <Link to={auditPath(record.entity, record.id)} className="ops-record__history">
          {t("ops.record.history")}
        </Link>
      </p>
    </div>
  );
}

/** A submit button; `intent` tells the action which of a form's buttons it was. */
export interface OpsButton {
  label: string;
  intent?: string;
  tone?: "primary" | "ghost" | "danger";
  /** Posts the form as it is (a preview): the browser's own checks are skipped. */
  noValidate?: boolean;
}

export interface OpsRecordFormProps {
  /** The form's id: a new id is a fresh form (after a record was created). */
  id: string;
  /** Checks the fields while typing, as the action checks them. */
  schema: z.ZodTypeAny;
  fields: ReadonlyArray<OpsFieldLayout>;
  buttons: readonly OpsButton[];
  defaultValue?: Record<string, unknown>;
  /** The action's conform reply (a refused post). */
  lastResult?: SubmissionResult<string[]> | null;
  /** The platform's own words about a refusal, under its message. */
  detail?: string | null;
  /** A heading of the form's own. */
  title?: ReactNode;
  /** A card of its own (danger: a deletion), or plain inside a section that is the card. */
  look?: "card" | "danger" | "plain";
  /** Values for the labels' {{placeholders}}. */
  values?: Record<string, unknown>;
  record?: OpsRecord | null;
  /** Before the fields (a note they refer to). */
  lead?: ReactNode;
  /** Under the errors (the rows an import refused). */
  after?: ReactNode;
  /** The message after a save, as a status. */
  saved?: ReactNode;
  /** Posts through this fetcher with JavaScript (the page stays); a plain post without. */
  fetcher?: FetcherWithComponents<unknown>;
  encType?: "multipart/form-data";
  onChange?: (form: HTMLFormElement) => void;
}

/**
 * A record's form: its fields drawn from the field list, checked while typing with the schema,
 * each refusal at its field or above the buttons (focused after a refused post, also without
 * JavaScript), the CSRF token, and the record's last change with a link to its audit entries.
 * It is a real POST form: without JavaScript it works the same, through the page's action.
 */
export function OpsRecordForm(props: OpsRecordFormProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = props.fetcher ? props.fetcher.state !== "idle" : navigation.state === "submitting";
  const files = props.fields.flatMap((item) => ("control" in item && item.control === "file" ? [item.name] : []));
  const [form, fields] = useForm<Record<string, unknown>>({
    id: props.id,
    lastResult: props.lastResult,
    // The field list, not a type, says what the form has: conform takes the values as they come.
    defaultValue: props.defaultValue as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => {
      // A file is read on the server; in the browser its text is in the field it goes into.
      for (const name of files) formData.delete(name);
      return parseWithZod(formData, { schema: props.schema });
    },
  });
  const meta = (name: string) => fields[name] as FieldMeta;
  const formErrors = wholeFormErrors(props.lastResult, form.errors);
  // The fields in the order the form shows them, for the focus after a refused post.
  const target = focusTarget(fieldsOf(props.fields).map((f) => meta(f.name)), formErrors);
  const titleId = `${props.id}-title`;

  const body = (
    <>
      <AuthenticityTokenInput />
      {props.title ? (
        <h2 id={titleId} className="card__title">
          {props.title}
        </h2>
      ) : null}
      {props.record ? <OpsRecordMeta record={props.record} /> : null}
      {props.lead}
      <OpsFieldList layout={props.fields} meta={meta} target={target} values={props.values} formId={props.id} />
      <FormErrors id={form.errorId} errors={formErrors} target={target}>
        {props.detail ? <p className="notice__text mono small">{props.detail}</p> : null}
      </FormErrors>
      {props.detail && !formErrors?.length ? <p className="field__hint mono">{props.detail}</p> : null}
      {props.after}
      {props.saved && !busy ? (
        <p className="form__info" role="status">
          {props.saved}
        </p>
      ) : null}
      <div className="form--row">
        {props.buttons.map((b) => (
          <button
            key={b.intent ?? b.label}
            type="submit"
            name={b.intent ? "intent" : undefined}
            value={b.intent}
            className={`button button--${b.tone ?? "primary"}`}
            disabled={busy}
            formNoValidate={b.noValidate}
          >
            {t(b.label)}
          </button>
        ))}
      </div>
    </>
  );
  const formProps = {
    method: "post" as const,
    ...getFormProps(form),
    encType: props.encType,
    className: { card: "form card ops-form", danger: "form card ops-form ops-form--danger", plain: "form ops-record__form" }[props.look ?? "card"],
    "aria-labelledby": props.title ? titleId : undefined,
    onChange: props.onChange ? (e: FormEvent<HTMLFormElement>) => props.onChange!(e.currentTarget) : undefined,
  };
  return props.fetcher ? <props.fetcher.Form {...formProps}>{body}</props.fetcher.Form> : <Form {...formProps}>{body}</Form>;
}
