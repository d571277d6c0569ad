import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import SummaryReporter from "./tests/support/vitest-summary-reporter";

// Unit tests: pure code beside its source (x.ts + x.test.ts), no servers.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "eslint-rules/**/*.test.ts", "platform/**/*.test.ts", "betting-math/**/*.test.ts", "common/**/*.test.ts"],
    environment: "node",
    // Vitest's own output, then the retried tests and the slowest files (tests/support/run-summary.ts).
    reporters: ["default", ...(process.env.GITHUB_ACTIONS === "true" ? ["github-actions"] : []), new SummaryReporter("unit")],
  },
});
