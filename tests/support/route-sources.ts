// The route table read together with the route modules' source, for the tests that must cover
// every route of a kind (money actions, return addresses): which routes declare it in their meta,
// and which routes' code does it, so that a route that does it without declaring it fails too.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { opsRouteTable, routeTable } from "../../app/route-table.mjs";

const APP = fileURLToPath(new URL("../../app/", import.meta.url));

export interface RouteSource {
  id: string;
  /** The route's module, absolute. */
  file: string;
  /** Its address in English (`/en/coupon/place`, `/ops/vip-bets`); params are left as `:name`. */
  path: string;
  money: boolean;
  returns: string[];
}

/** Every page and ops route with what its meta declares. */
export const routeSources: RouteSource[] = [
  ...routeTable.map((r) => ({
    id: r.id,
    file: join(APP, r.file),
    path: r.index ? "/en" : `/en/${r.path}`,
    money: r.meta.money === true,
    returns: r.meta.returns ?? [],
  })),
  ...opsRouteTable.map((r) => ({
    id: r.id,
    file: join(APP, r.file),
    path: r.index ? "/ops" : `/ops/${r.path}`,
    money: r.money === true,
    returns: r.returns ?? [],
  })),
];

function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith("~/") ? join(APP, spec.slice(2)) : spec.startsWith(".") ? resolve(dirname(from), spec) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (/\.(ts|tsx|mjs)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

const IMPORT = /import\s+(type\s+)?([\s\S]*?)\s+from\s+"([^"]+)"/g;

/** Only types named: `import type {…}` or `import { type A, type B }`, which bring no code along. */
function typesOnly(typeKeyword: string | undefined, names: string): boolean {
  if (typeKeyword) return true;
  const inner = /^\{([\s\S]*)\}$/.exec(names.trim())?.[1];
  if (inner === undefined) return false;
  const list = inner.split(",").map((n) => n.trim()).filter(Boolean);
  return list.length > 0 && list.every((n) => n.startsWith("type "));
}

/** The app modules a module runs: itself and what it imports for code, transitively. */
export function moduleClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const m of readFileSync(file, "utf8").matchAll(IMPORT)) {
    if (typesOnly(m[1], m[2]!)) continue;
    const target = resolveImport(file, m[3]!);
    if (target) moduleClosure(target, seen);
  }
  return seen;
}

/**
 * The services that move money: exported from app/services with `@money` in their comment
 * (placing a coupon, deciding a VIP coupon, and whatever is marked so later).
 */
export function moneyServices(): string[] {
  const dir = join(APP, "services");
  const names: string[] = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith(".server.ts"))) {
    const source = readFileSync(join(dir, name), "utf8");
    for (const m of source.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*export\s+(?:async\s+)?(?:function|const)\s+(\w+)/g)) {
      if (/@money\b/.test(m[1]!)) names.push(m[2]!);
    }
  }
  return names;
}

/**
 * The modules of a route's closure (outside `except`) whose code calls one of `functions`, as
 * paths under app/; empty when the route never does.
 */
export function callersIn(route: RouteSource, functions: string[], except: string[] = []): string[] {
  if (functions.length === 0) return [];
  const call = new RegExp(`\\b(${functions.join("|")})\\(`);
  const skip = new Set(except.map((f) => join(APP, f)));
  return [...moduleClosure(route.file)]
    .filter((f) => !skip.has(f) && !f.startsWith(join(APP, "services")) && call.test(readFileSync(f, "utf8")))
    .map((f) => relative(APP, f));
}
