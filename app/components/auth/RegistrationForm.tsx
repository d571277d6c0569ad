import { type SubmissionResult, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { localPath } from "~/lib/paths";
import { Icon } from "./AuthCard";
import { FieldError, FocusFirstInvalid, FormErrors, Honeypot, SelectField, TextField, controlProps, wholeFormErrors } from "~/components/form/Field";
import { focusTarget } from "~/components/form/focus";
import {
  DEFAULT_BONUS_CHOICE,
  HONEYPOT_FIELD,
  type RegistrationSlug,
  bonusChoices,
  registrationCurrencies,
  registrationSchemas,
  registrationSlugs,
} from "~/forms/account";
import { PasswordField } from "./PasswordField";

/** What the registration form needs of the registration route's loader data. */
export interface RegistrationPageData {
  lng: string;
  slug: RegistrationSlug;
  countries: Array<{ code: string; name: string; telCode: string }>;
  defaults: { country: string; currency: string };
  returnTo: string;
}

const tabIcons: Record<RegistrationSlug, string> = {
  fast: "M13 2 4 14h7l-1 8 9-12h-7z",
  phone: "M8 2h8a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zM11 18h2",
  full: "M4 5h16v14H4zM8 10a2 2 0 1 0 4 0 2 2 0 0 0-4 0zM6.5 16a3.5 3.5 0 0 1 7 0M15 9h3M15 13h3",
  "one-click": "M9 9V4a2 2 0 1 1 4 0v7l3.5.7a2 2 0 0 1 1.6 2.3L17 20H9l-4-5 1.3-1.3a2 2 0 0 1 2.7 0L9 15",
};

export function RegistrationTabs({
  lng,
  current,
  returnTo,
  onSelect,
}: {
  lng: string;
  current: RegistrationSlug;
  returnTo: string;
  /** In the modal the tabs switch in place. */
  onSelect?: (slug: RegistrationSlug) => void;
}) {
  const { t } = useTranslation();
  const query = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : "";
  return (
    <nav className="reg-tabs" aria-label={t("registration.typesLabel")}>
      {registrationSlugs.map((slug) => (
        <Link
          key={slug}
          to={`${localPath(lng, `/registration/${slug}`)}${query}`}
          className={`reg-tabs__tab${slug === current ? " reg-tabs__tab--active" : ""}`}
          aria-current={slug === current ? "page" : undefined}
          preventScrollReset
          onClick={
            onSelect
              ? (e) => {
                  e.preventDefault();
                  onSelect(slug);
                }
              : undefined
          }
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d={tabIcons[slug]} fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span>{t(`registration.types.${slug}`)}</span>
        </Link>
      ))}
    </nav>
  );
}

type RegistrationFields = {
  email: string;
  password: string;
  phone_number: string;
  name: string;
  surname: string;
  date_birthday: string;
  currency: string;
  country_code: string;
  bonus_choice: number;
  promocode: string;
  terms: boolean;
};

export function RegistrationForm({
  page,
  lastResult,
  retryAfterMinutes,
  FormComponent = Form,
  pending,
}: {
  page: RegistrationPageData;
  lastResult: SubmissionResult<string[]> | undefined;
  retryAfterMinutes: number | undefined;
  /** The page's Form, or a fetcher's Form in the registration modal. */
  FormComponent?: typeof Form;
  /** The modal's fetcher state; the page reads the navigation. */
  pending?: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = pending ?? (navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST");
  const { slug } = page;
  const schema = registrationSchemas[slug];
  const [form, fields] = useForm<RegistrationFields>({
    id: `registration-${slug}`,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as never,
    defaultValue: { currency: page.defaults.currency, country_code: page.defaults.country, bonus_choice: DEFAULT_BONUS_CHOICE },
  });
  const initialCountry = (lastResult?.initialValue?.country_code as string | undefined) ?? page.defaults.country;
  const [country, setCountry] = useState(initialCountry);
  // Without JavaScript the dialing code is read from the country list (it names each code);
  // with it, the chosen country's code also stands in front of the number.
  const hydrated = useHydrated();
  const telCode = page.countries.find((c) => c.code === country)?.telCode ?? "";
  const withPhone = slug === "phone" || slug === "full";
  const withEmail = slug === "fast" || slug === "full";
  const withPassword = slug !== "one-click";
  const maxBirthday = new Date(Date.UTC(new Date().getUTCFullYear() - 18, 11, 31)).toISOString().slice(0, 10);

  const { key: termsKey, ...termsProps } = getInputProps(fields.terms, { type: "checkbox" });
  const formErrors = wholeFormErrors(lastResult, form.errors);
  // The fields in the order the form shows them, for the focus after a refused post.
  const target = focusTarget(
    [
    fields.country_code,
    fields.currency,
    slug === "full" && fields.name,
    slug === "full" && fields.surname,
    withEmail && fields.email,
    withPhone && fields.phone_number,
    slug === "full" && fields.date_birthday,
    withPassword && fields.password,
    fields.bonus_choice,
    fields.promocode,
    fields.terms,
    ],
    formErrors,
  );
  const body = (
    <FormComponent
      method="post"
      action={localPath(page.lng, `/registration/${slug}`)}
      {...getFormProps(form)}
      className="form reg-form"
      aria-describedby={formErrors?.length ? form.errorId : undefined}
    >
      <AuthenticityTokenInput />
      {page.returnTo ? <input type="hidden" name="returnTo" value={page.returnTo} /> : null}
      <Honeypot name={HONEYPOT_FIELD} label={t("registration.honeypot")} />

      {slug === "one-click" ? <p className="reg-form__note">{t("registration.oneClickNote")}</p> : null}

      <div className="reg-form__row">
        <SelectField
          field={fields.country_code}
          label={t("registration.fields.country")}
          options={page.countries.map((c) => ({ value: c.code, label: withPhone ? `${c.name} (+${c.telCode})` : c.name }))}
          onChange={setCountry}
          autoComplete="country"
        />
        <SelectField
          field={fields.currency}
          label={t("registration.fields.currency")}
          options={registrationCurrencies.map((c) => ({ value: c, label: `${c} — ${t(`registration.currencies.${c}`)}` }))}
        />
      </div>

      {slug === "full" ? (
        <div className="reg-form__row">
          <TextField field={fields.name} label={t("registration.fields.name")} autoComplete="given-name" />
          <TextField field={fields.surname} label={t("registration.fields.surname")} autoComplete="family-name" />
        </div>
      ) : null}
      {withEmail ? (
        <TextField field={fields.email} label={t("registration.fields.email")} type="email" autoComplete="email" inputMode="email" placeholder="name@example.com" />
      ) : null}
      {withPhone ? (
        <TextField
          field={fields.phone_number}
          label={t("registration.fields.phone")}
          // tel-national belongs on a text input (HTML autofill); inputMode still brings the phone keypad.
          type="text"
          autoComplete="tel-national"
          inputMode="tel"
          prefix={hydrated && telCode ? `+${telCode}` : undefined}
          hint={t("registration.fields.phoneHint")}
        />
      ) : null}
      {slug === "full" ? (
        <TextField field={fields.date_birthday} label={t("registration.fields.birthday")} type="date" autoComplete="bday" max={maxBirthday} />
      ) : null}
      {withPassword ? (
        <PasswordField field={fields.password} label={t("registration.fields.password")} autoComplete="new-password" hint={t("registration.fields.passwordHint")} />
      ) : null}

      <fieldset className="bonus-choice" aria-describedby={fields.bonus_choice.errors?.length ? fields.bonus_choice.errorId : undefined}>
        <legend className="field__label">{t("registration.bonus.title")}</legend>
        <div className="bonus-choice__options">
          {bonusChoices.map((b, i) => {
            const { key, ...props } = getInputProps(fields.bonus_choice, { type: "radio", value: String(b.value) });
            return (
              <label key={b.value} className={`bonus-choice__option bonus-choice__option--${b.key}`}>
                <input key={key} {...props} id={`${props.id}-${b.value}`} autoFocus={(i === 0 && target === fields.bonus_choice.name) || undefined} />
                <span className="bonus-choice__card">
                  <span className="bonus-choice__name">{t(`registration.bonus.${b.key}`)}</span>
                  <span className="bonus-choice__text">{t(`registration.bonus.${b.key}Text`)}</span>
                </span>
              </label>
            );
          })}
        </div>
        <FieldError field={fields.bonus_choice} />
      </fieldset>

      <details className="reg-form__promo" open={Boolean(lastResult?.initialValue?.promocode) || undefined}>
        <summary>{t("registration.fields.promocodeToggle")}</summary>
        <TextField field={fields.promocode} label={t("registration.fields.promocode")} autoComplete="off" />
      </details>

      <div className="reg-form__terms">
        <label className="checkbox">
          <input key={termsKey} {...termsProps} {...controlProps(fields.terms, target)} />
          <span>
            {t("registration.terms.before")}{" "}
            <a href={localPath(page.lng, "/rules/1")} target="_blank" rel="noreferrer">
              {t("registration.terms.link")}
            </a>
            {t("registration.terms.after")}
          </span>
        </label>
        <FieldError field={fields.terms} />
      </div>

      <FormErrors id={form.errorId} errors={formErrors} extra={{ minutes: retryAfterMinutes ?? 1 }} target={target} />

      <button type="submit" className="button button--primary button--large reg-form__submit" disabled={busy} aria-busy={busy || undefined}>
        {busy ? t("registration.submitting") : t("registration.submit")}
      </button>
      <p className="reg-form__legal">
        <Icon name="shield" size={16} /> {t("registration.legal")}
      </p>
    </FormComponent>
  );
  return <FocusFirstInvalid target={target}>{body}</FocusFirstInvalid>;
}
