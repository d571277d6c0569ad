import { type SubmissionResult, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useRootData } from "~/components/root-data";
import { Icon } from "./AuthCard";
import { FocusFirstInvalid, FormErrors, TextField, wholeFormErrors } from "~/components/form/Field";
import { focusTarget } from "~/components/form/focus";
import { type CredentialsLabels, credentialsFileName, credentialsSvg, credentialsText, svgDataUrl, textDataUrl } from "~/lib/credentials";
import { credentialsEmailSchema } from "~/forms/account";

function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className="credentials__copy"
      aria-label={label}
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        });
      }}
    >
      {copied ? t("registration.credentials.copied") : t("registration.credentials.copy")}
    </button>
  );
}

/**
 * The one-click player's generated login and password, shown once, with three ways to keep
 * them: a text file, an image (both `<a download>` of a data: URL, no JavaScript needed) and an
 * e-mail (a form posting to the registration action's "credentials-email" intent).
 */
export function CredentialsScreen({
  login,
  password,
  continueTo,
  companyName,
  loginUrl,
  email,
}: {
  login: string;
  password: string;
  continueTo: string;
  companyName: string;
  loginUrl: string;
  email: { result: SubmissionResult<string[]>; sent: boolean; to?: string } | null;
}) {
  const { t } = useTranslation();
  const root = useRootData();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const labels: CredentialsLabels = {
    title: t("registration.credentials.fileTitle", { company: companyName }),
    login: t("registration.credentials.login"),
    password: t("registration.credentials.password"),
    site: t("registration.credentials.fileSite", { url: loginUrl }),
    note: t("registration.credentials.fileNote"),
  };
  const creds = { login, password };
  const fileName = credentialsFileName(companyName);
  const [form, fields] = useForm<{ email: string; login: string; password: string }>({
    id: "credentials-email",
    lastResult: email?.result,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: credentialsEmailSchema }),
  });
  const formErrors = wholeFormErrors(email?.result, form.errors);
  const target = focusTarget([fields.email], formErrors);

  return (
    <section className="credentials" aria-labelledby="credentials-title">
      <div className="credentials__head">
        <span className="credentials__badge">
          <Icon name="check" size={32} />
        </span>
        <div>
          <h1 id="credentials-title" className="credentials__title">
            {t("registration.credentials.title")}
          </h1>
          <p className="credentials__lead">{t("registration.credentials.lead")}</p>
        </div>
      </div>

      <dl className="credentials__box">
        <div className="credentials__item">
          <dt>{t("registration.credentials.login")}</dt>
          <dd>
            <code data-testid="credentials-login">{login}</code>
            <CopyButton value={login} label={t("registration.credentials.copyLogin")} />
          </dd>
        </div>
        <div className="credentials__item">
          <dt>{t("registration.credentials.password")}</dt>
          <dd>
            <code data-testid="credentials-password">{password}</code>
            <CopyButton value={password} label={t("registration.credentials.copyPassword")} />
          </dd>
        </div>
      </dl>
      <p className="notice notice--warning credentials__warning" role="note">
        <span className="notice__text">{t("registration.credentials.once")}</span>
      </p>

      <h2 className="credentials__subtitle">{t("registration.credentials.keepTitle")}</h2>
      <div className="credentials__ways">
        <a className="credentials__way" href={textDataUrl(credentialsText(creds, labels))} download={`${fileName}.txt`}>
          <span className="credentials__way-icon">
            <Icon name="download" />
          </span>
          <span>
            <strong>{t("registration.credentials.file")}</strong>
            <small>{t("registration.credentials.fileHint")}</small>
          </span>
        </a>
        <a
          className="credentials__way"
          href={svgDataUrl(credentialsSvg(creds, labels, { rtl: root?.dir === "rtl" }))}
          download={`${fileName}.svg`}
        >
          <span className="credentials__way-icon">
            <Icon name="image" />
          </span>
          <span>
            <strong>{t("registration.credentials.image")}</strong>
            <small>{t("registration.credentials.imageHint")}</small>
          </span>
        </a>
      </div>

      <Form method="post" {...getFormProps(form)} className="form credentials__email">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="credentials-email" />
        <input type="hidden" name="login" value={login} />
        <input type="hidden" name="password" value={password} />
        <input type="hidden" name="continueTo" value={continueTo} />
        <div className="form--inline credentials__email-row">
          <FocusFirstInvalid target={target}>
            <TextField field={fields.email} label={t("registration.credentials.emailLabel")} type="email" autoComplete="email" inputMode="email" />
          </FocusFirstInvalid>
          <button type="submit" className="button button--ghost" disabled={busy}>
            {busy ? t("registration.credentials.sending") : t("registration.credentials.send")}
          </button>
        </div>
        <FormErrors id={form.errorId} errors={formErrors} extra={{ minutes: 1 }} target={target} />
        {email?.sent ? (
          <p className="field__ok" role="status">
            {t("registration.credentials.sent", { email: email.to })}
          </p>
        ) : null}
      </Form>

      <a className="button button--primary button--large credentials__continue" href={continueTo}>
        {t("registration.credentials.continue")}
      </a>
    </section>
  );
}
