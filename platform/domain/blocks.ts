/**
 * Block rules: who gets a block page instead of the site (SPEC §4 "Maintenance and blocking").
 * Pure, so the block API and the ops console validate and match the same way.
 */
import { BLOCK_REASONS } from "../../common/spec-codes.mjs";
import { isLanguageSegment } from "./redirects.ts";

export type BlockKind = "country" | "user_agent" | "path";
export type AppliesTo = "all" | "guests" | "users";

export interface BlockRuleInput {
  id: number;
  kind: BlockKind;
  pattern: string;
  reason: number;
  template_type_id: number;
  applies_to: AppliesTo;
  active: boolean;
  priority: number;
}

export interface BlockVisitor {
  isAuth: boolean;
  /** Upper-case ISO-3166 alpha-2, or null when unknown. */
  country: string | null;
  userAgent: string;
  /** Path without query; its language prefix is stripped here. */
  path: string;
}

export interface BlockAnswer {
  displayTypeId: number | null;
  templateTypeId: number | null;
}

/** Why a pattern is refused, or null when it is valid for its kind. */
export function blockPatternError(kind: BlockKind, pattern: string): string | null {
  switch (kind) {
    case "country":
      return /^[A-Z]{2}$/.test(pattern) ? null : "a country is two upper-case letters (ISO-3166 alpha-2)";
    case "user_agent":
      if (!pattern) return "a user-agent pattern must not be empty";
      try {
        new RegExp(pattern, "i");
        return null;
      } catch (error) {
        return `not a valid regular expression: ${(error as Error).message}`;
      }
    case "path": {
      if (!pattern.startsWith("/") || pattern.startsWith("//")) return 'a path starts with a single "/"';
      if (/[?#\s]/.test(pattern)) return "a path prefix has no query, fragment or spaces";
      if (pattern !== "/" && pattern.endsWith("/")) return 'a path prefix does not end with "/"';
      if (pattern.includes("//")) return "a path prefix has no empty segments";
      // Requests are matched with their language prefix stripped, so such a prefix never matches.
      if (isLanguageSegment(pattern.split("/")[1])) return "a path prefix does not start with a language prefix";
      return null;
    }
  }
}

/** Strips a language prefix ("/ru/x" → "/x", "/ru" → "/"). */
export function pathWithoutLanguage(path: string): string {
  const first = path.split("/")[1];
  if (!isLanguageSegment(first)) return path;
  const rest = path.slice(3);
  return rest === "" ? "/" : rest;
}

/** Whether `prefix` covers `path` on segment boundaries ("/a" covers "/a" and "/a/b", not "/ab"). */
export function pathHasPrefix(path: string, prefix: string): boolean {
  if (prefix === "/") return true;
  return path === prefix || path.startsWith(`${prefix}/`);
}

// Compiled user-agent expressions, keyed by source, shared by every rule set the cache builds.
const regexCache = new Map<string, RegExp | null>();
function userAgentRegex(pattern: string): RegExp | null {
  let re = regexCache.get(pattern);
  if (re === undefined) {
    try {
      re = new RegExp(pattern, "i");
    } catch {
      re = null;
    }
    if (regexCache.size > 5000) regexCache.clear();
    regexCache.set(pattern, re);
  }
  return re;
}

/** Whether one rule blocks this visitor (ignores `active`; ordering is the caller's). */
export function blockRuleMatches(rule: BlockRuleInput, visitor: BlockVisitor): boolean {
  if (rule.applies_to === "guests" && visitor.isAuth) return false;
  if (rule.applies_to === "users" && !visitor.isAuth) return false;
  switch (rule.kind) {
    case "country":
      return visitor.country !== null && visitor.country === rule.pattern;
    case "user_agent":
      return userAgentRegex(rule.pattern)?.test(visitor.userAgent) ?? false;
    case "path":
      return pathHasPrefix(pathWithoutLanguage(visitor.path), rule.pattern);
  }
}

/** Block reasons the site has a page for (SPEC §4); a rule with another reason would show nothing. */
export const blockReasons: readonly number[] = [...BLOCK_REASONS].sort((a, b) => a - b);

/** The active rules in the order they are tried: priority descending, id ascending. */
export function orderBlockRules<T extends BlockRuleInput>(rules: readonly T[]): T[] {
  return rules.filter((r) => r.active).sort((a, b) => b.priority - a.priority || a.id - b.id);
}

/** The answer of the first rule of an ordered list (see orderBlockRules) that blocks the visitor. */
export function firstBlock(ordered: readonly BlockRuleInput[], visitor: BlockVisitor): BlockAnswer {
  const hit = ordered.find((rule) => blockRuleMatches(rule, visitor));
  return hit ? { displayTypeId: hit.reason, templateTypeId: hit.template_type_id } : { displayTypeId: null, templateTypeId: null };
}

/** The first active rule (priority descending, id ascending) that blocks the visitor. */
export function checkBlock(rules: readonly BlockRuleInput[], visitor: BlockVisitor): BlockAnswer {
  return firstBlock(orderBlockRules(rules), visitor);
}
