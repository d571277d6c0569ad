// The cost of one route match with the site's real route tree and with the same tree grown to
// ~200 routes (generated pages under the language segment), using the matcher Remix's server
// uses (@remix-run/router's matchRoutes, which flattens and ranks the whole tree on every call).
import { join } from "node:path";
import { type AgnosticRouteObject, matchRoutes } from "@remix-run/router";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

/**
 * Matches per document request (the CPU profile of issue 12 counted four): two on trees Remix
 * keeps (server match, static handler query) and, counted as fresh trees, the render's and the
 * lazy route discovery's.
 */
export const REUSED_TREE_MATCHES = 2;
export const FRESH_TREE_MATCHES = 2;
export const GROWN_ROUTES = 200;

const samplePaths = ["/ru/", "/ru/login", "/ru/live/1-football", "/ru/live/1-football/2-premier/3-a-b", "/ru/rules/1/2", "/ru/sports-feed", "/ru/nope/nope", "/ops/redirects", "/login"];

function tree(manifest: Record<string, ManifestRoute>, parentId?: string): AgnosticRouteObject[] {
  return Object.values(manifest)
    .filter((r) => r.parentId === parentId)
    .map((r) =>
      r.index
        ? { id: r.id, index: true, path: r.path, caseSensitive: r.caseSensitive }
        : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: tree(manifest, r.id) },
    );
}

/**
 * CPU µs per match. `fresh`: a new tree object for every match, as Remix's render builds one per
 * request (so nothing cached per tree object helps); otherwise one tree reused, as the server
 * match and the static handler do.
 */
function microsPerMatch(routes: AgnosticRouteObject[], fresh: boolean): number {
  const n = fresh ? 1_000 : 3_000;
  const trees = fresh ? Array.from({ length: n + 100 }, () => structuredClone(routes)) : [];
  const run = (from: number, count: number) => {
    for (let i = from; i < from + count; i++) matchRoutes(fresh ? trees[i]! : routes, samplePaths[i % samplePaths.length]!);
  };
  run(0, 100);
  const started = process.cpuUsage();
  run(100, n);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / n;
}

export async function routeMatchCost(appDir = process.cwd()) {
  const build = (await import(join(appDir, "build/index.js"))) as { routes: Record<string, ManifestRoute> };
  const real = build.routes;
  const languageParent = Object.values(real).find((r) => r.path?.startsWith(":lng"))?.id;
  if (!languageParent) throw new Error("no language route in the build");
  const grown: Record<string, ManifestRoute> = { ...real };
  const count = Object.keys(real).length;
  // Shapes like the sports and account pages: static sections with one or two params.
  for (let i = 0; Object.keys(grown).length < GROWN_ROUTES; i++) {
    const path = i % 3 === 0 ? `section-${i}` : i % 3 === 1 ? `section-${i}/:id` : `section-${i}/:id/:sub?`;
    grown[`generated-${i}`] = { id: `generated-${i}`, parentId: languageParent, path };
  }
  const perRequest = (routes: AgnosticRouteObject[]) =>
    (REUSED_TREE_MATCHES * microsPerMatch(routes, false) + FRESH_TREE_MATCHES * microsPerMatch(routes, true)) / 1000;
  return { realRoutes: count, realMs: perRequest(tree(real)), bigRoutes: Object.keys(grown).length, bigMs: perRequest(tree(grown)) };
}
