import { type Selectable, type Updateable, sql } from "kysely";
import { z } from "zod";
import { whole } from "./admin-fields.ts";
import type { Db } from "../db/index.ts";
import { type Paging, countAndPage } from "./paging.ts";
import type { BlockRuleTable } from "../db/schema.ts";
import { type Outcome, done, notFound, refuse } from "./admin-outcome.ts";
import { type Actor, recordChange } from "./audit.ts";
import { blockPatternError, blockReasons } from "./blocks.ts";
import { withConfigLock } from "./config-version.ts";

/** Block rules as the ops console edits them, validated as domain/blocks.ts matches them. */
export const blockInputSchema = z.object({
  kind: z.enum(["country", "user_agent", "path"], { errorMap: () => ({ message: 'must be "country", "user_agent" or "path"' }) }),
  // Not trimmed: spaces can matter in a user-agent expression.
  pattern: z.string({ required_error: "is required", invalid_type_error: "must be a string" }).max(500, "is at most 500 characters"),
  reason: z.number({ required_error: "is required", invalid_type_error: "must be a number" }),
  templateTypeId: whole(0, 1_000_000).default(1),
  appliesTo: z.enum(["all", "guests", "users"], { errorMap: () => ({ message: 'must be "all", "guests" or "users"' }) }).default("all"),
  active: z.boolean({ invalid_type_error: "must be true or false" }).default(true),
  priority: whole(-1_000_000, 1_000_000).default(0),
  note: z.string({ invalid_type_error: "must be a string" }).trim().max(500, "is at most 500 characters").default(""),
});
export type BlockInput = z.infer<typeof blockInputSchema>;

export interface BlockProblem {
  code: "invalid_pattern" | "invalid_reason" | "invalid_value";
  field: string;
  message: string;
}

const fieldCodes: Record<string, BlockProblem["code"]> = { pattern: "invalid_pattern", reason: "invalid_reason" };

export function blockProblemFromZod(error: z.ZodError): BlockProblem {
  const issue = error.issues[0]!;
  const field = String(issue.path[0] ?? "body");
  return { code: fieldCodes[field] ?? "invalid_value", field, message: `${issue.path.join(".") || field} ${issue.message}` };
}

/** The checks zod cannot make: the pattern for its kind, and a reason the site has a page for. */
export function blockInputProblem(input: BlockInput): BlockProblem | null {
  const pattern = blockPatternError(input.kind, input.pattern);
  if (pattern) return { code: "invalid_pattern", field: "pattern", message: `pattern: ${pattern}` };
  if (!Number.isInteger(input.reason) || !blockReasons.includes(input.reason)) {
    return { code: "invalid_reason", field: "reason", message: `reason must be one of ${blockReasons.join(", ")} (the block pages of SPEC §4)` };
  }
  return null;
}

/** Countries are stored upper-case; ops may type them either way. */
export function normaliseBlockInput(input: BlockInput): BlockInput {
  return input.kind === "country" ? { ...input, pattern: input.pattern.trim().toUpperCase() } : input;
}

export type BlockRule = ReturnType<typeof toBlockRule>;

export function toBlockRule(row: Selectable<BlockRuleTable>) {
  return {
    id: row.id,
    kind: row.kind,
    pattern: row.pattern,
    reason: row.reason,
    template_type_id: row.template_type_id,
    applies_to: row.applies_to,
    active: row.active,
    priority: row.priority,
    note: row.note,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_by: row.updated_by,
    updated_at: row.updated_at.toISOString(),
  };
}

const values = (input: BlockInput, by: string) => ({
  kind: input.kind,
  pattern: input.pattern,
  reason: input.reason,
  template_type_id: input.templateTypeId,
  applies_to: input.appliesTo,
  active: input.active,
  priority: input.priority,
  note: input.note,
  updated_by: by,
});

const noRule = (id: number) => notFound(`No block rule ${id}`);

function checked(input: BlockInput): { ok: true; input: BlockInput } | ReturnType<typeof refuse> {
  const normal = normaliseBlockInput(input);
  const problem = blockInputProblem(normal);
  return problem ? refuse(problem.code, problem.message, { field: problem.field }) : { ok: true, input: normal };
}

export function listBlockRules(db: Db, f: Paging & { kind?: BlockInput["kind"]; active?: boolean }) {
  let query = db.selectFrom("block_rule");
  if (f.kind) query = query.where("kind", "=", f.kind);
  if (f.active !== undefined) query = query.where("active", "=", f.active);
  return countAndPage(query, f, (q) => q.selectAll().orderBy("priority", "desc").orderBy("id", "asc"), toBlockRule);
}

export async function getBlockRule(db: Db, id: number): Promise<Outcome<BlockRule>> {
  const row = await db.selectFrom("block_rule").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? done(toBlockRule(row)) : noRule(id);
}

export function createBlockRule(db: Db, actor: Actor, raw: BlockInput): Promise<Outcome<BlockRule>> {
  const valid = checked(raw);
  if (!valid.ok) return Promise.resolve(valid);
  return withConfigLock(db, async (trx) => {
    const row = await trx
      .insertInto("block_rule")
      .values({ ...values(valid.input, actor.name), created_by: actor.name })
      .returningAll()
      .executeTakeFirstOrThrow();
    const rule = toBlockRule(row);
    await recordChange(trx, actor, { action: "block_rule.create", entity: "block_rule", entityId: rule.id, before: null, after: rule });
    return done(rule);
  });
}

export function updateBlockRule(db: Db, actor: Actor, id: number, raw: BlockInput): Promise<Outcome<BlockRule>> {
  const valid = checked(raw);
  if (!valid.ok) return Promise.resolve(valid);
  return changeBlockRule(db, actor, id, values(valid.input, actor.name), "block_rule.update");
}

export function setBlockRuleActive(db: Db, actor: Actor, id: number, active: boolean): Promise<Outcome<BlockRule>> {
  return changeBlockRule(db, actor, id, { active, updated_by: actor.name }, active ? "block_rule.activate" : "block_rule.deactivate");
}

/** Changes one rule under the config lock and records the change with the rule before and after. */
function changeBlockRule(db: Db, actor: Actor, id: number, set: Updateable<BlockRuleTable>, action: string): Promise<Outcome<BlockRule>> {
  return withConfigLock(db, async (trx) => {
    const previous = await trx.selectFrom("block_rule").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
    if (!previous) return noRule(id);
    const row = await trx
      .updateTable("block_rule")
      .set({ ...set, updated_at: sql<Date>`now()` })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const rule = toBlockRule(row);
    await recordChange(trx, actor, { action, entity: "block_rule", entityId: id, before: toBlockRule(previous), after: rule });
    return done(rule);
  });
}

export function deleteBlockRule(db: Db, actor: Actor, id: number): Promise<Outcome<{ ok: true }>> {
  return withConfigLock(db, async (trx) => {
    const previous = await trx.selectFrom("block_rule").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
    if (!previous) return noRule(id);
    await trx.deleteFrom("block_rule").where("id", "=", id).execute();
    await recordChange(trx, actor, { action: "block_rule.delete", entity: "block_rule", entityId: id, before: toBlockRule(previous), after: null });
    return done({ ok: true as const });
  });
}
