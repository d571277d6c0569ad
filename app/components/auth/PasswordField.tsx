import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { FieldFrame, HintAndError, useAutoFocus } from "~/components/form/Field";

const eye = "M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z";
const eyeOff = "M3 3l18 18M10.6 6.1A10 10 0 0 1 12 6c6.4 0 10 6 10 6a17 17 0 0 1-3.2 3.9M6.6 6.6C3.9 8.4 2 12 2 12s3.6 6 10 6a9.6 9.6 0 0 0 4.3-1M9.9 9.9a3 3 0 0 0 4.2 4.2";

/**
 * A password input; with JavaScript a button shows or hides what was typed (without it the
 * field simply stays masked). The value is never sent back by the server.
 */
export function PasswordField({
  field,
  label,
  autoComplete,
  hint,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  autoComplete: "new-password" | "current-password";
  hint?: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  const { key, ...props } = getInputProps(field, { type: "password", ariaDescribedBy: hint ? `${field.id}-hint` : undefined });
  const autoFocus = useAutoFocus(field.name);
  return (
    <FieldFrame field={field} label={label}>
      <div className="field__group field__group--password">
        <input key={key} {...props} type={shown ? "text" : "password"} autoFocus={autoFocus} autoComplete={autoComplete} dir="ltr" spellCheck={false} />
        {hydrated ? (
          <button
            type="button"
            className="field__reveal"
            aria-pressed={shown}
            aria-controls={field.id}
            aria-label={shown ? t("registration.fields.hidePassword") : t("registration.fields.showPassword")}
            onClick={() => setShown((s) => !s)}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d={shown ? eyeOff : eye} fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        ) : null}
      </div>
      <HintAndError field={field} hint={hint} />
    </FieldFrame>
  );
}
