/**
 * Where focus goes after a refused post (issue 11): on the first invalid field, in the order
 * the form shows its fields. Without JavaScript that is the only way the visitor lands on the
 * problem (the page comes back with `autofocus` on that one field); with it conform moves focus
 * to the same field in the same (document) order, so both agree as long as `fields` follows the
 * markup.
 */

/** What the check needs of a field: conform's field metadata has it, and so can a plain one. */
export interface CheckedField {
  name: string;
  errors?: readonly string[] | null;
}

/**
 * The name of the first field with an error, `fields` given in the form's order; a field the
 * form does not show this time is passed as false, null or undefined. Undefined when none has.
 */
export function firstInvalid(fields: ReadonlyArray<CheckedField | false | null | undefined>): string | undefined {
  for (const field of fields) {
    if (field && field.errors?.length) return field.name;
  }
  return undefined;
}

/** The focus target of a form refused as a whole (a wrong password): its error summary. */
export const FORM_ERRORS_TARGET = "#form-errors";

/**
 * Where focus goes after a refused post: the first invalid field, or, when no field is invalid
 * but the form has errors of its own, the form's error summary (FormErrors); undefined when the
 * form has no errors at all.
 */
export function focusTarget(fields: ReadonlyArray<CheckedField | false | null | undefined>, formErrors: readonly string[] | null | undefined): string | undefined {
  return firstInvalid(fields) ?? (formErrors?.length ? FORM_ERRORS_TARGET : undefined);
}

/**
 * Whether a control takes autofocus: when the form has an invalid field (`target`), only that
 * one; otherwise the control's own choice (a form that focuses its first field on arrival
 * keeps doing so).
 */
export function takesFocus(target: string | undefined, name: string, own: boolean | undefined): boolean | undefined {
  return target === undefined ? own : target === name || undefined;
}
