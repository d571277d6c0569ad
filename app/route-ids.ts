import type { opsRouteTable, routeTable } from "./route-table.mjs";

/**
 * Every route id of the site as a type (issue 10): a lookup by an id that is not a route
 * (`guardPage`, `pageLoader`, `pageAction`, `routeMeta`, `opsTitle`) fails the type check.
 * Lookups that take any string check their literal instead: `m.id === ("lng" satisfies RouteId)`,
 * which costs the browser bundle nothing. The page and ops ids come from app/route-table.mjs;
 * these are the routes remix.config.js defines around the table (app/route-ids.test.ts checks
 * the config makes no other).
 */
export const shellRouteIds = ["root", "lng", "language-redirect", "locales", "ops"] as const;

export type ShellRouteId = (typeof shellRouteIds)[number];
export type PageRouteId = (typeof routeTable)[number]["id"];
export type OpsRouteId = (typeof opsRouteTable)[number]["id"];
export type RouteId = ShellRouteId | PageRouteId | OpsRouteId;

