import { describe, expect, it } from "vitest";
import { DEV_ONE_TAP_CLIENT_ID, DEV_PLATFORM_SECRET, parsePlatformEnv } from "./env.ts";

// Plain objects stand in for process.env (whose type insists on NODE_ENV).
const parse = (vars: Record<string, string>) => parsePlatformEnv(vars as NodeJS.ProcessEnv);

describe("platform environment", () => {
  it("falls back to the dev secret and client id outside production", () => {
    const env = parse({});
    expect(env.PLATFORM_SECRET).toBe(DEV_PLATFORM_SECRET);
    expect(env.ONE_TAP_CLIENT_ID).toBe(DEV_ONE_TAP_CLIENT_ID);
  });

  it("takes a given secret", () => {
    expect(parse({ PLATFORM_SECRET: "s".repeat(32) }).PLATFORM_SECRET).toBe("s".repeat(32));
  });

  it("refuses a short secret", () => {
    expect(() => parse({ PLATFORM_SECRET: "short" })).toThrow(/PLATFORM_SECRET: PLATFORM_SECRET must be at least 32 characters/);
  });

  it("requires an own secret in production", () => {
    expect(() => parse({ NODE_ENV: "production" })).toThrow(/PLATFORM_SECRET: is required/);
    expect(() => parse({ NODE_ENV: "production", PLATFORM_SECRET: DEV_PLATFORM_SECRET })).toThrow(/PLATFORM_SECRET/);
    expect(parse({ NODE_ENV: "production", PLATFORM_SECRET: "p".repeat(40) }).PLATFORM_SECRET).toBe("p".repeat(40));
  });

  it("takes the sports calendar's present as an ISO instant, never in production", () => {
    expect(parse({}).PLATFORM_NOW).toBeUndefined();
    expect(parse({ PLATFORM_NOW: "" }).PLATFORM_NOW).toBeUndefined();
    expect(parse({ NODE_ENV: "production", PLATFORM_SECRET: "p".repeat(40), PLATFORM_NOW: "" }).PLATFORM_NOW).toBeUndefined();
    expect(parse({ PLATFORM_NOW: "2026-12-31T23:59:00Z" }).PLATFORM_NOW).toBe(Date.UTC(2026, 11, 31, 23, 59));
    expect(parse({ PLATFORM_NOW: "2026-12-07T16:00:00+03:00" }).PLATFORM_NOW).toBe(Date.UTC(2026, 11, 7, 13));
    expect(() => parse({ PLATFORM_NOW: "yesterday" })).toThrow(/PLATFORM_NOW: must be an ISO instant/);
    expect(() => parse({ NODE_ENV: "production", PLATFORM_SECRET: "p".repeat(40), PLATFORM_NOW: "2026-12-31T23:59:00Z" })).toThrow(/PLATFORM_NOW: must not be set/);
  });
});
