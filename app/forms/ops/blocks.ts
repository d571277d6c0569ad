import { z } from "zod";
import { BLOCK_REASONS } from "~/constants";
import { activeText, back, note, opsFields, pagingQuery, priority, priorityField, requiredText, rowId } from "./kit";

/** Block rules: the list with its rows' buttons and the new rule's form. Messages are dictionary keys. */

/** Block reasons (displayTypeId) a rule may give, each with its block page (SPEC §4). */
export const blockReasons = BLOCK_REASONS;
export const blockKinds = ["country", "user_agent", "path"] as const;
export const blockAudiences = ["all", "guests", "users"] as const;

export const blockRuleForm = z
  .object({
    kind: z.enum(blockKinds, { errorMap: () => ({ message: "ops.blocks.errors.kind" }) }),
    pattern: requiredText(500),
    reason: z.coerce
      .number({ invalid_type_error: "ops.blocks.errors.reason" })
      .refine((r) => blockReasons.includes(r), "ops.blocks.errors.reason"),
    appliesTo: z.enum(blockAudiences, { errorMap: () => ({ message: "ops.blocks.errors.appliesTo" }) }).default("all"),
    priority,
    note,
  })
  .transform((form) => (form.kind === "country" ? { ...form, pattern: form.pattern.toUpperCase() } : form))
  .superRefine((form, ctx) => {
    // The platform checks every pattern; these are the mistakes worth catching while typing.
    const bad = (message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["pattern"], message });
    if (form.kind === "country" && !/^[A-Z]{2}$/.test(form.pattern)) bad("ops.blocks.errors.country");
    if (form.kind === "path" && !/^\/(?!\/)[^\s?#]*$/.test(form.pattern)) bad("ops.blocks.errors.path");
    if (form.kind === "user_agent") {
      try {
        new RegExp(form.pattern, "i");
      } catch {
        bad("ops.blocks.errors.userAgent");
      }
    }
  });

export const blockRuleFields = opsFields(blockRuleForm, [
  {
    row: [
      { name: "kind", control: "select", label: "ops.blocks.kind", choices: blockKinds, choiceLabel: (k, t) => t(`ops.blocks.kinds.${k}`) },
      { name: "appliesTo", control: "select", label: "ops.blocks.appliesTo", choices: blockAudiences, choiceLabel: (a, t) => t(`ops.blocks.audiences.${a}`) },
    ],
  },
  { name: "pattern", control: "text", label: "ops.blocks.pattern", mono: true, required: true, hint: blockKinds.map((k) => `ops.blocks.patternHints.${k}`) },
  { name: "reason", control: "select", label: "ops.blocks.reason", choices: blockReasons, choiceLabel: (r, t) => t(`ops.blocks.reasons.${r}`) },
  { row: [priorityField("priority", "ops.blocks.priority"), { name: "note", control: "text", label: "ops.blocks.note", maxLength: 500 }] },
]);

export const blockRuleDefaults = { kind: "path", reason: "4", appliesTo: "all", priority: "0" };

/** The fields of the admin API's block rule that the form has. */
export const blockRuleFieldNames = ["kind", "pattern", "reason", "appliesTo", "priority", "note"] as const;

/** Block refusals in words where a block rule's differ from a redirect's. */
export const blockRefusalKeys: Record<string, string> = {
  invalid_pattern: "ops.blocks.errors.pattern",
  invalid_reason: "ops.blocks.errors.reason",
};

/** A row's buttons: switch on or off, delete (with its box ticked). */
export const blockRowForm = z.object({
  intent: z.enum(["delete", "toggle"]),
  id: rowId,
  back,
  active: activeText.optional(),
  confirmDelete: z.literal("on").optional(),
});
const createForm = blockRuleForm.transform((rule) => ({ ...rule, intent: "create" as const }));
export const isRowIntent = (formData: FormData) => formData.get("intent") === "delete" || formData.get("intent") === "toggle";
/** What a post to the page is: a row's button or the new rule. */
export const blockFormOf = (formData: FormData) => (isRowIntent(formData) ? blockRowForm : createForm);

export const blockListQuery = pagingQuery;
