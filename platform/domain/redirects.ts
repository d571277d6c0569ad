/**
 * Redirect rules: source patterns, targets, matching and chain resolution. Pure (no database,
 * no HTTP) so the redirect-light API and the ops console validate and resolve the same way.
 *
 * Source: "/legacy/:name/*rest?key=value" — literal segments, `:name` (one segment), an optional
 * final `*name` (one or more segments), and an optional query condition (each key must equal
 * its value). Sources carry no language prefix: requests are matched with theirs stripped.
 * Target: an own path using the same params ("/new/:name/*rest", may carry its own query), or an
 * absolute http(s) URL used as written.
 */

export type RedirectCode = 301 | 302 | 307 | 308;
export const redirectCodes: readonly RedirectCode[] = [301, 302, 307, 308];

export const MAX_HOPS = 10;

export type Segment =
  | { kind: "literal"; value: string }
  | { kind: "param"; name: string }
  | { kind: "splat"; name: string };

export interface SourcePattern {
  segments: Segment[];
  /** Query condition: every key must be present in the request with exactly this value. */
  query: Array<[key: string, value: string]>;
}

export type TargetPattern =
  | { kind: "path"; segments: Segment[]; query: Array<[key: string, value: string]> }
  | { kind: "external"; url: URL };

export type PatternErrorCode =
  | "empty"
  | "not_a_path"
  | "language_prefix"
  | "empty_segment"
  | "bad_characters"
  | "bad_param_name"
  | "duplicate_param"
  | "splat_not_last"
  | "bad_query"
  | "duplicate_query_key"
  | "bad_url"
  | "unknown_param"
  | "param_kind_mismatch"
  | "bad_code"
  | "bad_languages";

export interface PatternError {
  code: PatternErrorCode;
  message: string;
  /** Which part of a rule the problem is in. */
  field: "source" | "target" | "code" | "languages";
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: PatternError[] };

const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A path segment as it appears in a URL: unreserved, sub-delims, ':' '@' and percent escapes. */
const SEGMENT_CHARS = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})+$/;
const LANGUAGE_SEGMENT = /^[a-z]{2}$/;

/** The first path segment is a language prefix when it is exactly two lower-case letters. */
export function isLanguageSegment(segment: string | undefined): boolean {
  return segment !== undefined && LANGUAGE_SEGMENT.test(segment);
}

function parseQueryCondition(
  raw: string,
  field: PatternError["field"],
  errors: PatternError[],
): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  const seen = new Set<string>();
  for (const part of raw.split("&")) {
    const eq = part.indexOf("=");
    const key = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? "" : part.slice(eq + 1);
    if (!key || eq < 0 || !value) {
      errors.push({ code: "bad_query", message: `query part "${part}" must be key=value`, field });
      continue;
    }
    let decoded: [string, string];
    try {
      decoded = [decodeURIComponent(key.replace(/\+/g, " ")), decodeURIComponent(value.replace(/\+/g, " "))];
    } catch {
      errors.push({ code: "bad_query", message: `query part "${part}" has a broken percent escape`, field });
      continue;
    }
    if (seen.has(decoded[0])) {
      errors.push({ code: "duplicate_query_key", message: `query key "${decoded[0]}" appears twice`, field });
      continue;
    }
    seen.add(decoded[0]);
    pairs.push(decoded);
  }
  return pairs;
}

/** A pattern's path segments and its query condition (after "?"); problems go to `errors` under `field`. */
function parsePattern(text: string, field: PatternError["field"], errors: PatternError[]) {
  const q = text.indexOf("?");
  const segments = parsePathSegments(q < 0 ? text : text.slice(0, q), field, errors);
  const query = q < 0 ? [] : parseQueryCondition(text.slice(q + 1), field, errors);
  return { segments, query };
}

/** Splits "/a/:b/*c" into segments; shared by sources and own-path targets. */
function parsePathSegments(path: string, field: PatternError["field"], errors: PatternError[]): Segment[] {
  if (!path.startsWith("/") || path.startsWith("//")) {
    errors.push({ code: "not_a_path", message: `${field} must start with a single "/"`, field });
    return [];
  }
  if (path === "/") return [];
  const raw = path.slice(1).split("/");
  const segments: Segment[] = [];
  const names = new Set<string>();
  raw.forEach((part, index) => {
    if (part === "") {
      errors.push({ code: "empty_segment", message: `${field} has an empty segment (double or trailing "/")`, field });
      return;
    }
    if (part.startsWith(":") || part.startsWith("*")) {
      const name = part.slice(1);
      if (!PARAM_NAME.test(name)) {
        errors.push({ code: "bad_param_name", message: `"${part}" is not a valid parameter (letters, digits, _)`, field });
        return;
      }
      if (names.has(name)) {
        errors.push({ code: "duplicate_param", message: `parameter "${name}" is used twice`, field });
        return;
      }
      names.add(name);
      const kind = part.startsWith(":") ? "param" : "splat";
      if (kind === "splat" && index !== raw.length - 1) {
        errors.push({ code: "splat_not_last", message: `"${part}" must be the last segment`, field });
        return;
      }
      segments.push({ kind, name });
      return;
    }
    if (!SEGMENT_CHARS.test(part)) {
      errors.push({ code: "bad_characters", message: `segment "${part}" has characters that need escaping`, field });
      return;
    }
    segments.push({ kind: "literal", value: part });
  });
  return segments;
}

/** Parses and validates a rule's source pattern. */
export function parseSourcePattern(source: string): Parsed<SourcePattern> {
  const errors: PatternError[] = [];
  if (!source.trim()) return { ok: false, errors: [{ code: "empty", message: "source is empty", field: "source" }] };
  const { segments, query } = parsePattern(source, "source", errors);
  const first = segments[0];
  // A request's language prefix is stripped before matching, so such a source could never match.
  if (first?.kind === "literal" && isLanguageSegment(first.value)) {
    errors.push({
      code: "language_prefix",
      message: `source must not start with a language prefix ("/${first.value}"); use languages instead`,
      field: "source",
    });
  }
  return errors.length ? { ok: false, errors } : { ok: true, value: { segments, query } };
}

/** Parses and validates a target against the params its source defines. */
export function parseTarget(target: string, source?: SourcePattern): Parsed<TargetPattern> {
  const errors: PatternError[] = [];
  if (!target.trim()) return { ok: false, errors: [{ code: "empty", message: "target is empty", field: "target" }] };
  if (/^https?:\/\//i.test(target)) {
    try {
      const url = new URL(target);
      if (!url.hostname) throw new Error("no host");
      return { ok: true, value: { kind: "external", url } };
    } catch {
      return { ok: false, errors: [{ code: "bad_url", message: `target "${target}" is not a valid URL`, field: "target" }] };
    }
  }
  const { segments, query } = parsePattern(target, "target", errors);
  const first = segments[0];
  // The request's language prefix is put back in front of own targets; a second one would double it.
  if (first?.kind === "literal" && isLanguageSegment(first.value)) {
    errors.push({ code: "language_prefix", message: "target must not start with a language prefix", field: "target" });
  }
  if (source) {
    const defined = new Map(source.segments.filter((s) => s.kind !== "literal").map((s) => [s.name, s.kind]));
    for (const s of segments) {
      if (s.kind === "literal") continue;
      const kind = defined.get(s.name);
      if (!kind) errors.push({ code: "unknown_param", message: `target uses "${s.name}", which the source does not define`, field: "target" });
      else if (kind !== s.kind) {
        errors.push({
          code: "param_kind_mismatch",
          message: `"${s.name}" is ${kind === "param" ? "a :param" : "a *splat"} in the source`,
          field: "target",
        });
      }
    }
  }
  return errors.length ? { ok: false, errors } : { ok: true, value: { kind: "path", segments, query } };
}

export interface RedirectRuleInput {
  id: number;
  source: string;
  target: string;
  code: number;
  languages: string[] | null;
  priority: number;
  active: boolean;
}

export interface CompiledRule {
  id: number;
  /** The source and target as written, for reasons and error messages. */
  sourceText: string;
  targetText: string;
  source: SourcePattern;
  target: TargetPattern;
  code: RedirectCode;
  languages: string[] | null;
  priority: number;
  active: boolean;
}

/** Validates a whole rule (source, target, code, languages) and compiles it for matching. */
export function compileRule(rule: RedirectRuleInput): Parsed<CompiledRule> {
  const errors: PatternError[] = [];
  const source = parseSourcePattern(rule.source);
  if (!source.ok) errors.push(...source.errors);
  const target = parseTarget(rule.target, source.ok ? source.value : undefined);
  if (!target.ok) errors.push(...target.errors);
  if (!redirectCodes.includes(rule.code as RedirectCode)) {
    errors.push({ code: "bad_code", message: `code must be one of ${redirectCodes.join(", ")}`, field: "code" });
  }
  if (rule.languages !== null) {
    const valid = rule.languages.length > 0 && rule.languages.every((l) => LANGUAGE_SEGMENT.test(l));
    if (!valid || new Set(rule.languages).size !== rule.languages.length) {
      errors.push({
        code: "bad_languages",
        message: "languages must be null (all) or distinct two-letter lower-case codes",
        field: "languages",
      });
    }
  }
  if (errors.length || !source.ok || !target.ok) return { ok: false, errors };
  return {
    ok: true,
    value: {
      id: rule.id,
      sourceText: rule.source,
      targetText: rule.target,
      source: source.value,
      target: target.value,
      code: rule.code as RedirectCode,
      languages: rule.languages,
      priority: rule.priority,
      active: rule.active,
    },
  };
}

/** A request as rules see it: the path without its language prefix, the query, the language. */
export interface RuleRequest {
  lang: string | null;
  /** Path without the language prefix, starting with "/". */
  path: string;
  query: URLSearchParams;
}

/** Splits a path-and-query ("/ru/a?b=1") into language, bare path and query. */
export function splitRequest(pathAndQuery: string): RuleRequest {
  const q = pathAndQuery.indexOf("?");
  const path = q < 0 ? pathAndQuery : pathAndQuery.slice(0, q);
  const query = new URLSearchParams(q < 0 ? "" : pathAndQuery.slice(q + 1));
  const first = path.split("/")[1];
  if (isLanguageSegment(first)) {
    const rest = path.slice(3);
    return { lang: first ?? null, path: rest === "" ? "/" : rest, query };
  }
  return { lang: null, path, query };
}

/**
 * Normalises what a caller sends ("/ru/x?y=1" or "https://host/ru/x?y=1") to path and query.
 * Returns null for anything else, including protocol-relative and backslash tricks that a URL
 * parser would read as another host.
 */
export function requestPathAndQuery(input: string): string | null {
  const base = "http://redirect.invalid";
  let url: URL;
  try {
    if (/^https?:\/\//i.test(input)) url = new URL(input);
    else if (input.startsWith("/") && !/^[/\\]{2}/.test(input) && !input.startsWith("/\\")) {
      url = new URL(input, base);
      if (url.origin !== base) return null;
    } else return null;
  } catch {
    return null;
  }
  return url.pathname + url.search;
}

/** The path's segments as rules see them: one trailing slash is the same page ("/vulkan/" = "/vulkan"). */
export function pathParts(path: string): string[] {
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  return trimmed === "/" ? [] : trimmed.slice(1).split("/");
}

/**
 * Matches one rule against a request; the captured params (raw, still percent-encoded) or null.
 * Only the pattern and language scope count here: whether the rule is active is the caller's.
 */
export function matchRule(rule: CompiledRule, request: RuleRequest, parts: readonly string[] = pathParts(request.path)): Record<string, string> | null {
  if (rule.languages !== null && (request.lang === null || !rule.languages.includes(request.lang))) return null;
  for (const [key, value] of rule.source.query) {
    if (request.query.get(key) !== value) return null;
  }
  const params: Record<string, string> = {};
  const segments = rule.source.segments;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const part = parts[i];
    if (segment.kind === "splat") {
      const rest = parts.slice(i);
      if (rest.length === 0 || rest.some((p) => p === "")) return null;
      params[segment.name] = rest.join("/");
      return params;
    }
    if (part === undefined || part === "") return null;
    if (segment.kind === "literal") {
      if (segment.value !== part) return null;
    } else params[segment.name] = part;
  }
  return parts.length === segments.length ? params : null;
}

/** Query of the next hop: the request's params minus the rule's condition, then the target's own. */
function carriedQuery(rule: CompiledRule, request: RuleRequest, own: Iterable<[string, string]>): URLSearchParams {
  const ownParams = new URLSearchParams([...own]);
  const condition = new Set(rule.source.query.map(([k]) => k));
  const out = new URLSearchParams();
  for (const [key, value] of request.query) {
    if (!condition.has(key) && !ownParams.has(key)) out.append(key, value);
  }
  for (const [key, value] of ownParams) out.append(key, value);
  return out;
}

/** Builds the URL a matched rule sends the request to. */
export function buildTarget(rule: CompiledRule, request: RuleRequest, params: Record<string, string>): { url: string; external: boolean } {
  const target = rule.target;
  if (target.kind === "external") {
    const url = new URL(target.url);
    url.search = carriedQuery(rule, request, url.searchParams).toString();
    return { url: url.toString(), external: true };
  }
  const path = target.segments
    .map((s) => (s.kind === "literal" ? s.value : (params[s.name] ?? "")))
    .join("/");
  const prefix = request.lang ? `/${request.lang}` : "";
  const query = carriedQuery(rule, request, target.query).toString();
  const fullPath = path ? `${prefix}/${path}` : prefix || "/";
  return { url: query ? `${fullPath}?${query}` : fullPath, external: false };
}

/** Rules in the order they are tried: priority descending, then id ascending. */
export function orderRules<T extends { priority: number; id: number }>(rules: readonly T[]): T[] {
  return [...rules].sort((a, b) => b.priority - a.priority || a.id - b.id);
}

/** The first rule (in order) that matches, with what it produces. */
export function firstMatch(
  ordered: readonly CompiledRule[],
  request: RuleRequest,
): { rule: CompiledRule; url: string; external: boolean } | null {
  const parts = pathParts(request.path);
  for (const rule of ordered) {
    const params = matchRule(rule, request, parts);
    if (params) return { rule, ...buildTarget(rule, request, params) };
  }
  return null;
}

interface RankedRule {
  rule: CompiledRule;
  /** Position in the order rules are tried. */
  rank: number;
}

/** A node of the source-segment trie: the literal and :param branches below it. */
export interface RuleTrieNode {
  literals: Map<string, RuleTrieNode>;
  param: RuleTrieNode | null;
  /** Rules whose source ends at this node. */
  ends: RankedRule[];
  /** Rules whose final *splat starts at this node. */
  splats: RankedRule[];
}

/**
 * The active rules, ordered and indexed by source segments, so a lookup walks the request's
 * path instead of trying thousands of rules one by one.
 */
export interface RuleSet {
  /** Active rules in the order they are tried. */
  rules: readonly CompiledRule[];
  root: RuleTrieNode;
}

const trieNode = (): RuleTrieNode => ({ literals: new Map(), param: null, ends: [], splats: [] });

/** Builds the set from compiled rules; inactive ones are left out. */
export function buildRuleSet(rules: readonly CompiledRule[]): RuleSet {
  const ordered = orderRules(rules.filter((r) => r.active));
  const root = trieNode();
  ordered.forEach((rule, rank) => {
    let node = root;
    for (const segment of rule.source.segments) {
      if (segment.kind === "splat") {
        node.splats.push({ rule, rank });
        return;
      }
      if (segment.kind === "param") node = node.param ??= trieNode();
      else {
        let next = node.literals.get(segment.value);
        if (!next) node.literals.set(segment.value, (next = trieNode()));
        node = next;
      }
    }
    node.ends.push({ rule, rank });
  });
  return { rules: ordered, root };
}

/** Compiles stored rules (skipping any that no longer compile) into a set. */
export function compileRuleSet(rules: readonly RedirectRuleInput[]): RuleSet {
  const compiled: CompiledRule[] = [];
  for (const rule of rules) {
    const result = compileRule(rule);
    if (result.ok) compiled.push(result.value);
  }
  return buildRuleSet(compiled);
}

// Every rule whose segments could match the parts; matchRule then decides (languages, query).
function collectCandidates(node: RuleTrieNode, parts: readonly string[], index: number, out: RankedRule[]): void {
  if (index === parts.length) {
    out.push(...node.ends);
    return;
  }
  out.push(...node.splats);
  const part = parts[index]!;
  const literal = node.literals.get(part);
  if (literal) collectCandidates(literal, parts, index + 1, out);
  if (node.param && part !== "") collectCandidates(node.param, parts, index + 1, out);
}

/** The first rule of the set (in order) that matches, with what it produces. */
export function findMatch(set: RuleSet, request: RuleRequest): { rule: CompiledRule; url: string; external: boolean } | null {
  const parts = pathParts(request.path);
  const candidates: RankedRule[] = [];
  collectCandidates(set.root, parts, 0, candidates);
  candidates.sort((a, b) => a.rank - b.rank);
  for (const { rule } of candidates) {
    const params = matchRule(rule, request, parts);
    if (params) return { rule, ...buildTarget(rule, request, params) };
  }
  return null;
}

export interface RedirectAnswer {
  redirect: boolean;
  code: RedirectCode | null;
  url: string | null;
  reasons: string[];
  breadcrumbs: string[];
}

export interface ChainResult {
  answer: RedirectAnswer;
  /** The rules that fired, hop by hop. */
  hops: CompiledRule[];
  looped: boolean;
}

/**
 * Follows rules from `input` (a path with optional query) hop by hop, up to `maxHops`.
 * Stops at an external URL, at a URL seen before (reason "loop"; the site skips cyclic
 * redirects), or at the hop limit (reason "max_hops").
 */
export function followChain(set: RuleSet, input: string, maxHops = MAX_HOPS): ChainResult {
  const breadcrumbs = [input];
  const reasons: string[] = [];
  const hops: CompiledRule[] = [];
  let looped = false;
  let current = input;
  for (let hop = 0; hop < maxHops; hop++) {
    const found = findMatch(set, splitRequest(current));
    if (!found) break;
    hops.push(found.rule);
    reasons.push(`rule ${found.rule.id}: ${found.rule.sourceText} -> ${found.rule.targetText}`);
    const seen = breadcrumbs.includes(found.url);
    breadcrumbs.push(found.url);
    current = found.url;
    if (seen) {
      reasons.push("loop");
      looped = true;
      break;
    }
    if (found.external) break;
    if (hop === maxHops - 1 && findMatch(set, splitRequest(current))) reasons.push("max_hops");
  }
  const first = hops[0];
  const answer: RedirectAnswer = first
    ? { redirect: true, code: first.code, url: current, reasons, breadcrumbs }
    : { redirect: false, code: null, url: null, reasons: [], breadcrumbs };
  return { answer, hops, looped };
}

/** The redirect-light answer for `input` under a compiled rule set. */
export function resolveRuleSet(set: RuleSet, input: string, maxHops = MAX_HOPS): RedirectAnswer {
  return followChain(set, input, maxHops).answer;
}

/**
 * The redirect-light answer for `input` under stored rules. Rules that do not compile are
 * skipped: they are validated when written, so one only appears here if the rules changed under us.
 */
export function resolveChain(rules: readonly RedirectRuleInput[], input: string, maxHops = MAX_HOPS): RedirectAnswer {
  return resolveRuleSet(compileRuleSet(rules), input, maxHops);
}
