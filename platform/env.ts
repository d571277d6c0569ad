import { isIP } from "node:net";
import { z } from "zod";
import { DEV_PAYMENT_PROVIDER_SECRET } from "../common/payment-signature.ts";

/**
 * Dev-only fallback for PLATFORM_SECRET, so a fresh clone starts without set-up. Production
 * refuses to start without its own secret: anyone who knows this one can forge login links.
 */
export const DEV_PLATFORM_SECRET = "arena-dev-platform-secret-not-for-production-use";

/** The site's copies when PLATFORM_TRUSTED_CALLERS is not set: this machine. */
export const DEFAULT_TRUSTED_CALLERS = ["127.0.0.1", "::1"];

/** Client id of the fake Google one-tap provider; the site loads it from the platform. */
export const DEV_ONE_TAP_CLIENT_ID = "arena-bet-dev.apps.googleusercontent.com";

// Every variable the platform reads, parsed once at start so a typo fails loudly.
const envSchema = z
  .object({
    PLATFORM_HOST: z.string().min(1).default("127.0.0.1"),
    PLATFORM_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
    DATABASE_URL: z.string().url().optional(),
    DATABASE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/, "DATABASE_SCHEMA must be a plain lower-case identifier")
      .optional(),
    PLATFORM_DATA_DIR: z.string().min(1).default(".data/platform"),
    PLATFORM_SEED: z.enum(["demo", "none"]).default("demo"),
    // "1" mounts /__test (set-up hooks, fault injection, hit counts) for the test suites only.
    PLATFORM_TEST_HOOKS: z
      .enum(["0", "1"])
      .default("0")
      .transform((v) => v === "1"),
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    // Signs login links, newsletter links and one-time codes; at least 32 characters.
    PLATFORM_SECRET: z.string().min(32, "PLATFORM_SECRET must be at least 32 characters").optional(),
    ONE_TAP_CLIENT_ID: z.string().min(1).max(200).default(DEV_ONE_TAP_CLIENT_ID),
    // The live simulator (docs/SPORTS-API.md): off leaves this process a follower of the feed.
    SPORTS_SIMULATOR: z.enum(["on", "off"]).default("on"),
    // off: the demo seed leaves the sports catalogue empty (saves its seconds of start-up).
    SPORTS_SEED: z.enum(["on", "off"]).default("on"),
    SPORTS_SIM_SEED: z.coerce.number().int().min(0).max(2_147_483_647).default(1),
    SPORTS_SIM_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    SPORTS_SIM_SPEED: z.coerce.number().min(0).max(1000).default(1),
    SPORTS_MIN_LIVE: z.coerce.number().int().min(0).max(1000).default(40),
    // The sports calendar's present (seed and simulator) starts at this instant instead of now,
    // e.g. 2026-12-31T23:59:00Z: tests and the dates bench run the catalogue of any day.
    // Empty is unset: a production platform started from a shell (or CI) that sets it for the tests.
    PLATFORM_NOW: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z
        .string()
        .datetime({ offset: true, message: "must be an ISO instant such as 2026-12-07T13:00:00Z" })
        .transform((v) => Date.parse(v))
        .optional(),
    ),
    // Whole weeks the seed moves the football data (default: up to the seed's today); with
    // PLATFORM_NOW, a database seeded on another day (the dates bench's end of the moved season).
    SPORTS_SHIFT_WEEKS: z.coerce.number().int().min(0).max(1_000).optional(),
    // The addresses of the site's copies: only their x-client-ip names the visitor (decision 012).
    PLATFORM_TRUSTED_CALLERS: z
      .string()
      .transform((v) => v.split(",").map((a) => a.trim()).filter(Boolean))
      .refine((list) => list.length > 0 && list.every((a) => isIP(a) !== 0), "must be comma-separated IP addresses")
      .default(DEFAULT_TRUSTED_CALLERS.join(",")),
    // Live bets' delay for every sport, in ms (default: per sport, see domain/bets.ts).
    BET_LIVE_DELAY_MS: z.coerce.number().int().min(0).max(600_000).optional(),
    // How long after its arrival a placement may still write, in ms (issue 37; default 10 s).
    // Tests set 0 to see a placement that waited too long refused with nothing written.
    BET_PLACE_WINDOW_MS: z.coerce.number().int().min(0).max(60_000).optional(),
    // How often VIP coupons a started game made unapprovable are expired, in ms; 0 turns the sweep off (tests call it).
    VIP_EXPIRY_SWEEP_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
    // The payment provider (decision 065): where the platform opens payments, the secret both
    // sides sign with, where the provider calls back, and how long the platform waits for it.
    PAYMENT_PROVIDER_URL: z.string().url().default("http://127.0.0.1:4100"),
    PAYMENT_PROVIDER_SECRET: z.string().min(32, "PAYMENT_PROVIDER_SECRET must be at least 32 characters").optional(),
    PAYMENT_CALLBACK_URL: z.string().url().optional(),
    PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    // Recovery of payments left open (decision 065): how often the sweep runs (0: never, tests
    // call it), after how long an open payment is asked about, and after how long one the provider
    // never heard of is failed.
    PAYMENT_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    PAYMENT_RECONCILE_AFTER_MS: z.coerce.number().int().min(0).max(7 * 86_400_000).default(120_000),
    PAYMENT_ABANDON_AFTER_MS: z.coerce.number().int().min(1_000).max(30 * 86_400_000).default(900_000),
  })
  // The hooks create users and sessions at will: never let them near real traffic.
  .refine((env) => !(env.PLATFORM_TEST_HOOKS && env.NODE_ENV === "production"), {
    message: "must not be 1 when NODE_ENV is production",
    path: ["PLATFORM_TEST_HOOKS"],
  })
  // A moved calendar would settle real bets on another day's games.
  .refine((env) => !(env.PLATFORM_NOW !== undefined && env.NODE_ENV === "production"), {
    message: "must not be set when NODE_ENV is production",
    path: ["PLATFORM_NOW"],
  })
  .refine((env) => env.NODE_ENV !== "production" || (env.PLATFORM_SECRET !== undefined && env.PLATFORM_SECRET !== DEV_PLATFORM_SECRET), {
    message: "is required (and not the dev default) when NODE_ENV is production",
    path: ["PLATFORM_SECRET"],
  })
  // Anyone who knows the dev secret could sign a callback that credits a deposit.
  .refine((env) => env.NODE_ENV !== "production" || (env.PAYMENT_PROVIDER_SECRET !== undefined && env.PAYMENT_PROVIDER_SECRET !== DEV_PAYMENT_PROVIDER_SECRET), {
    message: "is required (and not the dev default) when NODE_ENV is production",
    path: ["PAYMENT_PROVIDER_SECRET"],
  })
  // A create call may be on its way for up to the provider time-out: only after it (and after the
  // provider was asked at least once) is "never heard of it" the provider's last word.
  .refine((env) => env.PAYMENT_ABANDON_AFTER_MS > env.PAYMENT_PROVIDER_TIMEOUT_MS && env.PAYMENT_ABANDON_AFTER_MS >= env.PAYMENT_RECONCILE_AFTER_MS, {
    message: "must be above PAYMENT_PROVIDER_TIMEOUT_MS and at least PAYMENT_RECONCILE_AFTER_MS",
    path: ["PAYMENT_ABANDON_AFTER_MS"],
  })
  .transform((env) => ({
    ...env,
    PLATFORM_SECRET: env.PLATFORM_SECRET ?? DEV_PLATFORM_SECRET,
    PAYMENT_PROVIDER_SECRET: env.PAYMENT_PROVIDER_SECRET ?? DEV_PAYMENT_PROVIDER_SECRET,
    PAYMENT_CALLBACK_URL: env.PAYMENT_CALLBACK_URL ?? `http://127.0.0.1:${env.PLATFORM_PORT}/payments-api/callback`,
  }));

export type PlatformEnv = z.infer<typeof envSchema>;

export function parsePlatformEnv(source: NodeJS.ProcessEnv = process.env): PlatformEnv {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid platform environment:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
