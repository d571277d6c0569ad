import type { Submission } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { type LoginState, LoginPanel, firstStep } from "~/components/auth/LoginPanel";
import { callerOf } from "~/services/visitor.server";
import { afterAuthTarget, signedInRedirect, signedOutHeaders } from "~/forms/sign-in.server";
import { pageAction } from "~/forms/action.server";
import { pageLoader } from "~/loaders/guards.server";
import { preparedPhoneCodes } from "~/forms/phone-codes.server";
import { type LoginSubmission, captchaFields, loginFormType, loginSubmissionSchema } from "~/forms/login";
import { safeReturnPath } from "~/lib/return-to.server";
import { routeSeo } from "~/loaders/seo.server";
import {
  CAPTCHA_CODES,
  type LoginResult,
  errorCode,
  loginByPassword,
  loginByPhone,
  loginBySms,
  loginByTwoStepCode,
  newCaptcha,
  sendSmsCode,
  validateCaptcha,
} from "~/services/auth.server";
import { log } from "~/services/log.server";
import { seoMeta } from "~/seo";

/** The login page: what the modal shows when JavaScript runs, and the page when it does not. */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "login", async (ctx) => {
    if (ctx.user) throw redirect(afterAuthTarget(args.request, ctx.site.lng, ctx.site.url.searchParams.get("returnTo")));
    const formType = loginFormType(ctx.site.url.searchParams.get("form"));
    return {
      lng: ctx.site.lng,
      state: { formType, step: firstStep(formType) } satisfies LoginState as LoginState,
      returnTo: safeReturnPath(ctx.site.url.searchParams.get("returnTo"), ""),
      phoneCodes: await preparedPhoneCodes(),
      registration: ctx.site.config.registration.allowed,
      seo: await routeSeo(ctx),
    };
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/** Maps the platform's error codes to dictionary keys; anything else is a generic failure. */
const errorKeys: Record<string, string> = {
  wrong_credentials: "authErrors.wrongCredentials",
  rate_limited: "authErrors.rateLimited",
  wrong_code: "authErrors.wrongCode",
  time_up: "authErrors.timeUp",
  phone_not_found: "authErrors.phoneNotFound",
  bad_request: "authErrors.badRequest",
};

function stateOf(formData: FormData): LoginState {
  const formType = loginFormType(String(formData.get("formType") ?? ""));
  const step = String(formData.get("step") ?? "");
  const known = ["credentials", "phone", "sms_send", "sms_code", "two_step"] as const;
  return {
    formType,
    step: (known as readonly string[]).includes(step) ? (step as LoginState["step"]) : firstStep(formType),
    phone_code: String(formData.get("phone_code") ?? "") || undefined,
    phone_number: String(formData.get("phone_number") ?? "") || undefined,
    twoStepToken: String(formData.get("twoStepToken") ?? "") || undefined,
    save: formData.get("save") === "on",
  };
}

const hideFields = ["uPassword", "code", "captchaAnswer"];

export const action = (args: ActionFunctionArgs) =>
  pageAction(args, "login", loginSubmissionSchema, ({ ctx, submission, value, formData }) => signIn(args.request, ctx.site.lng, submission, value, formData), {
    hideFields,
    invalid: (lastResult, formData) => ({ lastResult, state: stateOf(formData), captcha: null, info: null as string | null }),
  });

/** The login forms' steps on valid input: the platform's answers and refusals in words. */
async function signIn(request: Request, lng: string, submission: Submission<unknown, string[], LoginSubmission>, v: LoginSubmission, formData: FormData) {
  const returnTo = formData.get("returnTo");
  const state = stateOf(formData);
  const fail = async (key: string, options: { status?: number; captcha?: boolean; headers?: Headers } = {}) =>
    data(
      {
        lastResult: submission.reply({ formErrors: [key], hideFields }),
        state,
        captcha: options.captcha ? await newCaptcha(callerOf(request)).catch(() => null) : null,
        info: null as string | null,
      },
      { status: options.status ?? 400, headers: options.headers },
    );

  // A solved captcha turns into a one-time token the platform accepts with the retry.
  let captchaToken: string | null = null;
  const captcha = captchaFields.safeParse(Object.fromEntries(formData));
  if (captcha.success && captcha.data.captchaId) {
    const reply = await validateCaptcha({ id: captcha.data.captchaId, answer: captcha.data.captchaAnswer ?? "" }, callerOf(request));
    // SPEC §7: a captcha reply of type 2 logs the user out.
    if (reply.type === 2) return fail("authErrors.captchaBlocked", { headers: signedOutHeaders(null) });
    if (reply.type === 1 || !reply.token) return fail("authErrors.captchaWrong", { captcha: true });
    captchaToken = reply.token;
  }

  const caller = callerOf(request, captchaToken);
  let result: LoginResult;
  try {
    switch (v.step) {
      case "credentials":
        result = await loginByPassword({ uLogin: v.uLogin, uPassword: v.uPassword, save: v.save }, caller);
        break;
      case "phone":
        result = await loginByPhone({ phone_number: v.phone_number, country_code: v.phone_code, uPassword: v.uPassword, save: v.save }, caller);
        break;
      case "sms_send":
        await sendSmsCode({ number: v.phone_number, code: v.phone_code }, caller);
        return data({
          lastResult: submission.reply({ resetForm: true }),
          state: { ...state, step: "sms_code" as const, phone_code: v.phone_code, phone_number: v.phone_number },
          captcha: null,
          info: "auth.smsSent" as string | null,
        });
      case "sms_code":
        result = await loginBySms({ phone_number: v.phone_number, country_code: v.phone_code, code: v.code, save: v.save }, caller);
        break;
      case "two_step":
        result = await loginByTwoStepCode({ twoStepToken: v.twoStepToken, code: v.code, save: v.save }, caller);
        break;
    }
  } catch (error) {
    const e = errorCode(error);
    if (e && (e.code === "captcha_required" || CAPTCHA_CODES.includes(e.captchaCode as (typeof CAPTCHA_CODES)[number]))) {
      return fail(e.captchaCode === 1008 ? "authErrors.captchaWrong" : "authErrors.captchaRequired", { captcha: true });
    }
    // A visitor who had to solve a captcha still must on the next try: the wrong password is
    // said in words, with a fresh captcha beside it (not a "captcha required" loop).
    if (e && errorKeys[e.code]) return fail(errorKeys[e.code]!, { status: e.code === "rate_limited" ? 429 : 400, captcha: captchaToken !== null });
    log.error("login.failed", { error, step: v.step });
    return fail("authErrors.generic", { status: 503 });
  }

  if ("twoStepRequired" in result && result.twoStepRequired) {
    return data({
      lastResult: submission.reply({ resetForm: true }),
      state: { formType: "login_password_two_step_code" as const, step: "two_step" as const, twoStepToken: result.twoStepToken, save: state.save },
      captcha: null,
      info: "auth.twoStepSent" as string | null,
    });
  }
  log.info("login.ok", { userId: result.userId, form: v.formType });
  return signedInRedirect(request, lng, result, returnTo);
}

export default function Login() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const { t } = useTranslation();
  return (
    <div className="page-narrow">
      <section className="card auth-card" aria-labelledby="login-title">
        <h1 id="login-title" className="page-title">
          {t("auth.loginTitle")}
        </h1>
        <LoginPanel
          lng={page.lng}
          state={result?.state ?? page.state}
          phoneCodes={page.phoneCodes}
          returnTo={page.returnTo}
          lastResult={result?.lastResult}
          captcha={result?.captcha}
          info={result?.info}
          busy={busy}
          registrationHref={page.registration ? `/${page.lng}/registration` : null}
        />
      </section>
    </div>
  );
}
