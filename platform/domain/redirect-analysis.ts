/**
 * What the ops console checks before a redirect rule is saved, beyond its syntax: the target's
 * host, the language scope, duplicates, shadowing and redirect loops. Pure: it works on the live
 * rule set (see rule-cache.ts) and on what the rules would be after the change, and resolves
 * with the same code as redirect-light (redirects.ts), so a loop found here is a loop there.
 */
import {
  type CompiledRule,
  type PatternError,
  type RedirectRuleInput,
  type RuleSet,
  type RuleTrieNode,
  type Segment,
  buildRuleSet,
  compileRule,
  followChain,
} from "./redirects.ts";

export type RuleErrorCode =
  | "invalid_pattern"
  | "invalid_target"
  | "target_host_not_allowed"
  | "param_missing"
  | "invalid_code"
  | "invalid_language"
  | "invalid_value"
  | "duplicate_source"
  | "loop";

export interface RuleProblem {
  code: RuleErrorCode;
  message: string;
  field?: string;
  /** For "loop": the URLs the chain goes through, the repeated one last. */
  loop?: string[];
  /** For "duplicate_source": the rule with the same source. */
  ruleId?: number;
}

export interface RuleWarning {
  kind: "shadows" | "shadowed_by";
  ruleId: number;
  source: string;
}

/** What the checks need besides the rules: from the site config. */
export interface RuleState {
  /** The live (active) rules. */
  set: RuleSet;
  /** redirectAllowedHosts, lower-case. */
  allowedHosts: readonly string[];
  /** The site's languages; null when the config has none to check against. */
  languages: readonly string[] | null;
}

/** Id of a rule not saved yet: after every stored one, as the database's next id will be. */
export const NEW_RULE_ID = 2 ** 40;
/** Ids of imported rows, in row order, after every stored rule. */
export const importRowId = (row: number) => NEW_RULE_ID + row;

const MAX_WARNINGS = 100;
/** Literal values tried for one param when looking for loops (see sampleUrls). */
const SAMPLE_VALUES_PER_PARAM = 16;
const MAX_SAMPLES = 64;

/** The contract's error code for a syntax problem the pattern parser found. */
export function problemFromPattern(error: PatternError): RuleProblem {
  const code: RuleErrorCode =
    error.field === "source"
      ? "invalid_pattern"
      : error.field === "code"
        ? "invalid_code"
        : error.field === "languages"
          ? "invalid_language"
          : error.code === "unknown_param"
            ? "param_missing"
            : "invalid_target";
  return { code, message: error.message, field: error.field };
}

/** An external target must go to a host on the allow-list, as the site checks before redirecting. */
function targetProblems(rule: CompiledRule, allowedHosts: readonly string[]): RuleProblem[] {
  if (rule.target.kind !== "external") return [];
  const url = rule.target.url;
  // "https://arena.bet@evil.example" reads as our host to a person and goes to another.
  if (url.username || url.password) {
    return [{ code: "invalid_target", field: "target", message: "an external target must not carry a user name or password" }];
  }
  if (allowedHosts.includes(url.hostname) || allowedHosts.includes(url.host)) return [];
  const list = allowedHosts.length ? `: ${allowedHosts.join(", ")}` : " (the list is empty)";
  return [
    {
      code: "target_host_not_allowed",
      field: "target",
      message: `${url.host} is not an allowed redirect host; add it to redirectAllowedHosts first${list}`,
    },
  ];
}

function languageProblems(rule: CompiledRule, languages: readonly string[] | null): RuleProblem[] {
  if (rule.languages === null || languages === null) return [];
  const unknown = rule.languages.filter((l) => !languages.includes(l));
  if (!unknown.length) return [];
  return [
    {
      code: "invalid_language",
      field: "languages",
      message: `${unknown.join(", ")} ${unknown.length > 1 ? "are not site languages" : "is not a site language"} (the site has ${languages.join(", ")})`,
    },
  ];
}

/** Compiles a rule and checks everything that depends on it alone (syntax, host, languages). */
export function checkRuleAlone(input: RedirectRuleInput, state: Pick<RuleState, "allowedHosts" | "languages">) {
  const compiled = compileRule(input);
  if (!compiled.ok) return { rule: null, errors: compiled.errors.map(problemFromPattern) };
  const errors = [...targetProblems(compiled.value, state.allowedHosts), ...languageProblems(compiled.value, state.languages)];
  return { rule: errors.length ? null : compiled.value, errors };
}

/** Whether `a` is tried before `b` (priority descending, then id ascending). */
export function triedBefore(a: CompiledRule, b: CompiledRule): boolean {
  return a.priority > b.priority || (a.priority === b.priority && a.id < b.id);
}

function segmentsCover(a: readonly Segment[], b: readonly Segment[]): boolean {
  for (let i = 0; i < a.length; i++) {
    const s = a[i]!;
    // A final splat takes one or more segments: it covers whatever b has from here, if anything.
    if (s.kind === "splat") return b.length > i;
    const t = b[i];
    // b's splat matches paths of any length here, a's single segment does not.
    if (!t || t.kind === "splat") return false;
    if (s.kind === "literal" && (t.kind !== "literal" || t.value !== s.value)) return false;
  }
  return a.length === b.length;
}

/** Whether rule `a` matches every request rule `b` matches (order and active aside). */
export function coversRule(a: CompiledRule, b: CompiledRule): boolean {
  if (a.languages !== null && (b.languages === null || !b.languages.every((l) => a.languages!.includes(l)))) return false;
  // a's query condition must be part of b's: a request b accepts then satisfies a's too.
  for (const [key, value] of a.source.query) {
    if (!b.source.query.some(([k, v]) => k === key && v === value)) return false;
  }
  return segmentsCover(a.source.segments, b.source.segments);
}

/** A source with param names erased and the query sorted: equal keys match the same requests. */
export function sourceKey(rule: CompiledRule): string {
  const path = rule.source.segments.map((s) => (s.kind === "literal" ? s.value : s.kind === "param" ? ":" : "*")).join("/");
  const query = [...rule.source.query].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `/${path}?${new URLSearchParams(query).toString()}`;
}

export function languagesOverlap(a: readonly string[] | null, b: readonly string[] | null): boolean {
  return a === null || b === null || a.some((l) => b.includes(l));
}

const scopeText = (languages: readonly string[] | null) => (languages === null ? "all languages" : languages.join(", "));

/** Another active rule with the same source whose languages overlap: one of the two never fires there. */
function duplicateProblem(rule: CompiledRule, others: readonly CompiledRule[]): RuleProblem | null {
  const key = sourceKey(rule);
  const twin = others.find((o) => sourceKey(o) === key && languagesOverlap(o.languages, rule.languages));
  if (!twin) return null;
  return {
    code: "duplicate_source",
    field: "source",
    ruleId: twin.id,
    message: `rule #${twin.id} already redirects ${twin.sourceText} (${scopeText(twin.languages)}) to ${twin.targetText}; change that rule, or give the two rules languages that do not overlap`,
  };
}

/** Rules the candidate hides, and rules that hide it, in the order they are tried. */
export function shadowWarnings(rule: CompiledRule, others: readonly CompiledRule[]): RuleWarning[] {
  const warnings: RuleWarning[] = [];
  for (const other of others) {
    if (warnings.length >= MAX_WARNINGS) break;
    if (triedBefore(rule, other)) {
      if (coversRule(rule, other)) warnings.push({ kind: "shadows", ruleId: other.id, source: other.sourceText });
    } else if (coversRule(other, rule)) {
      warnings.push({ kind: "shadowed_by", ruleId: other.id, source: other.sourceText });
    }
  }
  return warnings;
}

/** Every language some rule of the set is scoped to: loops may exist under one language only. */
export function scopedLanguages(set: RuleSet): string[] {
  const all = new Set<string>();
  for (const rule of set.rules) for (const l of rule.languages ?? []) all.add(l);
  return [...all].sort();
}

// A param's neutral sample: braces never appear in a rule's literal segments, so it matches params
// only, and it reads back as the pattern (":slug") in the loop shown to ops.
const token = (s: Extract<Segment, { kind: "param" | "splat" }>) => `{${s.kind === "param" ? ":" : "*"}${s.name}}`;
const TOKEN = /\{([:*][A-Za-z_][A-Za-z0-9_]*)\}/g;

function nodeAt(root: RuleTrieNode, segments: readonly Segment[]): RuleTrieNode | null {
  let node: RuleTrieNode | null = root;
  for (const s of segments) {
    if (!node) return null;
    node = s.kind === "literal" ? (node.literals.get(s.value) ?? null) : s.kind === "param" ? node.param : null;
  }
  return node;
}

/**
 * URLs the rule matches, to resolve when looking for loops: its source with a neutral value for
 * each param, in each language it could fire in, plus values that make its target hit a literal
 * rule ("/promo/:slug" -> "/offers/:slug" with "/offers/summer" -> "/promo/summer" loops for
 * "summer" only).
 */
export function sampleUrls(rule: CompiledRule, set: RuleSet, languages: readonly string[]): string[] {
  const neutral = rule.source.segments.map((s) => (s.kind === "literal" ? s.value : token(s)));
  const variants: string[][] = [neutral];
  const target = rule.target;
  if (target.kind === "path") {
    target.segments.forEach((t, j) => {
      if (t.kind === "literal") return;
      const at = rule.source.segments.findIndex((s) => s.kind !== "literal" && s.name === t.name);
      const node = at < 0 ? null : nodeAt(set.root, target.segments.slice(0, j));
      if (!node) return;
      let taken = 0;
      for (const value of node.literals.keys()) {
        if (taken++ >= SAMPLE_VALUES_PER_PARAM) break;
        const variant = [...neutral];
        variant[at] = value;
        variants.push(variant);
      }
    });
  }
  const query = rule.source.query.length ? `?${new URLSearchParams(rule.source.query).toString()}` : "";
  const urls: string[] = [];
  for (const lang of rule.languages ?? [null, ...languages]) {
    for (const variant of variants) {
      const path = variant.length ? `/${variant.join("/")}` : "";
      urls.push(`${lang ? `/${lang}` : ""}${path || (lang ? "" : "/")}${query}`);
      if (urls.length >= MAX_SAMPLES) return urls;
    }
  }
  return urls;
}

/** A sample chain as ops read it: neutral values shown as the params they stand for. */
export function displayChain(breadcrumbs: readonly string[]): string[] {
  return breadcrumbs.map((url) => url.replace(TOKEN, "$1"));
}

/**
 * The first sample URL that loops under `after`, as its chain; with `before`, only a URL that
 * did not already loop there (so an edit is not blamed for a loop it neither made nor touches).
 */
export function findLoop(after: RuleSet, samples: readonly string[], before?: RuleSet): string[] | null {
  for (const url of samples) {
    const chain = followChain(after, url);
    if (!chain.looped) continue;
    if (before && followChain(before, url).looped) continue;
    return displayChain(chain.answer.breadcrumbs);
  }
  return null;
}

const loopProblem = (what: string, loop: string[]): RuleProblem => ({
  code: "loop",
  field: "target",
  loop,
  message: `${what} would make a redirect loop: ${loop.join(" -> ")}`,
});

export interface RuleCheck {
  errors: RuleProblem[];
  warnings: RuleWarning[];
}

/**
 * Checks saving `input` (a new rule with NEW_RULE_ID, or a stored one by its id) against the
 * live rules: every error that would refuse it, and the shadowing warnings it is saved with.
 */
export function checkRule(state: RuleState, input: RedirectRuleInput): RuleCheck {
  const alone = checkRuleAlone(input, state);
  if (!alone.rule) return { errors: alone.errors, warnings: [] };
  const rule = alone.rule;
  const others = state.set.rules.filter((r) => r.id !== rule.id);
  const previous = state.set.rules.find((r) => r.id === rule.id) ?? null;
  const errors: RuleProblem[] = [];
  const warnings = rule.active ? shadowWarnings(rule, others) : [];
  const duplicate = rule.active ? duplicateProblem(rule, others) : null;
  if (duplicate) errors.push(duplicate);
  const after = buildRuleSet(rule.active ? [...others, rule] : others);
  const languages = scopedLanguages(after);
  // Where the rule now fires, and where it used to (an edit or deactivation changes those chains).
  const samples = [...(rule.active ? sampleUrls(rule, after, languages) : []), ...(previous ? sampleUrls(previous, after, languages) : [])];
  const loop = samples.length ? findLoop(after, samples, state.set) : null;
  if (loop) errors.push(loopProblem(rule.active ? "saving this rule" : `deactivating rule #${rule.id}`, loop));
  return { errors, warnings };
}

/** Checks removing a live rule: the rules it hid take over its URLs and may loop there. */
export function checkRemoval(state: RuleState, id: number): RuleProblem[] {
  const previous = state.set.rules.find((r) => r.id === id);
  if (!previous) return [];
  const after = buildRuleSet(state.set.rules.filter((r) => r.id !== id));
  const loop = findLoop(after, sampleUrls(previous, after, scopedLanguages(after)), state.set);
  return loop ? [loopProblem(`removing rule #${id}`, loop)] : [];
}

export interface RowProblem extends RuleProblem {
  row: number;
}

/**
 * Checks a whole import: each row alone, duplicates within it (and against the live rules when
 * appending), and loops from every imported rule across the rule set the import would leave.
 * An import is new data as a whole, so any loop its rules run into counts, old or not.
 */
export function checkImport(state: RuleState, rows: ReadonlyArray<{ row: number; input: RedirectRuleInput }>, mode: "append" | "replace"): RowProblem[] {
  const problems: RowProblem[] = [];
  const base = mode === "append" ? state.set.rules : [];
  const byKey = new Map<string, CompiledRule[]>();
  for (const rule of base) {
    const key = sourceKey(rule);
    byKey.set(key, [...(byKey.get(key) ?? []), rule]);
  }
  const imported: Array<{ row: number; rule: CompiledRule }> = [];
  for (const { row, input } of rows) {
    const alone = checkRuleAlone({ ...input, id: importRowId(row) }, state);
    if (!alone.rule) {
      problems.push(...alone.errors.map((e) => ({ ...e, row })));
      continue;
    }
    const rule = alone.rule;
    if (rule.active) {
      const key = sourceKey(rule);
      const twins = byKey.get(key) ?? [];
      const twin = twins.find((o) => languagesOverlap(o.languages, rule.languages));
      if (twin) {
        const other = twin.id >= NEW_RULE_ID ? `row ${twin.id - NEW_RULE_ID}` : `rule #${twin.id}`;
        problems.push({
          row,
          code: "duplicate_source",
          field: "source",
          ...(twin.id < NEW_RULE_ID ? { ruleId: twin.id } : {}),
          message: `${other} already redirects ${twin.sourceText} (${scopeText(twin.languages)}); languages overlap`,
        });
        continue;
      }
      byKey.set(key, [...twins, rule]);
    }
    imported.push({ row, rule });
  }
  const after = buildRuleSet([...base, ...imported.map((i) => i.rule)]);
  const languages = scopedLanguages(after);
  for (const { row, rule } of imported) {
    if (!rule.active) continue;
    const loop = findLoop(after, sampleUrls(rule, after, languages));
    if (loop) problems.push({ ...loopProblem("this row", loop), row });
  }
  return problems.sort((a, b) => a.row - b.row);
}
