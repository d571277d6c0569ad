import { z } from "zod";

/**
 * What the operations console's forms share: the field lists the kit draws
 * (app/components/ops/), and the zod pieces more than one editor's schema is made of. Messages
 * and labels are dictionary keys.
 */

/** How a field is drawn. */
export type OpsControl = "text" | "search" | "number" | "datetime" | "textarea" | "select" | "checkbox" | "checkboxes" | "radios";

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface OpsField<Name extends string = string> {
  name: Name;
  control: OpsControl;
  label: string;
  /** A line under the control, or a list of lines. */
  hint?: string | readonly string[];
  /** A select's, the checkboxes' or the radios' values. */
  choices?: readonly (string | number)[];
  /** A choice in words; without it the value itself is shown. */
  choiceLabel?: (choice: string, t: Translate) => string;
  /** A filter's select: its first choice, "any" (an empty value). */
  any?: string;
  /** An example of the value (not translated: paths and patterns read alike in every language). */
  placeholder?: string;
  /** Code-like values: monospace, left to right. */
  mono?: boolean;
  required?: boolean;
  /** A filter's field that takes more of the row. */
  wide?: boolean;
  rows?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  /** The id of a note of the form the control is also described by (the maintenance form's time zone). */
  describedBy?: string;
}

/** A file whose text, with JavaScript, is shown in a text field of the form before it is sent. */
export interface OpsFileField<Name extends string = string> {
  control: "file";
  /** Not a field of the schema: the action reads the file into `into` (see prepare in ACTIONS.md). */
  name: string;
  label: string;
  hint?: string;
  accept?: string;
  into: Name;
}

/** A row of fields side by side, under a legend when it has one. */
export interface OpsFieldRow<Name extends string = string> {
  row: ReadonlyArray<OpsField<Name>>;
  legend?: string;
}

export type OpsFieldLayout<Name extends string = string> = OpsField<Name> | OpsFileField<Name> | OpsFieldRow<Name>;

type FieldName<S extends z.ZodTypeAny> = Extract<keyof z.input<S>, string>;

/** A form's fields in the order it shows them; each name must be a field of `schema`. */
export function opsFields<S extends z.ZodTypeAny>(_schema: S, layout: ReadonlyArray<OpsFieldLayout<FieldName<S>>>): ReadonlyArray<OpsFieldLayout> {
  return layout;
}

/** The plain fields of a layout, in order (the focus goes to the first invalid one). */
export function fieldsOf(layout: ReadonlyArray<OpsFieldLayout>): OpsField[] {
  return layout.flatMap((item) => ("row" in item ? [...item.row] : item.control === "file" ? [] : [item]));
}

// ---------------------------------------------------------------------------------------------
// Pieces of schemas

export const requiredText = (max: number) =>
  z.string({ required_error: "ops.errors.required" }).trim().min(1, "ops.errors.required").max(max, "ops.errors.tooLong");

/** A rule's priority: a whole number from -1000 to 1000, 0 by default. */
export const priority = z.coerce
  .number({ invalid_type_error: "ops.errors.priority" })
  .int("ops.errors.priority")
  .min(-1000, "ops.errors.priority")
  .max(1000, "ops.errors.priority")
  .default(0);
export const priorityField = <Name extends string>(name: Name, label: string): OpsField<Name> => ({ name, control: "number", label, min: -1000, max: 1000 });

export const note = z.string().trim().max(500, "ops.errors.tooLong").default("");

/** A ticked box posts "on"; an unticked one posts nothing. */
export const ticked = z
  .literal("on")
  .optional()
  .transform((v) => v === "on");

/** A list's page in its query; anything else is the first page. */
export const pageNumber = z.coerce.number().int().min(1).max(100_000).optional().catch(undefined);
export const pagingQuery = z.object({ page: pageNumber });

/** The row a list's button acts on. */
export const rowId = z.coerce.number().int().positive();
/** Where a row's button comes back to; any length: safeReturnPath falls back on one over its cap rather than refusing the button. */
export const back = z.string().optional();
export const activeText = z.enum(["true", "false"]);

/** What a row's button gets back: which row, its message (a dictionary key), the platform's words. */
export interface RowReply {
  rowId: number | null;
  rowError: string | null;
  detail: string | null;
}
export const noRowReply: RowReply = { rowId: null, rowError: null, detail: null };
