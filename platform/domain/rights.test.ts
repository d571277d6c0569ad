import { describe, expect, it } from "vitest";
import { rightsOf } from "./rights.ts";

describe("rightsOf", () => {
  it("gives players bet, deposit and withdraw", () => {
    expect(rightsOf({ roles: ["player"], ban_level: 0 })).toEqual(["bet", "deposit", "withdraw"]);
  });
  it("takes betting from banned players", () => {
    expect(rightsOf({ roles: ["player"], ban_level: 1 })).toEqual(["deposit", "withdraw"]);
  });
  it("adds ops for the ops role", () => {
    expect(rightsOf({ roles: ["player", "ops"], ban_level: 0 })).toEqual(["bet", "deposit", "withdraw", "ops"]);
    expect(rightsOf({ roles: ["ops"], ban_level: 0 })).toEqual(["ops"]);
  });
  it("gives nothing to unknown roles", () => {
    expect(rightsOf({ roles: ["vip"], ban_level: 0 })).toEqual([]);
  });
});
