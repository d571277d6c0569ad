import { z } from "zod";
import { endonyms, supportedLanguages } from "~/i18n/languages";
import { activeText, back, note, opsFields, pageNumber, priority, priorityField, requiredText, rowId, ticked } from "./kit";

/** Redirect rules: the list, a rule's page, "try a URL". Messages are dictionary keys. */

export const redirectCodes = [301, 302, 307, 308] as const;

export const redirectRuleForm = z.object({
  source: requiredText(500),
  target: requiredText(2000),
  code: z.coerce.number().refine((c) => (redirectCodes as readonly number[]).includes(c), "ops.errors.code"),
  languages: z.array(z.enum(supportedLanguages)).default([]),
  active: ticked,
  priority,
  note,
});
export type RedirectRuleForm = z.infer<typeof redirectRuleForm>;

export const redirectRuleFields = opsFields(redirectRuleForm, [
  { name: "source", control: "text", label: "ops.redirects.source", hint: "ops.redirects.sourceHint", mono: true, required: true, placeholder: "/promo/:slug" },
  { name: "target", control: "text", label: "ops.redirects.target", hint: "ops.redirects.targetHint", mono: true, required: true, placeholder: "/bonuses/:slug" },
  {
    row: [
      { name: "code", control: "select", label: "ops.redirects.code", choices: redirectCodes, choiceLabel: (c, t) => t(`ops.redirects.codes.${c}`) },
      priorityField("priority", "ops.redirects.priority"),
    ],
  },
  {
    name: "languages",
    control: "checkboxes",
    label: "ops.redirects.languages",
    hint: "ops.redirects.languagesHint",
    choices: supportedLanguages,
    choiceLabel: (lng) => `${lng.toUpperCase()} · ${endonyms[lng as keyof typeof endonyms]}`,
  },
  { name: "active", control: "checkbox", label: "ops.redirects.activeLabel" },
  { name: "note", control: "textarea", label: "ops.redirects.note", rows: 2, maxLength: 500 },
]);

/** The fields of the admin API's rule that the form has: a refusal about one stands next to it. */
export const redirectRuleFieldNames = ["source", "target", "code", "languages", "priority", "note"] as const;

/** The form's value as the admin API takes it: no languages ticked means every language. */
export function toRuleInput(form: RedirectRuleForm) {
  return { ...form, languages: form.languages.length ? form.languages : null };
}

/** A rule's page posts the rule with "save" or "check", or "delete" with its box ticked. */
export const ruleIntentForm = redirectRuleForm.extend({ intent: z.enum(["save", "check"]).default("save") });
export const deleteConfirmForm = z.object({ confirmDelete: z.literal("on", { errorMap: () => ({ message: "ops.redirects.confirmDeleteFirst" }) }) });
export const deleteRuleForm = deleteConfirmForm.extend({ intent: z.literal("delete") });
export const deleteRuleFields = opsFields(deleteConfirmForm, [{ name: "confirmDelete", control: "checkbox", label: "ops.redirects.confirmDelete" }]);
export const isDelete = (formData: FormData) => formData.get("intent") === "delete";

/** The list's filters (a GET form: a bad value is dropped, not refused). */
export const redirectListQuery = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  active: activeText.optional().catch(undefined),
  code: z.enum(["301", "302", "307", "308"]).optional().catch(undefined),
  source: z.string().trim().max(200).optional().catch(undefined),
  target: z.string().trim().max(200).optional().catch(undefined),
  page: pageNumber,
});

export const redirectFilters = opsFields(redirectListQuery, [
  { name: "q", control: "search", label: "ops.redirects.search", wide: true },
  { name: "source", control: "text", label: "ops.redirects.source" },
  { name: "target", control: "text", label: "ops.redirects.target" },
  { name: "code", control: "select", label: "ops.redirects.code", any: "ops.redirects.any", choices: redirectCodes },
  {
    name: "active",
    control: "select",
    label: "ops.redirects.state",
    any: "ops.redirects.any",
    choices: activeText.options,
    choiceLabel: (v, t) => t(v === "true" ? "ops.redirects.active" : "ops.redirects.inactive"),
  },
]);

/** A rule switched on or off from the list (inline with JavaScript, a reload without). */
export const ruleToggleForm = z.object({ id: rowId, active: activeText, back });

/** "Try a URL": the longest address it takes. */
export const MAX_TRY_URL_LENGTH = 2000;
