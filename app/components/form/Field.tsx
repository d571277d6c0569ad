import { type FieldMetadata, type SubmissionResult, getInputProps, getSelectProps } from "@conform-to/react";
import { type ReactNode, createContext, useContext, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { translate } from "~/lib/messages";
import { FORM_ERRORS_TARGET, takesFocus } from "./focus";

/** The name of the field that takes focus in the form around (see FocusFirstInvalid). */
const FocusTarget = createContext<string | undefined>(undefined);

/**
 * Around a form's fields: after a refused post only its first invalid field carries autofocus,
 * `target` being `firstInvalid(...)` of the form's fields in the order it shows them. Every
 * control of the field kit asks it through useAutoFocus; a control the form draws itself takes
 * the same target through controlProps.
 */
export function FocusFirstInvalid({ target, children }: { target: string | undefined; children: ReactNode }) {
  return <FocusTarget.Provider value={target}>{children}</FocusTarget.Provider>;
}

/** The form's first invalid field, as FocusFirstInvalid around it says. */
export function useFocusTarget(): string | undefined {
  return useContext(FocusTarget);
}

/** autoFocus for the control of field `name`: the form's first invalid field, else the control's own choice. */
export function useAutoFocus(name: string, own?: boolean): boolean | undefined {
  return takesFocus(useFocusTarget(), name, own);
}

/**
 * The aria and focus attributes of a control the kit does not draw (a login input, an ops
 * editor's box): invalid and tied to its message when it has an error (and to `describedBy`,
 * a hint, always), and focused when it is the form's first invalid field (`target`).
 */
export function controlProps(
  field: { name: string; errorId: string; errors?: string[] },
  target: string | undefined,
  options: { describedBy?: string; autoFocus?: boolean } = {},
) {
  const invalid = Boolean(field.errors?.length);
  const describedBy = [invalid ? field.errorId : "", options.describedBy ?? ""].join(" ").trim();
  return {
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy || undefined,
    autoFocus: takesFocus(target, field.name, options.autoFocus),
  };
}

/**
 * The first error of a field (a server message: a dictionary key, maybe with a value), translated,
 * where the field's aria points. Every form's field errors go through it.
 */
export function FieldError({ field }: { field: { errorId: string; errors?: string[] } }) {
  const { t } = useTranslation();
  if (!field.errors?.length) return null;
  return (
    <p id={field.errorId} className="field__error" role="alert">
      {translate(t, field.errors[0]!)}
    </p>
  );
}

/**
 * The errors of the whole form to show: the server's refusal until its next answer, else
 * conform's own. Conform drops the server's when a field is revalidated on blur, and a summary
 * vanishing under the pointer on the way to the submit button moves the button away from the click.
 */
export function wholeFormErrors(lastResult: SubmissionResult<string[]> | null | undefined, live: string[] | undefined): string[] | undefined {
  return lastResult?.error?.[""] ?? live;
}

/**
 * Errors of the whole form (platform refusals, rate limits), above the submit button. When the
 * form's focus target (focusTarget) is this summary, it takes focus: by `autofocus` in the page a
 * refused post without JavaScript gets back, and when it appears or changes with JavaScript.
 * `children` follow the messages (the ops console's technical detail of a refusal).
 */
export function FormErrors({ id, errors, extra, target, children }: { id: string; errors: string[] | undefined; extra?: Record<string, unknown>; target?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const focus = target === FORM_ERRORS_TARGET && Boolean(errors?.length);
  // Keyed on the messages, not the array: a re-render while the bettor types must not pull focus back.
  const messages = errors?.join("\n") ?? "";
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus, messages]);
  if (!errors?.length) return null;
  return (
    <div ref={ref} id={id} className="notice notice--danger form-alert" role="alert" tabIndex={focus ? -1 : undefined} autoFocus={focus || undefined}>
      {errors.map((e) => (
        <p key={e} className="notice__text">
          {extra ? t(e, extra) : translate(t, e)}
        </p>
      ))}
      {children}
    </div>
  );
}

/** A field's hint (where its aria-describedby points) and its translated error, under the control. */
export function HintAndError({ field, hint }: { field: { id: string; errorId: string; errors?: string[] }; hint?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${field.id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldError field={field} />
    </>
  );
}

type InputType = "email" | "password" | "text" | "tel" | "date" | "search";

/** A labelled input bound to a conform field, with its translated error under it. */
/**
 * A field's frame: the `field` box (marked invalid while the field has errors) and its label for
 * the control inside. Every labelled control of the site's forms stands in one.
 */
export function FieldFrame({ field, label, className, children }: { field: { id: string; errors?: string[] }; label: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={`field${field.errors?.length ? " field--invalid" : ""}${className ? ` ${className}` : ""}`}>
      <label className="field__label" htmlFor={field.id}>
        {label}
      </label>
      {children}
    </div>
  );
}

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
  const focus = useAutoFocus(field.name, autoFocus);
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
      autoFocus={focus}
      dir={type === "email" || type === "tel" || type === "password" ? "ltr" : undefined}
    />
  );
  return (
    <FieldFrame field={field} label={label} className={className}>
      {prefix ? (
        <div className="field__group" dir="ltr">
          <span className="field__prefix">{prefix}</span>
          {input}
        </div>
      ) : (
        input
      )}
      <HintAndError field={field} hint={hint} />
    </FieldFrame>
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
  const autoFocus = useAutoFocus(field.name);
  return (
    <FieldFrame field={field} label={label}>
      <select key={key} {...props} autoFocus={autoFocus} autoComplete={autoComplete} onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}>
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
      <FieldError field={field} />
    </FieldFrame>
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
