import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// `npm run mutation` only: the unit tests of the pure security and money rules that
// stryker.config.mjs mutates, so each mutant runs in seconds rather than the whole unit suite.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: [
      "app/lib/return-to.server.test.ts",
      "app/loaders/guard-rules.test.ts",
      "platform/domain/redirect-analysis.test.ts",
      "platform/domain/client-address.test.ts",
      "app/coupon/rules.test.ts",
      // Every betting-math test, coupon-math.test.ts among them (issue 32).
      "betting-math/*.test.ts",
      "platform/domain/ledger-rules.test.ts",
      "app/forms/request-checks.test.ts",
      "app/forms/csrf.server.test.ts",
      "app/forms/remix-origin-patch.test.ts",
      "app/services/visitor.server.test.ts",
    ],
    environment: "node",
    // The property tests run thousands of cases; a busy machine must not fail them on time.
    testTimeout: 30_000,
  },
});
