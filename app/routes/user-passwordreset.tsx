import { type SubmissionResult, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { AuthCard } from "~/components/auth/AuthCard";
import { FocusFirstInvalid, FormErrors, TextField, wholeFormErrors } from "~/components/form/Field";
import { focusTarget } from "~/components/form/focus";
import { ForgotPasswordForm } from "~/components/auth/ForgotPasswordForm";
import { PasswordField } from "~/components/auth/PasswordField";
import { forgotPasswordForm, resetPasswordForm, resetPasswordSchema } from "~/forms/account";
import { localPath } from "~/lib/paths";
import { callerOf } from "~/services/visitor.server";
import { pageAction } from "~/forms/action.server";
import { pageLoader } from "~/loaders/guards.server";
import { routeSeo } from "~/loaders/seo.server";
import { type CodeChannel, codeRefusal, forgotPassword, resetPassword } from "~/services/account.server";
import { log } from "~/services/log.server";
import { seoMeta } from "~/seo";

/**
 * user/passwordreset (SPEC §2): 1. the login (e-mail, phone or login) → a code goes out, and
 * the page says where without saying whether the account exists; 2. the code and the new
 * password twice; 3. done, with the way to log in. Code errors are wrong_code or time_up
 * (SPEC §8), each with its own message. `?login=` fills step 1; `?login=&code=` opens step 2.
 */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "user-passwordreset", async (ctx) => {
    const query = ctx.site.url.searchParams;
    const login = (query.get("login") ?? "").trim().slice(0, 200);
    const code = (query.get("code") ?? "").replace(/\s/g, "").slice(0, 12);
    return { lng: ctx.site.lng, login, code, step: login && code ? ("code" as const) : ("login" as const), seo: await routeSeo(ctx) };
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

const minutes = (seconds: number | undefined) => Math.max(1, Math.ceil((seconds ?? 60) / 60));
const hidden = ["password", "password_repeat"];


const typedLogin = (formData: FormData) => {
  const login = formData.get("login");
  return typeof login === "string" ? login.trim().slice(0, 200) : "";
};

export const action = (args: ActionFunctionArgs) =>
  pageAction(
    args,
    "user-passwordreset",
    (formData) => (formData.get("intent") === "forgot" ? forgotPasswordForm : resetPasswordForm),
    async ({ value, submission }) => {
      const caller = callerOf(args.request);
      if (value.intent === "forgot") {
        const { login } = value;
        let channel: CodeChannel;
        try {
          channel = await forgotPassword(login, caller);
        } catch (error) {
          const r = codeRefusal(error, "passwordReset");
          if (!r) throw error;
          return data(
            { step: "login" as const, result: submission.reply({ formErrors: r.formErrors, fieldErrors: r.fieldErrors }), retryAfterMinutes: minutes(r.retryAfterSeconds) },
            { status: r.status },
          );
        }
        return data({ step: "code" as const, login, channel, result: undefined, resent: value.resend === "1", retryAfterMinutes: undefined });
      }
      try {
        await resetPassword({ login: value.login, code: value.code, password: value.password }, caller);
      } catch (error) {
        const r = codeRefusal(error, "passwordReset");
        if (!r) throw error;
        return data(
          {
            step: "code" as const,
            login: value.login,
            channel: null,
            result: submission.reply({ formErrors: r.formErrors, fieldErrors: r.fieldErrors, hideFields: hidden }),
            resent: false,
            retryAfterMinutes: minutes(r.retryAfterSeconds),
          },
          { status: r.status },
        );
      }
      log.info("password.reset", {});
      return data({ step: "done" as const });
    },
    {
      hideFields: hidden,
      invalid: (result, formData) =>
        formData.get("intent") === "forgot"
          ? { step: "login" as const, result, retryAfterMinutes: undefined }
          : { step: "code" as const, login: typedLogin(formData), channel: null, result, resent: false, retryAfterMinutes: undefined },
    },
  );

const steps = ["login", "code", "done"] as const;

function Steps({ current }: { current: (typeof steps)[number] }) {
  const { t } = useTranslation();
  const at = steps.indexOf(current);
  return (
    <ol className="steps" aria-label={t("passwordReset.stepsLabel")}>
      {steps.map((s, i) => (
        <li key={s} className={`steps__item${i < at ? " steps__item--done" : ""}${i === at ? " steps__item--current" : ""}`} aria-current={i === at ? "step" : undefined}>
          <span className="steps__number">{i + 1}</span>
          <span className="steps__label">{t(`passwordReset.steps.${s}`)}</span>
        </li>
      ))}
    </ol>
  );
}

export default function PasswordReset() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const here = localPath(page.lng, "/user/passwordreset");

  if (result?.step === "done") {
    return (
      <div className="account-page">
        <AuthCard
          icon="check"
          title={t("passwordReset.doneTitle")}
          lead={<p>{t("passwordReset.doneText")}</p>}
          footer={
            <div className="account-card__actions">
              <a className="button button--primary button--large" href={localPath(page.lng, "/login")}>
                {t("passwordReset.logIn")}
              </a>
            </div>
          }
        >
          <Steps current="done" />
        </AuthCard>
      </div>
    );
  }

  if (result?.step === "code" || (!result && page.step === "code")) {
    const login = result?.step === "code" ? result.login : page.login;
    const channel = result?.step === "code" ? result.channel : null;
    return (
      <div className="account-page">
        <AuthCard icon="shield" title={t("passwordReset.codeTitle")}>
          <Steps current="code" />
          {result?.step === "code" && !result.result ? (
            <p className="notice notice--info" role="status">
              <span className="notice__text">
                {t(`passwordReset.sent.${channel ?? "any"}`, { login })} {result.resent ? t("passwordReset.resentNote") : ""}
              </span>
            </p>
          ) : (
            <p className="account-card__lead">{t("passwordReset.codeLead", { login })}</p>
          )}
          <ResetForm
            key={login}
            login={login}
            defaultCode={result ? "" : page.code}
            lastResult={result?.step === "code" ? result.result : undefined}
            retryAfterMinutes={result?.step === "code" ? result.retryAfterMinutes : undefined}
          />
          <div className="code-form__resend">
            <Form method="post" action={here} className="inline-form">
              <AuthenticityTokenInput />
              <input type="hidden" name="intent" value="forgot" />
              <input type="hidden" name="resend" value="1" />
              <input type="hidden" name="login" value={login} />
              <span className="muted">{t("passwordReset.noCode")}</span>{" "}
              <button type="submit" className="button-link">
                {t("passwordReset.resend")}
              </button>
            </Form>
            <a href={here} className="button-link">
              {t("passwordReset.otherLogin")}
            </a>
          </div>
        </AuthCard>
      </div>
    );
  }

  const loginResult = result?.step === "login" ? result : undefined;
  return (
    <div className="account-page">
      <AuthCard
        icon="key"
        title={t("passwordReset.title")}
        lead={<p>{t("passwordReset.lead")}</p>}
        footer={
          <p className="muted">
            {t("passwordReset.remembered")} <a href={localPath(page.lng, "/login")}>{t("passwordReset.logIn")}</a>
          </p>
        }
      >
        <Steps current="login" />
        <ForgotPasswordForm action={here} lastResult={loginResult?.result} defaultLogin={page.login} retryAfterMinutes={loginResult?.retryAfterMinutes} autoFocus />
      </AuthCard>
    </div>
  );
}

function ResetForm({
  login,
  defaultCode,
  lastResult,
  retryAfterMinutes,
}: {
  login: string;
  defaultCode: string;
  lastResult: SubmissionResult<string[]> | undefined;
  retryAfterMinutes: number | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "reset";
  const [form, fields] = useForm<{ login: string; code: string; password: string; password_repeat: string }>({
    id: "password-reset",
    lastResult,
    defaultValue: { code: defaultCode },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  });
  const formErrors = wholeFormErrors(lastResult, form.errors);
  const target = focusTarget([fields.code, fields.password, fields.password_repeat], formErrors);
  return (
    <Form method="post" {...getFormProps(form)} className="form">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="reset" />
      <input type="hidden" name="login" value={login} />
      <input type="text" name="username" value={login} autoComplete="username" readOnly hidden />
      <FocusFirstInvalid target={target}>
        <TextField field={fields.code} label={t("passwordReset.codeLabel")} autoComplete="one-time-code" inputMode="numeric" className="field--code" autoFocus />
        <PasswordField field={fields.password} label={t("passwordReset.passwordLabel")} autoComplete="new-password" hint={t("registration.fields.passwordHint")} />
        <PasswordField field={fields.password_repeat} label={t("passwordReset.repeatLabel")} autoComplete="new-password" />
      </FocusFirstInvalid>
      <FormErrors id={form.errorId} errors={formErrors} extra={{ minutes: retryAfterMinutes ?? 1 }} target={target} />
      <button type="submit" className="button button--primary button--large" disabled={busy}>
        {busy ? t("passwordReset.saving") : t("passwordReset.save")}
      </button>
    </Form>
  );
}
