import { z } from "zod";
import { supportedLanguages } from "~/i18n/languages";

export const redirectCodes = [301, 302, 307, 308] as const;

/** The redirect rule form of the ops console; messages are dictionary keys. */
export const redirectRuleForm = z.object({
  source: z.string({ required_error: "ops.errors.required" }).trim().min(1, "ops.errors.required").max(500, "ops.errors.tooLong"),
  target: z.string({ required_error: "ops.errors.required" }).trim().min(1, "ops.errors.required").max(2000, "ops.errors.tooLong"),
  code: z.coerce.number().refine((c) => (redirectCodes as readonly number[]).includes(c), "ops.errors.code"),
  languages: z.array(z.enum(supportedLanguages)).default([]),
  active: z
    .literal("on")
    .optional()
    .transform((v) => v === "on"),
  priority: z.coerce.number({ invalid_type_error: "ops.errors.priority" }).int("ops.errors.priority").min(-1000, "ops.errors.priority").max(1000, "ops.errors.priority").default(0),
  note: z.string().trim().max(500, "ops.errors.tooLong").default(""),
});
export type RedirectRuleForm = z.infer<typeof redirectRuleForm>;

/** The form's value as the admin API takes it: no languages ticked means every language. */
export function toRuleInput(form: RedirectRuleForm) {
  return { ...form, languages: form.languages.length ? form.languages : null };
}

export const listQuery = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  active: z.enum(["true", "false"]).optional().catch(undefined),
  code: z.enum(["301", "302", "307", "308"]).optional().catch(undefined),
  source: z.string().trim().max(200).optional().catch(undefined),
  target: z.string().trim().max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});
