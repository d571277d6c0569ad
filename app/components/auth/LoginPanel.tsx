import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FieldError, FormErrors, controlProps, wholeFormErrors } from "~/components/form/Field";
import { focusTarget } from "~/components/form/focus";
import { type LoginFormType, type PhoneCode, loginFormTypes, loginSubmissionSchema } from "~/forms/login";
import { type PreparedJson, usePreparedJson } from "~/lib/prepared-json";

export interface LoginState {
  formType: LoginFormType;
  step: "credentials" | "phone" | "sms_send" | "sms_code" | "two_step";
  phone_code?: string;
  phone_number?: string;
  twoStepToken?: string;
  save?: boolean;
}

export interface LoginPanelProps {
  lng: string;
  state: LoginState;
  /** The dialling codes of the phone forms, prepared once per platform answer (decision 052). */
  phoneCodes: PreparedJson<PhoneCode[]>;
  returnTo: string;
  lastResult?: SubmissionResult<string[]> | null;
  captcha?: { id: string; image: string } | null;
  info?: string | null;
  busy: boolean;
  /** Form for the page, fetcher.Form in the modal. */
  FormComponent?: typeof Form;
  /** In the modal, tabs switch in place; on the page they are links. */
  onSelectForm?: (formType: LoginFormType) => void;
  registrationHref?: string | null;
}

export function firstStep(formType: LoginFormType): LoginState["step"] {
  return formType === "phone_password" ? "phone" : formType === "sms" ? "sms_send" : "credentials";
}

/** Every login form type of SPEC §3, with the captcha and the SMS and two-step code steps. */
export function LoginPanel(props: LoginPanelProps) {
  const { t } = useTranslation();
  const { state, lng } = props;
  const codes = usePreparedJson(props.phoneCodes);
  const FormComponent = props.FormComponent ?? Form;
  const formId = `login-${state.formType}-${state.step}`;
  const phoneCode = state.phone_code ?? codes[0]?.tel_code ?? "7";
  const [form, fields] = useForm({
    id: formId,
    // Conform resets the controls to these when the form changes in place (the modal's tabs and
    // steps): without them the code's select was left with no choice.
    defaultValue: { phone_code: phoneCode, phone_number: state.phone_number },
    lastResult: props.lastResult,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSubmissionSchema }),
  });
  // Conform makes a new proxy for every `fields[name]` and records every read of it; a field is
  // read once per render here, and its three values kept (the login page's render spent about a
  // tenth of its time in conform's metadata).
  const read = new Map<string, { name: string; errorId: string; errors?: string[] }>();
  const field = (name: string) => {
    let known = read.get(name);
    if (!known) {
      const meta = (fields as unknown as Record<string, { name: string; errorId: string; errors?: string[] }>)[name]!;
      known = { name: meta.name, errorId: meta.errorId, errors: meta.errors };
      read.set(name, known);
    }
    return known;
  };
  const fieldError = (name: string) => <FieldError field={field(name)} />;
  // The controls of this step, in the order it shows them (the captcha, when one is asked, last).
  const shown: Record<LoginState["step"], string[]> = {
    credentials: ["uLogin", "uPassword"],
    phone: ["phone_code", "phone_number", "uPassword"],
    sms_send: ["phone_code", "phone_number"],
    sms_code: ["code"],
    two_step: ["code"],
  };
  const formErrors = wholeFormErrors(props.lastResult, form.errors);
  const target = focusTarget([...shown[state.step], "captchaAnswer"].map(field), formErrors);
  const control = (name: string, autoFocus?: boolean) => controlProps(field(name), target, { autoFocus });
  const phoneFields = (
    <div className="field-row">
      <div className="field field--narrow">
        <label className="field__label" htmlFor={`${formId}-phone-code`}>
          {t("auth.phoneCode")}
        </label>
        <select
          id={`${formId}-phone-code`}
          name="phone_code"
          {...control("phone_code")}
          defaultValue={phoneCode}
          autoComplete="tel-country-code"
        >
          {codes.map((c) => (
            <option key={c.tel_code} value={c.tel_code}>
              {c.label}
            </option>
          ))}
        </select>
        {fieldError("phone_code")}
      </div>
      <label className="field">
        <span className="field__label">{t("auth.phone")}</span>
        <input name="phone_number" {...control("phone_number")} type="text" inputMode="tel" dir="ltr" autoComplete="tel-national" defaultValue={state.phone_number} required />
        {fieldError("phone_number")}
      </label>
    </div>
  );
  const passwordField = (
    <label className="field">
      <span className="field__label">{t("auth.password")}</span>
      <input name="uPassword" {...control("uPassword")} type="password" autoComplete="current-password" required />
      {fieldError("uPassword")}
    </label>
  );
  const saveBox = (
    <label className="checkbox">
      <input type="checkbox" name="save" defaultChecked={state.save ?? true} />
      <span>{t("auth.remember")}</span>
    </label>
  );

  return (
    <div className="login-panel">
      {props.onSelectForm ? (
        // With JavaScript the forms switch in place: real tabs, each controlling the form panel.
        <div className="tabs" role="tablist" aria-label={t("auth.formTypes")}>
          {loginFormTypes.map((type) => (
            <button
              key={type}
              id={`${formId}-tab-${type}`}
              type="button"
              role="tab"
              aria-selected={type === state.formType}
              aria-controls={`${formId}-panel`}
              tabIndex={type === state.formType ? 0 : -1}
              className="tabs__tab"
              onClick={() => props.onSelectForm?.(type)}
            >
              {t(`auth.form.${type}`)}
            </button>
          ))}
        </div>
      ) : (
        // Without it each form is a page of its own: links, the current one marked.
        <nav className="tabs" aria-label={t("auth.formTypes")}>
          {loginFormTypes.map((type) => (
            <Link
              key={type}
              aria-current={type === state.formType ? "page" : undefined}
              className="tabs__tab"
              to={`/${lng}/login?form=${type}${props.returnTo ? `&returnTo=${encodeURIComponent(props.returnTo)}` : ""}`}
              replace
            >
              {t(`auth.form.${type}`)}
            </Link>
          ))}
        </nav>
      )}

      <div
        id={`${formId}-panel`}
        role={props.onSelectForm ? "tabpanel" : undefined}
        aria-labelledby={props.onSelectForm ? `${formId}-tab-${state.formType}` : undefined}
      >
      <FormComponent method="post" action={`/${lng}/login`} {...getFormProps(form)} className="form">
        <AuthenticityTokenInput />
        <input type="hidden" name="formType" value={state.formType} />
        <input type="hidden" name="step" value={state.step} />
        <input type="hidden" name="returnTo" value={props.returnTo} />
        {props.info ? (
          <p className="form__info" role="status">
            {t(props.info)}
          </p>
        ) : null}

        {state.step === "credentials" ? (
          <>
            <label className="field">
              <span className="field__label">{t("auth.login")}</span>
              <input {...getInputProps(fields.uLogin as never, { type: "text" })} {...control("uLogin")} autoComplete="username" required />
              {fieldError("uLogin")}
            </label>
            {passwordField}
            {saveBox}
          </>
        ) : null}

        {state.step === "phone" ? (
          <>
            {phoneFields}
            {passwordField}
            {saveBox}
          </>
        ) : null}

        {state.step === "sms_send" ? phoneFields : null}

        {state.step === "sms_code" ? (
          <>
            <input type="hidden" name="phone_code" value={state.phone_code} />
            <input type="hidden" name="phone_number" value={state.phone_number} />
            <label className="field">
              <span className="field__label">{t("auth.smsCode")}</span>
              <input name="code" {...control("code")} inputMode="numeric" autoComplete="one-time-code" pattern="\d{4,8}" required />
              {fieldError("code")}
            </label>
            {saveBox}
          </>
        ) : null}

        {state.step === "two_step" ? (
          <>
            <input type="hidden" name="twoStepToken" value={state.twoStepToken} />
            <input type="hidden" name="save" value={state.save ? "on" : ""} />
            <label className="field">
              <span className="field__label">{t("auth.twoStepCode")}</span>
              <input name="code" {...control("code")} inputMode="numeric" autoComplete="one-time-code" pattern="\d{4,8}" required />
              {fieldError("code")}
            </label>
          </>
        ) : null}

        {props.captcha ? (
          <div className="captcha">
            <img src={props.captcha.image} alt={t("auth.captchaImage")} width={180} height={60} />
            <input type="hidden" name="captchaId" value={props.captcha.id} />
            <label className="field">
              <span className="field__label">{t("auth.captchaAnswer")}</span>
              <input name="captchaAnswer" {...control("captchaAnswer", true)} autoComplete="off" required maxLength={16} />
            </label>
          </div>
        ) : null}

        <FormErrors id={form.errorId} errors={formErrors?.slice(0, 1)} target={target} />

        <button type="submit" className="button button--primary button--large" disabled={props.busy}>
          {t(state.step === "sms_send" ? "auth.sendCode" : "auth.submit")}
        </button>
      </FormComponent>
      </div>

      <div className="login-panel__links">
        <Link to={`/${lng}/user/passwordreset`}>{t("auth.forgot")}</Link>
        {props.registrationHref ? <Link to={props.registrationHref}>{t("auth.noAccount")}</Link> : null}
      </div>
    </div>
  );
}
