import { useTranslation } from "react-i18next";
import { FieldError, controlProps, useFocusTarget } from "./Field";

/**
 * Fields of the ops console's rule editors (redirect and block rules): a label wrapping its
 * control, the control named for the conform field, and the field's translated error.
 */
type RuleField = { name: string; errorId: string; errors?: string[]; initialValue?: unknown };

/** A select of fixed choices, each shown through a dictionary key. */
export function RuleSelect({ field, label, choices, labelKey, fallback }: { field: RuleField; label: string; choices: readonly (string | number)[]; labelKey: (choice: string | number) => string; fallback: string }) {
  const { t } = useTranslation();
  const control = controlProps(field, useFocusTarget());
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <select name={field.name} {...control} defaultValue={String(field.initialValue ?? fallback)}>
        {choices.map((c) => (
          <option key={c} value={c}>
            {t(labelKey(c))}
          </option>
        ))}
      </select>
      <FieldError field={field} />
    </label>
  );
}

/** A rule's priority: a whole number from -1000 to 1000, 0 by default. */
export function RulePriority({ field, label }: { field: RuleField; label: string }) {
  const control = controlProps(field, useFocusTarget());
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input name={field.name} {...control} type="number" min={-1000} max={1000} defaultValue={String(field.initialValue ?? "0")} />
      <FieldError field={field} />
    </label>
  );
}

/** The first error of the whole form, translated. */
export function RuleFormError({ errors }: { errors?: string[] }) {
  const { t } = useTranslation();
  return errors?.length ? (
    <p className="field__error" role="alert">
      {t(errors[0]!)}
    </p>
  ) : null;
}
