import type { PageRouteId } from "./route-ids";
import { type RouteEntry, type RouteMeta, routeTable } from "./route-table.mjs";

export type { RouteMeta, RouteEntry };

const byId = new Map<string, RouteMeta>(routeTable.map((r) => [r.id, r.meta]));

export function routeMeta(id: PageRouteId): RouteMeta | undefined {
  return byId.get(id);
}
