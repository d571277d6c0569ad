import { describe, expect, it } from "vitest";
import { SPORTS, scoreUnit } from "./sports.ts";

const unitOf = (slug: string) => scoreUnit(SPORTS.find((s) => s.slug === slug)!);

describe("scoreUnit", () => {
  it("names what a standings table counts by the sport's scoring", () => {
    expect(unitOf("football")).toBe("goals");
    expect(unitOf("ice-hockey")).toBe("goals");
    expect(unitOf("basketball")).toBe("points");
    expect(unitOf("volleyball")).toBe("sets");
    expect(unitOf("cricket")).toBe("runs");
    expect(unitOf("baseball")).toBe("runs");
  });
});
