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
 * Matches per document request: server match, static handler query, render, and the route
 * discovery of the lazy manifest (the CPU profile of issue 12 counted four).
 */
export const MATCHES_PER_REQUEST = 4;
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

function microsPerMatch(routes: AgnosticRouteObject[]): number {
  const run = (n: number) => {
    for (let i = 0; i < n; i++) matchRoutes(routes, samplePaths[i % samplePaths.length]!);
  };
  run(2_000);
  const n = 20_000;
  const started = process.cpuUsage();
  run(n);
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
  return {
    realRoutes: count,
    realUs: microsPerMatch(tree(real)),
    bigRoutes: Object.keys(grown).length,
    bigUs: microsPerMatch(tree(grown)),
    perRequest: MATCHES_PER_REQUEST,
  };
}
