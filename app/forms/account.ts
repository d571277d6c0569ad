import { z } from "zod";

/**
 * The account forms' rules, shared by the server (the action parses every submission) and the
 * browser (conform validates on blur with the same schemas). Every message is a dictionary key,
 * translated where it is shown, so both sides show the same words.
 */

/** The registration types the site offers, by URL segment, and their API names (SPEC §3). */
export const registrationTypes = {
  fast: "fast_reg",
  phone: "phone_reg",
  full: "full_reg",
  "one-click": "one_click",
} as const;
export type RegistrationSlug = keyof typeof registrationTypes;
export const registrationSlugs = Object.keys(registrationTypes) as RegistrationSlug[];
export const DEFAULT_REGISTRATION_SLUG: RegistrationSlug = "fast";

/** registration/{type?}: no type is the default; an unknown one is null (a 404). */
export function registrationSlug(param: string | undefined): RegistrationSlug | null {
  if (param === undefined || param === "") return DEFAULT_REGISTRATION_SLUG;
  return (registrationSlugs as string[]).includes(param) ? (param as RegistrationSlug) : null;
}

/** Currencies a new account can be opened in. */
export const registrationCurrencies = ["RUB", "USD", "EUR", "KZT", "TRY", "UAH", "AZN"] as const;
export type RegistrationCurrency = (typeof registrationCurrencies)[number];

const euro = ["AT", "BE", "CY", "DE", "EE", "ES", "FI", "FR", "GR", "HR", "IE", "IT", "LT", "LU", "LV", "MT", "NL", "PT", "SI", "SK"];
const currencyByCountry: Record<string, RegistrationCurrency> = {
  RU: "RUB",
  BY: "RUB",
  KZ: "KZT",
  TR: "TRY",
  UA: "UAH",
  AZ: "AZN",
  US: "USD",
  ...Object.fromEntries(euro.map((c) => [c, "EUR" as const])),
};

/** The currency of a page language's readers, where no country says better. */
const currencyByLanguage: Record<string, RegistrationCurrency> = { ru: "RUB", uk: "UAH", kk: "KZT", tr: "TRY", az: "AZN", de: "EUR", en: "USD", ar: "USD", fa: "USD" };

/**
 * The currency preselected at registration (issue 34): the visitor's country's (SPEC's geo data),
 * else the page language's, else the site's default, else USD. An English visitor from nowhere
 * known is not offered roubles.
 */
export function defaultCurrencyFor(country: string | null | undefined, lng: string | null, siteDefault: string): RegistrationCurrency {
  const byCountry = country ? currencyByCountry[country.toUpperCase()] : undefined;
  if (byCountry) return byCountry;
  const byLanguage = lng ? currencyByLanguage[lng] : undefined;
  if (byLanguage) return byLanguage;
  return (registrationCurrencies as readonly string[]).includes(siteDefault) ? (siteDefault as RegistrationCurrency) : "USD";
}

const languageCountry: Record<string, string> = { ru: "RU", en: "GB", de: "DE", tr: "TR", uk: "UA", kk: "KZ", az: "AZ", ar: "AE", fa: "IR" };
/** Where a visitor with no known country most likely is, from the page language. */
export function countryOfLanguage(lng: string): string | null {
  return languageCountry[lng] ?? null;
}

/** SPEC §3 bonus choice: 0 decline (REJECT), 1 sport bonus (APPROVE), 2 casino bonus. */
export const bonusChoices = [
  { value: 1, key: "sport" },
  { value: 2, key: "casino" },
  { value: 0, key: "decline" },
] as const;
export const DEFAULT_BONUS_CHOICE = 1;

/** The honeypot field: people never see it, form-filling bots do. */
export const HONEYPOT_FIELD = "website";

/** Whole years between a YYYY-MM-DD birthday and `today` (UTC). */
export function ageOn(birthday: string, today: Date): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() < mo - 1 || (today.getUTCMonth() === mo - 1 && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

export const MIN_AGE = 18;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

const E = "registration.errors";

export const emailField = z
  .string({ required_error: `${E}.emailRequired` })
  .trim()
  .max(200, `${E}.emailInvalid`)
  .email(`${E}.emailInvalid`);

export const passwordField = z
  .string({ required_error: `${E}.passwordRequired` })
  .min(PASSWORD_MIN, `${E}.passwordShort`)
  .max(PASSWORD_MAX, `${E}.passwordLong`)
  .refine((p) => /\p{L}/u.test(p) && /\d/.test(p), `${E}.passwordWeak`);

/** Digits only: spaces, dashes, dots and brackets people type are dropped. */
export function normalizePhone(raw: string): string {
  return raw.replace(/[\s().-]/g, "");
}
export const phoneField = z
  .string({ required_error: `${E}.phoneRequired` })
  .transform(normalizePhone)
  .pipe(z.string().regex(/^\d{5,15}$/, `${E}.phoneInvalid`));

const nameField = (key: string) =>
  z
    .string({ required_error: `${E}.${key}Required` })
    .trim()
    .min(1, `${E}.${key}Required`)
    .max(60, `${E}.nameTooLong`)
    .regex(/^[\p{L}' .-]+$/u, `${E}.nameInvalid`);

export const birthdayField = z
  .string({ required_error: `${E}.birthdayRequired` })
  .regex(/^\d{4}-\d{2}-\d{2}$/, `${E}.birthdayInvalid`)
  .superRefine((value, ctx) => {
    const age = ageOn(value, new Date());
    if (age === null || age > 120 || age < 0) ctx.addIssue({ code: "custom", message: `${E}.birthdayInvalid` });
    else if (age < MIN_AGE) ctx.addIssue({ code: "custom", message: `${E}.underage` });
  });

const common = {
  currency: z.enum(registrationCurrencies, { errorMap: () => ({ message: `${E}.currencyRequired` }) }),
  country_code: z.string({ required_error: `${E}.countryRequired` }).regex(/^[A-Z]{2}$/, `${E}.countryRequired`),
  bonus_choice: z
    .number({ required_error: `${E}.bonusRequired`, invalid_type_error: `${E}.bonusRequired` })
    .int(`${E}.bonusRequired`)
    .refine((n): n is 0 | 1 | 2 => n === 0 || n === 1 || n === 2, `${E}.bonusRequired`),
  promocode: z
    .string()
    .trim()
    .max(32, `${E}.promocodeInvalid`)
    .regex(/^[A-Za-z0-9_-]+$/, `${E}.promocodeInvalid`)
    .optional(),
  terms: z.boolean({ required_error: `${E}.termsRequired` }).refine((v) => v, `${E}.termsRequired`),
};

export const registrationSchemas = {
  fast: z.object({ ...common, email: emailField, password: passwordField }),
  phone: z.object({ ...common, phone_number: phoneField, password: passwordField }),
  full: z.object({
    ...common,
    email: emailField,
    password: passwordField,
    phone_number: phoneField,
    name: nameField("name"),
    surname: nameField("surname"),
    date_birthday: birthdayField,
  }),
  "one-click": z.object(common),
} satisfies Record<RegistrationSlug, z.ZodTypeAny>;

/** The one-click player keeps their credentials by e-mail. */
export const credentialsEmailSchema = z.object({
  email: emailField,
  login: z.string().min(1).max(200),
  password: z.string().min(1).max(200),
});

// Codes (activation and password reset): the digits the e-mail or SMS gives (spaces dropped).
export const codeField = (prefix: string) =>
  z
    .string({ required_error: `${prefix}.errors.codeRequired` })
    .transform((s) => s.replace(/\s/g, ""))
    .pipe(z.string().regex(/^\d{4,8}$/, `${prefix}.errors.codeInvalid`));

export const activationChannels = ["email", "phone"] as const;
export const activationCodeSchema = z.object({
  type: z.enum(activationChannels, { errorMap: () => ({ message: "activation.errors.badRequest" }) }),
  code: codeField("activation"),
});

const P = "passwordReset.errors";
export const forgotPasswordSchema = z.object({
  login: z.string({ required_error: `${P}.loginRequired` }).trim().min(1, `${P}.loginRequired`).max(200, `${P}.loginRequired`),
});
export const resetPasswordSchema = z
  .object({
    login: z.string().trim().min(1).max(200),
    code: codeField("passwordReset"),
    password: z
      .string({ required_error: `${P}.passwordRequired` })
      .min(PASSWORD_MIN, `${P}.passwordShort`)
      .max(PASSWORD_MAX, `${P}.passwordLong`)
      .refine((p) => /\p{L}/u.test(p) && /\d/.test(p), `${P}.passwordWeak`),
    password_repeat: z.string({ required_error: `${P}.repeatRequired` }),
  })
  .superRefine(samePasswords);

/** The new password typed twice must match. */
export function samePasswords(v: { password: string; password_repeat: string }, ctx: z.RefinementCtx) {
  if (v.password !== v.password_repeat) ctx.addIssue({ code: "custom", path: ["password_repeat"], message: `${P}.mismatch` });
}

export const stopNewsletterSchema = z.object({
  email: z.string().trim().email().max(200),
  token: z.string().min(1).max(512),
});

/**
 * What each registration URL posts, told apart by `form` (never posted: each URL's schema
 * supplies its own), plus the one-click player's "send my credentials by e-mail".
 */
export const registrationForms = {
  fast: registrationSchemas.fast.extend({ form: z.literal("fast").default("fast") }),
  phone: registrationSchemas.phone.extend({ form: z.literal("phone").default("phone") }),
  full: registrationSchemas.full.extend({ form: z.literal("full").default("full") }),
  "one-click": registrationSchemas["one-click"].extend({ form: z.literal("one-click").default("one-click") }),
};
export const credentialsEmailForm = credentialsEmailSchema.extend({ form: z.literal("credentials-email").default("credentials-email") });

/** The password reset's step 1 (a code to this login) and step 2 (the code and the new password), told apart by intent. */
export const forgotPasswordForm = forgotPasswordSchema.extend({ intent: z.literal("forgot"), resend: z.literal("1").optional() });
export const resetPasswordForm = resetPasswordSchema.innerType().extend({ intent: z.literal("reset").default("reset") }).superRefine(samePasswords);

export { registrationAllowed } from "~/loaders/guard-rules";
