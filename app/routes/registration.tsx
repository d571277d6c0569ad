import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { type ShouldRevalidateFunction, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { CredentialsScreen } from "~/components/auth/CredentialsScreen";
import { RegistrationForm, RegistrationTabs } from "~/components/auth/RegistrationForm";
import {
  HONEYPOT_FIELD,
  countryOfLanguage,
  credentialsEmailForm,
  defaultCurrencyFor,
  registrationAllowed,
  registrationForms,
  registrationSlug,
  type RegistrationSlug,
} from "~/forms/account";
import { localPath } from "~/lib/paths";
import { env } from "~/env.server";
import { COOKIES, clearCookie } from "~/lib/cookies.server";
import { callerOf } from "~/services/visitor.server";
import { afterAuthTarget, sessionCookies, signedInRedirect } from "~/forms/sign-in.server";
import { afterAction, pageAction } from "~/forms/action.server";
import { type PageContext, pageLoader } from "~/loaders/guards.server";
import { safeReturnPath } from "~/lib/return-to.server";
import { routeSeo } from "~/loaders/seo.server";
import { privatePageHeaders } from "~/lib/private-headers.server";
import { type RegistrationInput, register, registrationCountries, sendCredentialsEmail } from "~/services/account.server";
import { errorCode } from "~/services/auth.server";
import { UpstreamError } from "~/services/http.server";
import { log } from "~/services/log.server";
import { seoMeta } from "~/seo";
import { notFound } from "~/lib/responses.server";

/**
 * registration/{type?} (SPEC §2, §3, §5): fast (e-mail), phone, full and one-click sign-up.
 * Refused (404) on a VIP domain or while registration is closed; signed-in users go to the
 * language root. A one-click player sees the generated login and password once, with three ways
 * to keep them; anyone whose e-mail or phone must be confirmed continues to user/accountverify.
 */

function refuseUnlessOpen(ctx: PageContext) {
  const { config, url } = ctx.site;
  if (!registrationAllowed({ allowed: config.registration.allowed, vipDomains: config.vipDomains, hostname: url.hostname })) throw notFound();
}

export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "registration", async (ctx) => {
    const slug = registrationSlug(args.params.type);
    if (!slug) throw notFound();
    refuseUnlessOpen(ctx);
    const { site } = ctx;
    // After this request's own action (a new player's credentials screen) the page still renders.
    if (ctx.user && !afterAction(args.context)) throw redirect(`/${site.lng}`);
    const countries = await registrationCountries(site.lng);
    // The visitor's own country when the geo data knows it, else the language's, else the site's.
    const visitor =
      countries.find((c) => c.code === site.country) ??
      countries.find((c) => c.code === countryOfLanguage(site.lng)) ??
      countries.find((c) => c.code === site.config.country) ??
      countries[0];
    const origin = env.PUBLIC_ORIGIN ?? site.url.origin;
    return {
      lng: site.lng,
      slug,
      countries,
      defaults: { country: visitor?.code ?? "", currency: defaultCurrencyFor(site.country, site.lng, site.config.defaultCurrency) },
      returnTo: safeReturnPath(site.url.searchParams.get("returnTo"), ""),
      companyName: site.config.companyName,
      loginUrl: `${origin}/${site.lng}/login`,
      seo: await routeSeo(ctx),
    };
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export const headers = privatePageHeaders;

/** After the one-click credentials are shown, nothing reloads this page (that would hide them). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  if (actionResult && typeof actionResult === "object" && (actionResult as { kind?: string }).kind === "credentials") return false;
  return defaultShouldRevalidate;
};

const clearedTarget = () => clearCookie(COOKIES.redirectUrl);

type FieldErrors = Record<string, string[]>;

/** The platform's refusals as translated form and field errors (keys of the dictionary). */
function refusal(error: unknown): { status: number; formErrors?: string[]; fieldErrors?: FieldErrors; retryAfterMinutes?: number } {
  const e = errorCode(error);
  const E = "registration.errors";
  switch (e?.code) {
    case "weak_password":
      return { status: 400, fieldErrors: { password: [`${E}.weakPassword`] } };
    case "underage":
      return { status: 400, fieldErrors: { date_birthday: [`${E}.underage`] } };
    case "email_taken":
      return { status: 409, fieldErrors: { email: [`${E}.emailTaken`] } };
    case "phone_taken":
      return { status: 409, fieldErrors: { phone_number: [`${E}.phoneTaken`] } };
    case "registration_closed":
      return { status: 403, formErrors: [`${E}.closed`] };
    case "rate_limited":
      return { status: 429, formErrors: [`${E}.rateLimited`], retryAfterMinutes: Math.max(1, Math.ceil((e.retryAfterSeconds ?? 60) / 60)) };
    case "bad_request":
      return { status: 400, formErrors: [`${E}.badRequest`] };
    default:
      if (error instanceof UpstreamError) {
        log.warn("registration.failed", { status: error.status, kind: error.kind, code: e?.code });
        return { status: 503, formErrors: [`${E}.unavailable`] };
      }
      throw error;
  }
}

const hideFields = ["password"];

export const action = (args: ActionFunctionArgs) => {
  const slug = registrationSlug(args.params.type);
  if (!slug) throw notFound();
  return pageAction(
    args,
    "registration",
    (formData) => (formData.get("intent") === "credentials-email" ? credentialsEmailForm : registrationForms[slug]),
    async ({ ctx, value, submission, formData }) => {
      if (value.form === "credentials-email") return credentialsEmail(ctx, value, submission, formData);
      refuseUnlessOpen(ctx);
      if (ctx.user) throw redirect(`/${ctx.site.lng}`);
      return registerPlayer(args.request, ctx, value, submission, formData);
    },
    {
      hideFields,
      invalid: (result, formData) =>
        formData.get("intent") === "credentials-email"
          ? credentialsScreen(formData, { result, sent: false })
          : { kind: "form" as const, result, retryAfterMinutes: undefined as number | undefined },
    },
  );
};

type RegistrationValue = z.output<(typeof registrationForms)[RegistrationSlug]>;
type FormSubmission = { reply: (options?: { formErrors?: string[]; fieldErrors?: FieldErrors; hideFields?: string[]; resetForm?: boolean }) => SubmissionResult<string[]> };

async function registerPlayer(request: Request, ctx: PageContext, value: RegistrationValue, submission: FormSubmission, formData: FormData) {
  const { lng } = ctx.site;
  const returnTo = formData.get("returnTo");
  const trap = formData.get(HONEYPOT_FIELD);
  if (typeof trap === "string" && trap.trim() !== "") {
    // Answered as if it worked, so the bot learns nothing; nothing is registered.
    log.warn("registration.honeypot", { type: value.form, length: trap.length, ip: callerOf(request).clientIp });
    throw redirect(`/${lng}`);
  }
  const formError = (fieldErrors: FieldErrors) =>
    data({ kind: "form" as const, result: submission.reply({ fieldErrors, hideFields }), retryAfterMinutes: undefined as number | undefined }, { status: 400 });

  /** The country's dialling code, for the forms with a phone number. */
  const telCode = async (country: string) => (await registrationCountries(lng)).find((c) => c.code === country)?.telCode;

  const base = {
    currency: value.currency,
    country_code: value.country_code,
    bonus_choice: value.bonus_choice,
    lng,
    ...(value.promocode ? { promocode: value.promocode } : {}),
  };
  let input: RegistrationInput;
  switch (value.form) {
    case "fast":
      input = { ...base, type: "fast_reg", email: value.email, password: value.password };
      break;
    case "phone": {
      const phone_code = await telCode(value.country_code);
      if (!phone_code) return formError({ country_code: ["registration.errors.countryRequired"] });
      input = { ...base, type: "phone_reg", phone_number: value.phone_number, phone_code, password: value.password };
      break;
    }
    case "full": {
      const phone_code = await telCode(value.country_code);
      if (!phone_code) return formError({ country_code: ["registration.errors.countryRequired"] });
      const { email, password, phone_number, name, surname, date_birthday } = value;
      input = { ...base, type: "full_reg", email, password, phone_number, phone_code, name, surname, date_birthday };
      break;
    }
    case "one-click":
      input = { ...base, type: "one_click" };
      break;
  }

  let account;
  try {
    account = await register(input, callerOf(request));
  } catch (error) {
    const r = refusal(error);
    return data(
      {
        kind: "form" as const,
        result: submission.reply({ formErrors: r.formErrors, fieldErrors: r.fieldErrors, hideFields }),
        retryAfterMinutes: r.retryAfterMinutes,
      },
      { status: r.status },
    );
  }
  log.info("registration.created", { userId: account.userId, type: input.type, activation: account.activation });

  const session = { token: account.token, expiresAt: account.expiresAt, userId: account.userId };
  const target = afterAuthTarget(request, lng, returnTo);
  const next =
    account.activation === "none"
      ? target
      : `/${lng}/user/accountverify${target === `/${lng}` ? "" : `?returnTo=${encodeURIComponent(target)}`}`;

  if (value.form === "one-click" && account.password) {
    const headers = new Headers();
    for (const c of sessionCookies(session)) headers.append("Set-Cookie", c);
    headers.append("Set-Cookie", clearedTarget());
    headers.set("Cache-Control", "no-store");
    return data(
      { kind: "credentials" as const, login: account.login, password: account.password, continueTo: next, email: null },
      { headers },
    );
  }
  if (account.activation !== "none") {
    const headers = new Headers();
    for (const c of sessionCookies(session)) headers.append("Set-Cookie", c);
    headers.append("Set-Cookie", clearedTarget());
    throw redirect(next, { headers });
  }
  throw signedInRedirect(request, lng, session, returnTo);
}

/** The credentials screen again, around the e-mail form's outcome (the values ride in the form). */
function credentialsScreen(formData: FormData, email: { result: SubmissionResult<string[]>; sent: boolean; to?: string }) {
  const text = (name: string) => {
    const v = formData.get(name);
    return typeof v === "string" ? v : "";
  };
  return {
    kind: "credentials" as const,
    login: text("login"),
    password: text("password"),
    continueTo: safeReturnPath(formData.get("continueTo"), "/"),
    email,
  };
}

/** The one-click credentials by e-mail: only for the signed-in new player, within the hour. */
async function credentialsEmail(ctx: PageContext, value: z.output<typeof credentialsEmailForm>, submission: FormSubmission, formData: FormData) {
  const fail = (key: string, status: number) => data(credentialsScreen(formData, { result: submission.reply({ formErrors: [key], hideFields }), sent: false }), { status });
  if (!ctx.user) return fail("registration.credentials.errorSession", 401);
  try {
    await sendCredentialsEmail(ctx.user.token, { email: value.email, login: value.login, password: value.password });
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 403) return fail("registration.credentials.errorTooLate", 403);
    if (error instanceof UpstreamError && error.status === 429) return fail("registration.errors.rateLimited", 429);
    if (error instanceof UpstreamError) {
      log.warn("registration.credentials_email_failed", { status: error.status, kind: error.kind });
      return fail("registration.errors.unavailable", 503);
    }
    throw error;
  }
  return data(credentialsScreen(formData, { result: submission.reply({ resetForm: true, hideFields }), sent: true, to: value.email }));
}

export default function Registration() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  if (result?.kind === "credentials") {
    return (
      <div className="account-page">
        <CredentialsScreen
          login={result.login}
          password={result.password}
          continueTo={result.continueTo}
          companyName={page.companyName}
          loginUrl={page.loginUrl}
          email={result.email}
        />
      </div>
    );
  }
  const lastResult = result?.kind === "form" ? result.result : undefined;
  const retryAfterMinutes = result?.kind === "form" ? (result as { retryAfterMinutes?: number }).retryAfterMinutes : undefined;
  return (
    <div className="reg">
      <RegistrationPromo />
      <section className="reg__panel" aria-labelledby="reg-title">
        <h1 id="reg-title" className="reg__title">
          {t("registration.title")}
        </h1>
        <p className="reg__lead">{t("registration.lead")}</p>
        <RegistrationTabs lng={page.lng} current={page.slug} returnTo={page.returnTo} />
        <RegistrationForm key={page.slug} page={page} lastResult={lastResult} retryAfterMinutes={retryAfterMinutes} />
        <p className="reg__login">
          {t("registration.haveAccount")}{" "}
          <a href={localPath(page.lng, "/login")} className="reg__login-link">
            {t("registration.logIn")}
          </a>
        </p>
      </section>
    </div>
  );
}

function RegistrationPromo() {
  const { t } = useTranslation();
  return (
    <aside className="reg-promo" aria-label={t("registration.promo.label")}>
      <p className="reg-promo__kicker">{t("registration.promo.kicker")}</p>
      <p className="reg-promo__amount">{t("registration.promo.amount")}</p>
      <p className="reg-promo__text">{t("registration.promo.text")}</p>
      <ul className="reg-promo__list">
        {(["payouts", "live", "support"] as const).map((k) => (
          <li key={k}>{t(`registration.promo.${k}`)}</li>
        ))}
      </ul>
      <svg className="reg-promo__art" viewBox="0 0 200 200" width="180" height="180" aria-hidden="true" focusable="false">
        <circle cx="100" cy="100" r="92" fill="rgba(255,255,255,.08)" />
        <circle cx="100" cy="100" r="64" fill="#fff" />
        <path
          d="M100 58l20 14-8 24H88l-8-24zM100 58V40M120 72l18-8M112 96l14 16M88 96l-14 16M80 72l-18-8"
          stroke="#0b1a14"
          strokeWidth="5"
          fill="none"
          strokeLinejoin="round"
        />
        <path d="M150 40l6 12 13 2-9 9 2 13-12-6-12 6 2-13-9-9 13-2z" fill="#facc15" />
      </svg>
      <p className="reg-promo__small">{t("registration.promo.small")}</p>
    </aside>
  );
}

