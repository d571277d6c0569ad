import type { Db } from "../db/index.ts";
import { type AppliesTo, type BlockKind, blockPatternError } from "./blocks.ts";
import { type PatternError, compileRule } from "./redirects.ts";

/**
 * Writing redirect and block rules, validated the same way for every writer (seed, test hooks,
 * the ops console): a rule that would not compile never reaches the table.
 */

export interface NewRedirectRule {
  source: string;
  target: string;
  code: number;
  languages?: string[] | null;
  active?: boolean;
  priority?: number;
  note?: string;
}

export type WriteResult = { ok: true; id: number } | { ok: false; message: string };

export function describeErrors(errors: PatternError[]): string {
  return errors.map((e) => `${e.field}: ${e.message} (${e.code})`).join("; ");
}

/** The columns every rule has, with their defaults: active, priority 0, no note, written by `by`. */
function commonColumns(rule: { active?: boolean; priority?: number; note?: string }, by: string) {
  return { active: rule.active ?? true, priority: rule.priority ?? 0, note: rule.note ?? "", created_by: by, updated_by: by };
}

export async function insertRedirectRule(db: Db, rule: NewRedirectRule, by: string): Promise<WriteResult> {
  const languages = rule.languages ?? null;
  const compiled = compileRule({
    id: 0,
    source: rule.source,
    target: rule.target,
    code: rule.code,
    languages,
    priority: rule.priority ?? 0,
    active: rule.active ?? true,
  });
  if (!compiled.ok) return { ok: false, message: describeErrors(compiled.errors) };
  const row = await db
    .insertInto("redirect_rule")
    .values({
      source: rule.source,
      target: rule.target,
      code: rule.code,
      languages: languages === null ? null : JSON.stringify(languages),
      ...commonColumns(rule, by),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { ok: true, id: row.id };
}

export interface NewBlockRule {
  kind: BlockKind;
  pattern: string;
  reason: number;
  templateTypeId?: number;
  appliesTo?: AppliesTo;
  active?: boolean;
  priority?: number;
  note?: string;
}

export async function insertBlockRule(db: Db, rule: NewBlockRule, by: string): Promise<WriteResult> {
  const problem = blockPatternError(rule.kind, rule.pattern);
  if (problem) return { ok: false, message: `pattern: ${problem}` };
  const row = await db
    .insertInto("block_rule")
    .values({
      kind: rule.kind,
      pattern: rule.pattern,
      reason: rule.reason,
      template_type_id: rule.templateTypeId ?? 1,
      applies_to: rule.appliesTo ?? "all",
      ...commonColumns(rule, by),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { ok: true, id: row.id };
}
