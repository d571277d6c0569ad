import { z } from "zod";
import { DEV_PAYMENT_PROVIDER_SECRET } from "../../common/payment-signature.ts";

// Every variable the fake payment provider reads, parsed once at start so a typo fails loudly.
const envSchema = z
  .object({
    PAYMENT_PROVIDER_HOST: z.string().min(1).default("127.0.0.1"),
    PAYMENT_PROVIDER_PORT: z.coerce.number().int().min(0).max(65535).default(4100),
    // Where a browser reaches the hosted page (the redirect URL the platform hands the site).
    PAYMENT_PROVIDER_PUBLIC_URL: z.string().url().optional(),
    // Signs callbacks and checks the platform's requests; the platform holds the same value.
    PAYMENT_PROVIDER_SECRET: z.string().min(32, "PAYMENT_PROVIDER_SECRET must be at least 32 characters").optional(),
    // "1" mounts /__test: down, slow, callbacks repeated, out of order or withheld, re-sent.
    PAYMENT_PROVIDER_TEST_CONTROLS: z
      .enum(["0", "1"])
      .default("0")
      .transform((v) => v === "1"),
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  })
  .refine((env) => !(env.PAYMENT_PROVIDER_TEST_CONTROLS && env.NODE_ENV === "production"), {
    message: "must not be 1 when NODE_ENV is production",
    path: ["PAYMENT_PROVIDER_TEST_CONTROLS"],
  })
  .refine((env) => env.NODE_ENV !== "production" || (env.PAYMENT_PROVIDER_SECRET !== undefined && env.PAYMENT_PROVIDER_SECRET !== DEV_PAYMENT_PROVIDER_SECRET), {
    message: "is required (and not the dev default) when NODE_ENV is production",
    path: ["PAYMENT_PROVIDER_SECRET"],
  })
  .transform((env) => ({
    ...env,
    PAYMENT_PROVIDER_SECRET: env.PAYMENT_PROVIDER_SECRET ?? DEV_PAYMENT_PROVIDER_SECRET,
    PAYMENT_PROVIDER_PUBLIC_URL: (env.PAYMENT_PROVIDER_PUBLIC_URL ?? `http://127.0.0.1:${env.PAYMENT_PROVIDER_PORT}`).replace(/\/+$/, ""),
  }));

export type ProviderEnv = z.infer<typeof envSchema>;

export function parseProviderEnv(source: NodeJS.ProcessEnv = process.env): ProviderEnv {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid payment provider environment:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
