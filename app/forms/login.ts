import { z } from "zod";

/** SPEC §3 login form types. */
export const loginFormTypes = ["login_password", "phone_password", "sms", "login_password_two_step_code"] as const;
export type LoginFormType = (typeof loginFormTypes)[number];

export function loginFormType(value: string | null | undefined): LoginFormType {
  return (loginFormTypes as readonly string[]).includes(value ?? "") ? (value as LoginFormType) : "login_password";
}

const save = z
  .literal("on")
  .optional()
  .transform((v) => v === "on");
const phoneDigits = z
  .string({ required_error: "authErrors.required" })
  .transform((v) => v.replace(/[\s()+-]/g, ""))
  .pipe(z.string().regex(/^\d{5,15}$/, "authErrors.phone"));
const telCode = z.string({ required_error: "authErrors.required" }).regex(/^\d{1,4}$/, "authErrors.required");
const code = z.string({ required_error: "authErrors.required" }).trim().regex(/^\d{4,8}$/, "authErrors.code");
const password = z.string({ required_error: "authErrors.required" }).min(1, "authErrors.required").max(128, "authErrors.required");

/**
 * What each step of each login form posts. `step` says which: the credentials, sending an
 * SMS code, the SMS code, or the two-step code. A solved captcha may ride along.
 */
export const loginSubmissionSchema = z.discriminatedUnion("step", [
  z.object({
    step: z.literal("credentials"),
    formType: z.enum(["login_password", "login_password_two_step_code"]),
    uLogin: z.string({ required_error: "authErrors.required" }).trim().min(1, "authErrors.required").max(100, "authErrors.required"),
    uPassword: password,
    save,
  }),
  z.object({ step: z.literal("phone"), formType: z.literal("phone_password"), phone_code: telCode, phone_number: phoneDigits, uPassword: password, save }),
  z.object({ step: z.literal("sms_send"), formType: z.literal("sms"), phone_code: telCode, phone_number: phoneDigits }),
  z.object({ step: z.literal("sms_code"), formType: z.literal("sms"), phone_code: telCode, phone_number: phoneDigits, code, save }),
  z.object({ step: z.literal("two_step"), formType: z.literal("login_password_two_step_code"), twoStepToken: z.string().min(8).max(256), code, save }),
]);
export type LoginSubmission = z.infer<typeof loginSubmissionSchema>;

export const captchaFields = z.object({
  captchaId: z.string().min(1).max(128).optional(),
  captchaAnswer: z.string().trim().max(16).optional(),
});

/** A dialling code as the phone login forms offer it. */
export interface PhoneCode {
  tel_code: string;
  label: string;
}

/**
 * One option per dialling code: countries that share one (+7) share its option, so the default
 * code selects exactly one option (HTML allows one selected option in a single select).
 */
export function phoneCodes(countries: ReadonlyArray<{ country_code: string; tel_code: string }>): PhoneCode[] {
  const byCode = new Map<string, string[]>();
  for (const c of countries) byCode.set(c.tel_code, [...(byCode.get(c.tel_code) ?? []), c.country_code]);
  return [...byCode].map(([tel_code, names]) => ({ tel_code, label: `${names.join(", ")} +${tel_code}` }));
}

/** Google's one-tap prompt posts its credential and its own CSRF token (SPEC §4 login-google). */
export const googleOneTapForm = z.object({ credential: z.string().min(20).max(8192), g_csrf_token: z.string().min(8).max(256) });
