import { z } from "zod";
import { messageWithValue } from "~/lib/messages";
import { opsFields } from "./kit";

/** Import of redirect rules (the export is a download). Messages are dictionary keys. */

/** Largest import the form takes (a few thousand rules). */
export const MAX_IMPORT_CHARS = 2_000_000;
/** The import's body limit: the text box or a file of that many characters (UTF-8, up to 4 bytes each). */
export const MAX_IMPORT_BYTES = MAX_IMPORT_CHARS * 4 + 64 * 1024;

/** The rules of an export file ({ rules: [...] }) or a bare array of rules. */
function rulesOf(text: string, ctx: z.RefinementCtx): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: messageWithValue("ops.transfer.errors.invalidJson", (error as Error).message) });
    return z.NEVER;
  }
  const rules = Array.isArray(parsed) ? parsed : (parsed as { rules?: unknown } | null)?.rules;
  if (!Array.isArray(rules)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: "ops.transfer.errors.noRules" });
    return z.NEVER;
  }
  return rules;
}

export const importForm = z
  .object({
    json: z
      .string({ required_error: "ops.transfer.errors.empty" })
      .trim()
      .min(1, "ops.transfer.errors.empty")
      .max(MAX_IMPORT_CHARS, "ops.transfer.errors.tooLarge")
      .transform(rulesOf),
    mode: z.enum(["append", "replace"], { errorMap: () => ({ message: "ops.transfer.errors.mode" }) }),
    confirmReplace: z.literal("on").optional(),
  })
  .superRefine((form, ctx) => {
    if (form.mode === "replace" && form.confirmReplace !== "on") {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirmReplace"], message: "ops.transfer.errors.confirmReplace" });
    }
  });

export const importFields = opsFields(importForm, [
  { control: "file", name: "file", label: "ops.transfer.file", hint: "ops.transfer.fileHint", accept: "application/json,.json", into: "json" },
  { name: "json", control: "textarea", label: "ops.transfer.json", mono: true, rows: 14, placeholder: '{ "rules": [ { "source": "/old", "target": "/new", "code": 301 } ] }' },
  { name: "mode", control: "radios", label: "ops.transfer.mode", choices: ["append", "replace"], choiceLabel: (m, t) => t(`ops.transfer.${m}`) },
  { name: "confirmReplace", control: "checkbox", label: "ops.transfer.confirmReplace" },
]);

/** A chosen file wins over the text box (without JavaScript the file is the only way in). */
export async function fileIntoText(formData: FormData) {
  const file = formData.get("file");
  formData.delete("file");
  if (file && typeof file !== "string" && file.size > 0) formData.set("json", await file.text());
}
