import type { PageRouteId } from "./route-ids";
import { type RouteEntry, type RouteMeta, routeTable } from "./route-table.mjs";

export type { RouteMeta, RouteEntry };

const byId = new Map<string, RouteMeta>(routeTable.map((r) => [r.id, r.meta]));

export function routeMeta(id: PageRouteId): RouteMeta | undefined {
  return byId.get(id);
}

/** The meta of the deepest matched route that is in the table. */
export function leafRouteMeta(matches: ReadonlyArray<{ id: string }>): RouteMeta | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const meta = byId.get(matches[i]!.id);
    if (meta) return meta;
  }
  return undefined;
}
