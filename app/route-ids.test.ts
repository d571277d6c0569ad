import { defineRoutes } from "@remix-run/dev/dist/config/routes.js";
import { describe, expect, it } from "vitest";
import config from "../remix.config.js";
import { shellRouteIds } from "./route-ids";
import { opsRouteTable, routeTable } from "./route-table.mjs";

const routesOf = () => {
  if (!config.routes) throw new Error("remix.config.js has no routes");
  return config.routes(defineRoutes);
};

describe("route ids", () => {
  it("names every route remix.config.js makes, and nothing else", async () => {
    const manifest = await routesOf();
    const made = Object.keys(manifest).concat("root").sort();
    const typed = [...shellRouteIds, ...routeTable.map((r) => r.id), ...opsRouteTable.map((r) => r.id)].sort();
    expect(made).toEqual(typed);
  });

  it("puts every page under a required language segment, so no branch is doubled (decision 022)", async () => {
    const manifest = await routesOf();
    expect(manifest.lng?.path).toBe(":lng");
    expect(Object.values(manifest).filter((r) => r.path?.startsWith(":lng"))).toHaveLength(1);
  });
});
