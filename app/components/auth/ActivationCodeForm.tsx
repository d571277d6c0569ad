import { type SubmissionResult, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FocusFirstInvalid, FormErrors, TextField, wholeFormErrors } from "~/components/form/Field";
import { focusTarget } from "~/components/form/focus";
import { activationCodeSchema } from "~/forms/account";

/**
 * The code of one channel (e-mail or phone) and a button for a new code: two plain forms that
 * post to the page's own action (intents "activate" and "resend").
 */
export function ActivationCodeForm({
  type,
  lastResult,
  resend,
  autoFocus,
}: {
  type: "email" | "phone";
  lastResult: SubmissionResult<string[]> | undefined;
  resend: { sent: boolean; error: string | null } | undefined;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? navigation.formData : undefined;
  const busyActivate = pending?.get("intent") === "activate" && pending.get("type") === type;
  const busyResend = pending?.get("intent") === "resend" && pending.get("type") === type;
  const [form, fields] = useForm<{ type: string; code: string }>({
    id: `activation-${type}`,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: activationCodeSchema }),
  });
  const formErrors = wholeFormErrors(lastResult, form.errors);
  const target = focusTarget([fields.code], formErrors);
  return (
    <div className="code-forms">
      <Form method="post" {...getFormProps(form)} className="form code-form">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="activate" />
        <input type="hidden" name="type" value={type} />
        <div className="code-form__row">
          <FocusFirstInvalid target={target}>
            <TextField
              field={fields.code}
              label={t(`activation.codeLabel.${type}`)}
              autoComplete="one-time-code"
              inputMode="numeric"
              className="field--code"
              autoFocus={autoFocus}
            />
          </FocusFirstInvalid>
          <button type="submit" className="button button--primary" disabled={busyActivate}>
            {busyActivate ? t("activation.confirming") : t("activation.confirm")}
          </button>
        </div>
        <FormErrors id={form.errorId} errors={formErrors} target={target} />
      </Form>
      <Form method="post" className="code-form__resend">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="type" value={type} />
        <span className="muted">{t("activation.noCode")}</span>
        <button type="submit" className="button-link" disabled={busyResend}>
          {t(`activation.resend.${type}`)}
        </button>
        {resend?.sent ? (
          <span className="field__ok" role="status">
            {t(`activation.resent.${type}`)}
          </span>
        ) : null}
        {resend?.error ? (
          <span className="field__error" role="alert">
            {t(resend.error)}
          </span>
        ) : null}
      </Form>
    </div>
  );
}
