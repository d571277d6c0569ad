import { useTranslation } from "react-i18next";
import { FieldError, controlProps } from "~/components/form/Field";
import { takesFocus } from "~/components/form/focus";
import type { OpsField, OpsFieldLayout, OpsFileField } from "~/forms/ops/kit";

/** What a control needs of its field: conform's field metadata, or a plain one (a filter). */
export interface FieldMeta {
  id: string;
  name: string;
  errorId: string;
  errors?: string[];
  initialValue?: unknown;
  key?: string;
}

type Values = Record<string, unknown> | undefined;

function Hint({ id, hint }: { id: string; hint: OpsField["hint"] }) {
  const { t } = useTranslation();
  if (!hint) return null;
  if (typeof hint === "string") {
    return (
      <span id={id} className="field__hint">
        {t(hint)}
      </span>
    );
  }
  return (
    <ul id={id} className="field__hint ops-hints">
      {hint.map((key) => (
        <li key={key}>{t(key)}</li>
      ))}
    </ul>
  );
}

const inputType = { text: "text", search: "search", number: "number", datetime: "datetime-local" } as const;

/** One field drawn as its `control` says: label, control, hint, translated error, aria and focus. */
export function OpsFieldControl({ spec, meta, target, values }: { spec: OpsField; meta: FieldMeta; target?: string; values?: Values }) {
  const { t } = useTranslation();
  const invalid = Boolean(meta.errors?.length);
  const hintId = `${meta.id}-hint`;
  const describedBy = [spec.hint ? hintId : "", spec.describedBy ?? ""].join(" ").trim() || undefined;
  const control = controlProps(meta, target, { describedBy });
  const label = t(spec.label, values);
  const choices = (spec.choices ?? []).map(String);
  const choiceLabel = (c: string) => (spec.choiceLabel ? spec.choiceLabel(c, t) : c);
  const initial = meta.initialValue;
  const fieldClass = `field${invalid ? " field--invalid" : ""}${spec.wide ? " field--wide" : ""}`;

  if (spec.control === "checkbox") {
    return (
      <div className={`${fieldClass} field--check`}>
        <label className="checkbox">
          <input type="checkbox" id={meta.id} name={meta.name} key={meta.key} defaultChecked={initial === "on"} {...control} />
          <span>{label}</span>
        </label>
        <Hint id={hintId} hint={spec.hint} />
        <FieldError field={meta} />
      </div>
    );
  }

  if (spec.control === "checkboxes" || spec.control === "radios") {
    const many = spec.control === "checkboxes";
    const chosen = many ? ((initial as string[] | undefined) ?? []) : [String(initial ?? choices[0] ?? "")];
    const boxes = choices.map((c, i) => (
      <label key={c} className="checkbox">
        <input
          type={many ? "checkbox" : "radio"}
          name={meta.name}
          value={c}
          defaultChecked={chosen.includes(c)}
          aria-invalid={control["aria-invalid"]}
          autoFocus={(i === 0 && takesFocus(target, meta.name, undefined)) || undefined}
        />
        <span>{choiceLabel(c)}</span>
      </label>
    ));
    return (
      <fieldset className={fieldClass} aria-describedby={control["aria-describedby"]}>
        <legend className="field__label">{label}</legend>
        <Hint id={hintId} hint={spec.hint} />
        {many ? <div className="checkbox-grid">{boxes}</div> : boxes}
        <FieldError field={meta} />
      </fieldset>
    );
  }

  const common = { id: meta.id, name: meta.name, className: spec.mono ? "mono" : undefined, required: spec.required, ...control };
  const text = { ...common, placeholder: spec.placeholder, maxLength: spec.maxLength, spellCheck: spec.mono ? false : undefined };
  return (
    <div className={fieldClass}>
      <label htmlFor={meta.id} className="field__label">
        {label}
      </label>
      {spec.control === "select" ? (
        <select key={meta.key} defaultValue={String(initial ?? (spec.any ? "" : (choices[0] ?? "")))} {...common}>
          {spec.any ? <option value="">{t(spec.any)}</option> : null}
          {choices.map((c) => (
            <option key={c} value={c}>
              {choiceLabel(c)}
            </option>
          ))}
        </select>
      ) : spec.control === "textarea" ? (
        <textarea key={meta.key} defaultValue={(initial as string | undefined) ?? ""} rows={spec.rows} {...text} />
      ) : (
        <input key={meta.key} type={inputType[spec.control]} defaultValue={(initial as string | undefined) ?? ""} min={spec.min} max={spec.max} {...text} />
      )}
      <Hint id={hintId} hint={spec.hint} />
      <FieldError field={meta} />
    </div>
  );
}

/** With JavaScript the chosen file's text goes into the form's field `into`, to look at before sending. */
async function readInto(input: HTMLInputElement, into: string) {
  const chosen = input.files?.[0];
  const box = input.form?.elements.namedItem(into);
  if (!chosen || !(box instanceof HTMLTextAreaElement || box instanceof HTMLInputElement)) return;
  box.value = await chosen.text();
  box.dispatchEvent(new Event("input", { bubbles: true }));
  input.value = "";
}

function FileControl({ spec, formId }: { spec: OpsFileField; formId: string }) {
  const { t } = useTranslation();
  const id = `${formId}-${spec.name}`;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {t(spec.label)}
      </label>
      <input id={id} type="file" name={spec.name} accept={spec.accept} aria-describedby={spec.hint ? `${id}-hint` : undefined} onChange={(e) => void readInto(e.currentTarget, spec.into)} />
      <Hint id={`${id}-hint`} hint={spec.hint} />
    </div>
  );
}

/** A form's fields in their layout: single fields, rows side by side (under a legend), files. */
export function OpsFieldList({ layout, meta, target, values, formId }: { layout: ReadonlyArray<OpsFieldLayout>; meta: (name: string) => FieldMeta; target?: string; values?: Values; formId: string }) {
  const { t } = useTranslation();
  return (
    <>
      {layout.map((item) => {
        if ("row" in item) {
          const key = item.row.map((spec) => spec.name).join("+");
          const row = (
            <div key={key} className="field-grid">
              {item.row.map((spec) => (
                <OpsFieldControl key={spec.name} spec={spec} meta={meta(spec.name)} target={target} values={values} />
              ))}
            </div>
          );
          return item.legend ? (
            <fieldset key={key} className="field">
              <legend className="field__label">{t(item.legend)}</legend>
              {row}
            </fieldset>
          ) : (
            row
          );
        }
        if (item.control === "file") return <FileControl key={item.name} spec={item} formId={formId} />;
        return <OpsFieldControl key={item.name} spec={item} meta={meta(item.name)} target={target} values={values} />;
      })}
    </>
  );
}
