import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** The first error of a field (a dictionary key), translated, where the field's aria points. */
export function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <p id={id} className="field__error" role="alert">
      {t(errors[0]!)}
    </p>
  );
}

/** Errors of the whole form (platform refusals, rate limits), above the submit button. */
export function FormErrors({ id, errors, extra }: { id: string; errors: string[] | undefined; extra?: Record<string, unknown> }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <div id={id} className="notice notice--danger form-alert" role="alert">
      {errors.map((e) => (
        <p key={e} className="notice__text">
          {t(e, extra)}
        </p>
      ))}
    </div>
  );
}

type InputType = "email" | "password" | "text" | "tel" | "date" | "search";

/** A labelled input bound to a conform field, with its translated error under it. */
export function TextField({
  field,
  label,
  type = "text",
  autoComplete,
  inputMode,
  placeholder,
  prefix,
  hint,
  max,
  autoFocus,
  className,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  type?: InputType;
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "numeric";
  placeholder?: string;
  prefix?: ReactNode;
  hint?: string;
  max?: string;
  autoFocus?: boolean;
  className?: string;
}) {
  const { key, ...props } = getInputProps(field, { type, ariaDescribedBy: hint ? `${field.id}-hint` : undefined });
  const input = (
    <input
      key={key}
      {...props}
      autoComplete={autoComplete}
      inputMode={inputMode}
      placeholder={placeholder}
      max={max ?? props.max}
      // A date input takes no pattern (HTML); the server checks the value anyway.
      pattern={type === "date" ? undefined : props.pattern}
      autoFocus={autoFocus}
      dir={type === "email" || type === "tel" || type === "password" ? "ltr" : undefined}
    />
  );
  return (
    <div className={`field${field.errors?.length ? " field--invalid" : ""}${className ? ` ${className}` : ""}`}>
      <label className="field__label" htmlFor={field.id}>
        {label}
      </label>
      {prefix ? (
        <div className="field__group" dir="ltr">
          <span className="field__prefix">{prefix}</span>
          {input}
        </div>
      ) : (
        input
      )}
      {hint ? (
        <p id={`${field.id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A labelled select bound to a conform field. */
export function SelectField({
  field,
  label,
  options,
  onChange,
  autoComplete,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange?: (value: string) => void;
  autoComplete?: string;
}) {
  const { key, ...props } = getSelectProps(field);
  return (
    <div className={`field${field.errors?.length ? " field--invalid" : ""}`}>
      <label className="field__label" htmlFor={field.id}>
        {label}
      </label>
      <select key={key} {...props} autoComplete={autoComplete} onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}>
        {/* A required select starts with an empty choice (HTML), so "nothing chosen" is refused. */}
        {props.required ? (
          <option value="" disabled>
            —
          </option>
        ) : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * The honeypot: a field people neither see nor reach with the keyboard; bots that fill every
 * input fill it too, and the server then registers nothing.
 */
export function Honeypot({ name, label }: { name: string; label: string }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        {label}
        <input type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
