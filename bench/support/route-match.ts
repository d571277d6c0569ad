// The cost of one route match with the site's real route tree and with the same tree grown to
// ~200 routes (generated pages under the language segment), using the matcher Remix's server
// uses (@remix-run/router's matchRoutes as patched by decision 029).
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
 * A document request matches its pathname about four times (the CPU profile of issue 12): the
 * server match, the static handler's query, the render's and lazy route discovery's. Since
 * decision 029's render-tree patches all four run on trees Remix keeps for the build. The
 * patched matcher remembers which branch a pathname matched, so the bench gives every page view
 * a pathname never seen before (the dearer case; a repeated page such as /ru/login costs less).
 * Route discovery also matches the page's parents (`/`, `/ru`): the same few pathnames on every
 * page, remembered, so they are left out.
 */
export const MATCHES_PER_VIEW = 4;
export const GROWN_ROUTES = 200;

const samplePaths = [
  (i: number) => `/ru/live/${i}-football`,
  (i: number) => `/ru/live/1-football/2-premier/${i}-a-b`,
  (i: number) => `/ru/rules/1/${i}`,
  (i: number) => `/ru/line/1-football/${i}-premier`,
  (i: number) => `/ru/nope/${i}`,
  (i: number) => `/ops/redirects/${i}`,
  (i: number) => `/${i}/login`,
];

function tree(manifest: Record<string, ManifestRoute>, parentId?: string): AgnosticRouteObject[] {
  return Object.values(manifest)
    .filter((r) => r.parentId === parentId)
    .map((r) =>
      r.index
        ? { id: r.id, index: true, path: r.path, caseSensitive: r.caseSensitive }
        : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: tree(manifest, r.id) },
    );
}

/** CPU ms per page view: a new pathname, matched MATCHES_PER_VIEW times on the kept tree. */
let salt = 0;
function msPerView(routes: AgnosticRouteObject[]): number {
  const n = 500;
  salt += 1_000_000;
  const run = (from: number, count: number) => {
    for (let i = from; i < from + count; i++) {
      const path = samplePaths[i % samplePaths.length]!(salt + i);
      for (let k = 0; k < MATCHES_PER_VIEW; k++) matchRoutes(routes, path);
    }
  };
  run(0, 50);
  const started = process.cpuUsage();
  run(50, n);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / n / 1000;
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
  return { realRoutes: count, realMs: msPerView(tree(real)), bigRoutes: Object.keys(grown).length, bigMs: msPerView(tree(grown)) };
}
