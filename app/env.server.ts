import { z } from "zod";

const url = z.string().url();

// Every variable the site reads, parsed once at start; see the README for each.
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PLATFORM_URL: url.default("http://127.0.0.1:4000"),
    WEB_API_URL: url.optional(),
    BFF_API_URL: url.optional(),
    REDIRECTS_API_URL: url.optional(),
    BLOCKS_API_URL: url.optional(),
    LIMIT_API_URL: url.optional(),
    SOCIAL_API_URL: url.optional(),
    CAPTCHA_API_URL: url.optional(),
    ADMIN_API_URL: url.optional(),
    SPORTS_API_URL: url.optional(),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    COUNTRY_HEADER: z.string().min(1).toLowerCase().default("x-country-code"),
    PUBLIC_ORIGIN: url.optional(),
    SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
    APP_ENV: z.enum(["development", "test", "staging", "production"]).optional(),
    MOBILE_SITE_ORIGIN: url.optional(),
    GUARDS: z.enum(["on", "off"]).default("on"),
    // Server-Timing's render-cpu part (issue 12): off by default, as reading the CPU clock costs.
    SERVER_TIMING_CPU: z.enum(["0", "1"]).default("0"),
    // How long the guards' redirect-light and block answers are reused (issue 12; 0 turns it off).
    GUARD_CACHE_MS: z.coerce.number().int().min(0).max(5_000).default(1_000),
    GOOGLE_ONE_TAP_SCRIPT_URL: url.optional(),
    TRUSTED_CLIENT_IP_HEADER: z.string().min(1).toLowerCase().optional(),
    CONFIG_CACHE_SECONDS: z
      .string()
      .regex(/^\d+(-\d+)?$/, "CONFIG_CACHE_SECONDS is N or MIN-MAX")
      .optional(),
    // How long past its cache time a config copy is served while the config service is down (decision 020).
    CONFIG_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
    // Headers (decision 024): CSP as report-only while a new policy is tried out.
    CSP_REPORT_ONLY: z.enum(["0", "1"]).default("0"),
    // Hosts (host[:port], comma-separated) the site answers besides PUBLIC_ORIGIN's.
    ALLOWED_HOSTS: z
      .string()
      .transform((v) => v.split(",").map((h) => h.trim().toLowerCase()).filter(Boolean))
      .pipe(z.array(z.string().regex(/^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:]+\](:\d{1,5})?$/, "ALLOWED_HOSTS holds host[:port] names")))
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.PUBLIC_ORIGIN && !env.ALLOWED_HOSTS?.length) {
      // Canonical links and redirects must never come from the Host header (decision 024).
      ctx.addIssue({ code: "custom", path: ["PUBLIC_ORIGIN"], message: "PUBLIC_ORIGIN or ALLOWED_HOSTS is required in production" });
    }
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "required in production" });
    }
  });

export type SiteEnv = z.infer<typeof envSchema>;

export type Upstream = "web" | "bff" | "redirects" | "blocks" | "limits" | "social" | "captcha" | "admin" | "sports";

function parse(): SiteEnv {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid site environment:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

export const env = parse();

/** Base URL of each upstream: its own variable, else the platform. */
export const upstreamBase: Record<Upstream, string> = {
  web: env.WEB_API_URL ?? env.PLATFORM_URL,
  bff: env.BFF_API_URL ?? env.PLATFORM_URL,
  redirects: env.REDIRECTS_API_URL ?? env.PLATFORM_URL,
  blocks: env.BLOCKS_API_URL ?? env.PLATFORM_URL,
  limits: env.LIMIT_API_URL ?? env.PLATFORM_URL,
  social: env.SOCIAL_API_URL ?? env.PLATFORM_URL,
  captcha: env.CAPTCHA_API_URL ?? env.PLATFORM_URL,
  admin: env.ADMIN_API_URL ?? env.PLATFORM_URL,
  sports: env.SPORTS_API_URL ?? env.PLATFORM_URL,
};

export const isProduction = env.NODE_ENV === "production";

/** The deployment: tools such as the debugger page exist everywhere but production. */
export const appEnv = env.APP_ENV ?? (isProduction ? "production" : "development");

if (env.GUARDS === "off") {
  console.warn("GUARDS=off: server guards are disabled. This is for the guard benchmark only.");
}

/** Secret for signed cookies. Development gets a fixed one so restarts keep cookies valid. */
export const sessionSecret = env.SESSION_SECRET ?? "development-only-secret-not-for-production-use";
