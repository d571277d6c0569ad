import { describe, expect, it } from "vitest";
import { DEV_PAYMENT_PROVIDER_SECRET } from "../common/payment-signature.ts";
import { DEV_ONE_TAP_CLIENT_ID, DEV_PLATFORM_SECRET, parsePlatformEnv } from "./env.ts";

// Plain objects stand in for process.env (whose type insists on NODE_ENV).
const parse = (vars: Record<string, string>) => parsePlatformEnv(vars as NodeJS.ProcessEnv);
/** A production platform's own payment provider secret, beside its platform secret. */
const PAYMENT = { PAYMENT_PROVIDER_SECRET: "q".repeat(40) };

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
    expect(parse({ NODE_ENV: "production", PLATFORM_SECRET: "p".repeat(40), ...PAYMENT }).PLATFORM_SECRET).toBe("p".repeat(40));
  });

  it("points at the payment provider on this machine and calls back on its own port", () => {
    const env = parse({ PLATFORM_PORT: "4555" });
    expect(env.PAYMENT_PROVIDER_URL).toBe("http://127.0.0.1:4100");
    expect(env.PAYMENT_CALLBACK_URL).toBe("http://127.0.0.1:4555/payments-api/callback");
    expect(env.PAYMENT_PROVIDER_SECRET).toBe(DEV_PAYMENT_PROVIDER_SECRET);
    expect(env.PAYMENT_PROVIDER_TIMEOUT_MS).toBe(5_000);
    expect(parse({ PAYMENT_CALLBACK_URL: "https://platform.example/payments-api/callback" }).PAYMENT_CALLBACK_URL).toBe("https://platform.example/payments-api/callback");
    expect(() => parse({ PAYMENT_PROVIDER_URL: "not a url" })).toThrow(/PAYMENT_PROVIDER_URL/);
  });

  it("sweeps open payments every 30 s, asks after 2 minutes and gives up on unknown ones after 15, or as set", () => {
    const env = parse({});
    expect([env.PAYMENT_RECONCILE_INTERVAL_MS, env.PAYMENT_RECONCILE_AFTER_MS, env.PAYMENT_ABANDON_AFTER_MS]).toEqual([30_000, 120_000, 900_000]);
    const set = parse({ PAYMENT_RECONCILE_INTERVAL_MS: "0", PAYMENT_RECONCILE_AFTER_MS: "60000", PAYMENT_ABANDON_AFTER_MS: "600000" });
    expect([set.PAYMENT_RECONCILE_INTERVAL_MS, set.PAYMENT_RECONCILE_AFTER_MS, set.PAYMENT_ABANDON_AFTER_MS]).toEqual([0, 60_000, 600_000]);
    expect(() => parse({ PAYMENT_RECONCILE_INTERVAL_MS: "-1" })).toThrow(/PAYMENT_RECONCILE_INTERVAL_MS/);
    expect(() => parse({ PAYMENT_RECONCILE_AFTER_MS: "soon" })).toThrow(/PAYMENT_RECONCILE_AFTER_MS/);
    // Giving up before a create call could have been answered, or before the payment was ever asked about, is refused.
    expect(() => parse({ PAYMENT_ABANDON_AFTER_MS: "4000" })).toThrow(/PAYMENT_ABANDON_AFTER_MS: must be above PAYMENT_PROVIDER_TIMEOUT_MS/);
    expect(() => parse({ PAYMENT_RECONCILE_AFTER_MS: "600000", PAYMENT_ABANDON_AFTER_MS: "300000" })).toThrow(/PAYMENT_ABANDON_AFTER_MS/);
  });

  it("requires an own payment provider secret in production", () => {
    const production = { NODE_ENV: "production", PLATFORM_SECRET: "p".repeat(40) };
    expect(() => parse(production)).toThrow(/PAYMENT_PROVIDER_SECRET: is required/);
    expect(() => parse({ ...production, PAYMENT_PROVIDER_SECRET: DEV_PAYMENT_PROVIDER_SECRET })).toThrow(/PAYMENT_PROVIDER_SECRET/);
    expect(() => parse({ PAYMENT_PROVIDER_SECRET: "short" })).toThrow(/PAYMENT_PROVIDER_SECRET must be at least 32 characters/);
    expect(parse({ ...production, ...PAYMENT }).PAYMENT_PROVIDER_SECRET).toBe("q".repeat(40));
  });

  it("takes the sports calendar's present as an ISO instant, never in production", () => {
    expect(parse({}).PLATFORM_NOW).toBeUndefined();
    expect(parse({ PLATFORM_NOW: "" }).PLATFORM_NOW).toBeUndefined();
    expect(parse({ NODE_ENV: "production", PLATFORM_SECRET: "p".repeat(40), ...PAYMENT, PLATFORM_NOW: "" }).PLATFORM_NOW).toBeUndefined();
    expect(parse({ PLATFORM_NOW: "2026-12-31T23:59:00Z" }).PLATFORM_NOW).toBe(Date.UTC(2026, 11, 31, 23, 59));
    expect(parse({ PLATFORM_NOW: "2026-12-07T16:00:00+03:00" }).PLATFORM_NOW).toBe(Date.UTC(2026, 11, 7, 13));
    expect(() => parse({ PLATFORM_NOW: "yesterday" })).toThrow(/PLATFORM_NOW: must be an ISO instant/);
    expect(() => parse({ NODE_ENV: "production", PLATFORM_SECRET: "p".repeat(40), ...PAYMENT, PLATFORM_NOW: "2026-12-31T23:59:00Z" })).toThrow(/PLATFORM_NOW: must not be set/);
  });
});
