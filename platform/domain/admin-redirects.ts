import { type Selectable, sql } from "kysely";
import { z } from "zod";
import { whole } from "./admin-fields.ts";
import type { Db } from "../db/index.ts";
import { type Paging, countAndPage } from "./paging.ts";
import type { RedirectRuleTable } from "../db/schema.ts";
import { type Outcome, done, notFound, refuse, refuseProblem } from "./admin-outcome.ts";
import { type Actor, recordChange, trimmedList } from "./audit.ts";
import { withConfigLock } from "./config-version.ts";
import {
  NEW_RULE_ID,
  type RowProblem,
  type RuleCheck,
  type RuleErrorCode,
  type RuleProblem,
  type RuleState,
  type RuleWarning,
  checkImport,
  checkRemoval,
  checkRule,
} from "./redirect-analysis.ts";
import type { RedirectRuleInput, RuleSet } from "./redirects.ts";
import type { RuleCache } from "./rule-cache.ts";
import { loadSiteConfigValue, siteConfigSchema } from "./site-config.ts";

/**
 * Redirect rules as the ops console edits them: list, read, create, edit, (de)activate, delete,
 * dry-run validation, export and import. Every write locks the config version first, checks the
 * rule against the live set (redirect-analysis.ts) and records itself in the audit log, all in
 * one transaction.
 */

export const MAX_IMPORT_ROWS = 5000;
/** Problems listed in a refused import; the message gives the full count. */
const MAX_IMPORT_PROBLEMS = 100;
const INSERT_CHUNK = 500;

const text = (max: number) =>
  z.string({ required_error: "is required", invalid_type_error: "must be a string" }).trim().max(max, `is at most ${max} characters`);

export const ruleInputSchema = z.object({
  // Syntax is the pattern parser's job (clear messages per problem); zod checks type and size.
  source: text(1000),
  target: text(2000),
  code: z.number({ required_error: "is required", invalid_type_error: "must be a number: 301, 302, 307 or 308" }),
  languages: z
    .array(z.string({ invalid_type_error: "must be language codes" }), {
      invalid_type_error: "must be a list of language codes, or null for every language",
    })
    .max(20, "has at most 20 languages")
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  active: z.boolean({ invalid_type_error: "must be true or false" }).default(true),
  priority: whole(-1_000_000, 1_000_000).default(0),
  note: text(500).default(""),
});
export type RuleInput = z.infer<typeof ruleInputSchema>;

const fieldCodes: Record<string, RuleErrorCode> = {
  source: "invalid_pattern",
  target: "invalid_target",
  code: "invalid_code",
  languages: "invalid_language",
};

/** zod's issues with a rule's fields, as the contract's codes ("note is at most 500 characters"). */
export function problemsFromZod(error: z.ZodError): RuleProblem[] {
  return error.issues.map((issue) => {
    const field = String(issue.path[0] ?? "body");
    return { code: fieldCodes[field] ?? "invalid_value", field, message: `${issue.path.join(".") || field} ${issue.message}` };
  });
}

export type Rule = ReturnType<typeof toRule>;

export function toRule(row: Selectable<RedirectRuleTable>) {
  return {
    id: row.id,
    source: row.source,
    target: row.target,
    code: row.code,
    languages: row.languages,
    active: row.active,
    priority: row.priority,
    note: row.note,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_by: row.updated_by,
    updated_at: row.updated_at.toISOString(),
  };
}

/** A rule as export writes it and import reads it. */
const exported = (r: Rule | RuleInput) => ({
  source: r.source,
  target: r.target,
  code: r.code,
  languages: r.languages,
  active: r.active,
  priority: r.priority,
  note: r.note,
});

const asInput = (id: number, r: RuleInput | Rule): RedirectRuleInput => ({
  id,
  source: r.source,
  target: r.target,
  code: r.code,
  languages: r.languages,
  priority: r.priority,
  active: r.active,
});

const rowValues = (input: RuleInput, by: string) => ({
  source: input.source,
  target: input.target,
  code: input.code,
  languages: input.languages === null ? null : JSON.stringify(input.languages),
  active: input.active,
  priority: input.priority,
  note: input.note,
  updated_by: by,
});

/** The site's languages: every language the default config or a country's override allows. */
async function siteLanguages(db: Db): Promise<string[] | null> {
  const [rows, overrides] = await Promise.all([
    db.selectFrom("site_config").select("value").where("key", "=", "languages").execute(),
    db.selectFrom("site_config_override").select("value").where("key", "=", "languages").execute(),
  ]);
  const all = new Set<string>();
  for (const { value } of [...rows, ...overrides]) {
    const parsed = siteConfigSchema.shape.languages.safeParse(value);
    if (parsed.success) for (const l of parsed.data.allowed) all.add(l);
  }
  return all.size ? [...all] : null;
}

async function ruleState(db: Db, set: RuleSet): Promise<RuleState> {
  const [hosts, languages] = await Promise.all([loadSiteConfigValue(db, "redirectAllowedHosts", null), siteLanguages(db)]);
  return { set, allowedHosts: (hosts ?? []).map((h) => h.toLowerCase()), languages };
}

/** The state to check a write against, read under the version lock (see withConfigLock). */
async function lockedState(trx: Db, cache: RuleCache, version: string): Promise<RuleState> {
  return ruleState(trx, await cache.redirects.getLocked(trx, version));
}

const findRow = (db: Db, id: number) => db.selectFrom("redirect_rule").selectAll().where("id", "=", id).executeTakeFirst();
const lockRow = (trx: Db, id: number) => trx.selectFrom("redirect_rule").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
const noRule = (id: number) => notFound(`No redirect rule ${id}`);

// LIKE treats % and _ as wildcards: a search for "a_b" means those three characters.
const contains = (s: string) => `%${s.replace(/[\\%_]/g, "\\$&")}%`;

export interface RuleFilter extends Paging {
  q?: string;
  active?: boolean;
  code?: number;
  source?: string;
  target?: string;
}

export function listRules(db: Db, f: RuleFilter) {
  let query = db.selectFrom("redirect_rule");
  if (f.q) {
    const pattern = contains(f.q);
    query = query.where((eb) => eb.or([eb("source", "ilike", pattern), eb("target", "ilike", pattern), eb("note", "ilike", pattern)]));
  }
  if (f.active !== undefined) query = query.where("active", "=", f.active);
  if (f.code !== undefined) query = query.where("code", "=", f.code);
  if (f.source) query = query.where("source", "ilike", contains(f.source));
  if (f.target) query = query.where("target", "ilike", contains(f.target));
  return countAndPage(query, f, (q) => q.selectAll().orderBy("priority", "desc").orderBy("id", "asc"), toRule);
}

export async function getRule(db: Db, id: number): Promise<Outcome<Rule>> {
  const row = await findRow(db, id);
  return row ? done(toRule(row)) : noRule(id);
}

export interface Saved {
  rule: Rule;
  warnings: RuleWarning[];
}

export function createRule(db: Db, cache: RuleCache, actor: Actor, input: RuleInput): Promise<Outcome<Saved>> {
  return withConfigLock(db, async (trx, version) => {
    const check = checkRule(await lockedState(trx, cache, version), asInput(NEW_RULE_ID, input));
    if (check.errors[0]) return refuseProblem(check.errors[0]);
    const row = await trx
      .insertInto("redirect_rule")
      .values({ ...rowValues(input, actor.name), created_by: actor.name })
      .returningAll()
      .executeTakeFirstOrThrow();
    const rule = toRule(row);
    await recordChange(trx, actor, { action: "redirect_rule.create", entity: "redirect_rule", entityId: rule.id, before: null, after: rule });
    return done({ rule, warnings: check.warnings });
  });
}

export function updateRule(db: Db, cache: RuleCache, actor: Actor, id: number, input: RuleInput): Promise<Outcome<Saved>> {
  return withConfigLock(db, async (trx, version) => {
    const state = await lockedState(trx, cache, version);
    const previous = await lockRow(trx, id);
    if (!previous) return noRule(id);
    const check = checkRule(state, asInput(id, input));
    if (check.errors[0]) return refuseProblem(check.errors[0]);
    const row = await trx
      .updateTable("redirect_rule")
      .set({ ...rowValues(input, actor.name), updated_at: sql<Date>`now()` })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const rule = toRule(row);
    await recordChange(trx, actor, { action: "redirect_rule.update", entity: "redirect_rule", entityId: id, before: toRule(previous), after: rule });
    return done({ rule, warnings: check.warnings });
  });
}

export function setRuleActive(db: Db, cache: RuleCache, actor: Actor, id: number, active: boolean): Promise<Outcome<Saved>> {
  return withConfigLock(db, async (trx, version) => {
    const state = await lockedState(trx, cache, version);
    const previousRow = await lockRow(trx, id);
    if (!previousRow) return noRule(id);
    const previous = toRule(previousRow);
    // Switching a rule on is saving it again (the allow-list or other rules may have changed since);
    // switching it off is always possible unless the rules it hid would then loop.
    const check: RuleCheck = active
      ? checkRule(state, asInput(id, { ...previous, active: true }))
      : { errors: checkRemoval(state, id), warnings: [] };
    if (check.errors[0]) return refuseProblem(check.errors[0]);
    const row = await trx
      .updateTable("redirect_rule")
      .set({ active, updated_by: actor.name, updated_at: sql<Date>`now()` })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const rule = toRule(row);
    await recordChange(trx, actor, {
      action: active ? "redirect_rule.activate" : "redirect_rule.deactivate",
      entity: "redirect_rule",
      entityId: id,
      before: previous,
      after: rule,
    });
    return done({ rule, warnings: check.warnings });
  });
}

export function deleteRule(db: Db, cache: RuleCache, actor: Actor, id: number): Promise<Outcome<{ ok: true }>> {
  return withConfigLock(db, async (trx, version) => {
    const state = await lockedState(trx, cache, version);
    const previous = await lockRow(trx, id);
    if (!previous) return noRule(id);
    const problem = previous.active ? checkRemoval(state, id)[0] : undefined;
    if (problem) return refuseProblem(problem);
    await trx.deleteFrom("redirect_rule").where("id", "=", id).execute();
    await recordChange(trx, actor, { action: "redirect_rule.delete", entity: "redirect_rule", entityId: id, before: toRule(previous), after: null });
    return done({ ok: true as const });
  });
}

/** A dry run of saving: every error and warning, nothing written. */
export async function validateRule(db: Db, cache: RuleCache, input: RuleInput, id?: number): Promise<Outcome<RuleCheck & { ok: boolean }>> {
  if (id !== undefined && !(await findRow(db, id))) return noRule(id);
  const check = checkRule(await ruleState(db, await cache.redirects.get(db)), asInput(id ?? NEW_RULE_ID, input));
  return done({ ok: check.errors.length === 0, ...check });
}

export async function exportRules(db: Db) {
  const rows = await db.selectFrom("redirect_rule").selectAll().orderBy("priority", "desc").orderBy("id", "asc").execute();
  return { version: 1 as const, exportedAt: new Date().toISOString(), rules: rows.map((r) => exported(toRule(r))) };
}

export type ImportMode = "append" | "replace";

/**
 * Imports rules all or nothing: every row is checked (alone, for duplicates, and for loops across
 * the rule set the import leaves) before anything is written, and the writes share one transaction.
 */
export function importRules(db: Db, cache: RuleCache, actor: Actor, rows: readonly unknown[], mode: ImportMode): Promise<Outcome<{ imported: number }>> {
  const problems: RowProblem[] = [];
  const parsed: Array<{ row: number; input: RuleInput }> = [];
  rows.forEach((raw, row) => {
    const result = ruleInputSchema.safeParse(raw);
    if (result.success) parsed.push({ row, input: result.data });
    else if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
      problems.push({ row, code: "invalid_value", message: "a row must be a JSON object with source, target and code" });
    } else problems.push(...problemsFromZod(result.error).map((p) => ({ ...p, row })));
  });
  return withConfigLock(db, async (trx, version) => {
    const state = await lockedState(trx, cache, version);
    problems.push(...checkImport(state, parsed.map(({ row, input }) => ({ row, input: asInput(0, input) })), mode));
    if (problems.length) {
      const badRows = new Set(problems.map((p) => p.row)).size;
      const listed = problems.sort((a, b) => a.row - b.row).slice(0, MAX_IMPORT_PROBLEMS);
      return refuse("import_invalid", `${badRows} of ${rows.length} rows are invalid; nothing was imported`, {
        rows: listed.map(({ row, field, code, message, loop, ruleId }) => ({ row, field, code, message, loop, ruleId })),
      });
    }
    const before = await trx
      .selectFrom("redirect_rule")
      .selectAll()
      .orderBy("priority", "desc")
      .orderBy("id", "asc")
      .limit(100)
      .execute();
    const counted = await trx.selectFrom("redirect_rule").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    const countBefore = Number(counted.n);
    if (mode === "replace") await trx.deleteFrom("redirect_rule").execute();
    for (let i = 0; i < parsed.length; i += INSERT_CHUNK) {
      await trx
        .insertInto("redirect_rule")
        .values(parsed.slice(i, i + INSERT_CHUNK).map(({ input }) => ({ ...rowValues(input, actor.name), created_by: actor.name })))
        .execute();
    }
    const imported = parsed.map(({ input }) => exported(input));
    await recordChange(trx, actor, {
      action: "redirect_rule.import",
      entity: "redirect_rule",
      entityId: null,
      // The lists are trimmed: an audit row of thousands of rules helps no one read the log.
      before: { count: countBefore, rules: mode === "replace" ? { ...trimmedList(before.map((r) => exported(toRule(r)))), count: countBefore, truncated: countBefore > before.length } : null },
      after: { mode, imported: imported.length, count: mode === "replace" ? imported.length : countBefore + imported.length, rules: trimmedList(imported) },
    });
    return done({ imported: imported.length });
  });
}
