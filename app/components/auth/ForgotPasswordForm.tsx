import { type SubmissionResult, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FocusFirstInvalid, FormErrors, TextField, wholeFormErrors } from "~/components/form/Field";
import { focusTarget } from "~/components/form/focus";
import { forgotPasswordSchema } from "~/forms/account";

/**
 * Step 1 of the password reset: the login (e-mail, phone or login) the code goes to. A plain
 * form posting to user/passwordreset (intent "forgot"), so the page and the home page's modal
 * share it, with or without JavaScript.
 */
export function ForgotPasswordForm({
  action,
  lastResult,
  defaultLogin,
  retryAfterMinutes,
  id = "forgot-password",
  autoFocus,
}: {
  action: string;
  lastResult?: SubmissionResult<string[]>;
  defaultLogin?: string;
  retryAfterMinutes?: number;
  id?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "forgot";
  const [form, fields] = useForm<{ login: string }>({
    id,
    lastResult,
    defaultValue: { login: defaultLogin ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });
  const formErrors = wholeFormErrors(lastResult, form.errors);
  const target = focusTarget([fields.login], formErrors);
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="form">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="forgot" />
      <FocusFirstInvalid target={target}>
        <TextField
          field={fields.login}
          label={t("passwordReset.loginLabel")}
          autoComplete="username"
          placeholder={t("passwordReset.loginPlaceholder")}
          autoFocus={autoFocus}
        />
      </FocusFirstInvalid>
      <FormErrors id={form.errorId} errors={formErrors} extra={{ minutes: retryAfterMinutes ?? 1 }} target={target} />
      <button type="submit" className="button button--primary button--large" disabled={busy}>
        {busy ? t("passwordReset.sending") : t("passwordReset.sendCode")}
      </button>
    </Form>
  );
}
