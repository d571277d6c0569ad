import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  GENERATED_PATH,
  routeLayoutsSource,
} from "../scripts/route-layouts.mjs";
import { leafRouteLayout } from "./route-layouts";
import { routeTable } from "./route-table.mjs";

describe("route layouts for the browser (decision 047)", () => {
  it("the committed file is what the route table gives: run `npm run build` after editing the table", () => {
    expect(readFileSync(GENERATED_PATH, "utf8")).toBe(routeLayoutsSource());
  });

  it("every route gets the layout and the hidden blocks its meta names", () => {
    for (const entry of routeTable) {
      const layout = leafRouteLayout([
        { id: "root" },
        { id: "lng" },
        { id: entry.id },
      ]);
      expect(layout.layout ?? "default", entry.id).toBe(entry.meta.layout);
      expect(layout.hideSeoBlock ?? false, entry.id).toBe(
        entry.meta.hideSeoBlock ?? false
      );
      expect(layout.hideFooter ?? false, entry.id).toBe(
        entry.meta.hideFooter ?? false
      );
      expect(layout.hideBottomNav ?? false, entry.id).toBe(
        entry.meta.hideBottomNav ?? false
      );
      expect(layout.skipAgeGate ?? false, entry.id).toBe(
        entry.meta.skip?.includes("ageGate") ?? false
      );
    }
  });

  it("the deepest route in the table decides; outside the table the layout is the default", () => {
    expect(
      leafRouteLayout([{ id: "root" }, { id: "lng" }, { id: "maintenance" }])
        .layout
    ).toBe("maintenance");
    expect(leafRouteLayout([{ id: "root" }, { id: "lng" }])).toEqual({});
    expect(
      leafRouteLayout([{ id: "root" }, { id: "lng" }, { id: "no-such-route" }])
    ).toEqual({});
  });
});
