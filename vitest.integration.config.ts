import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import SummaryReporter from "./tests/support/vitest-summary-reporter";

// Integration tests: the real platform and the built site as child processes, over HTTP.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/integration/**/*.test.ts"],
    // The stacks' PGlite templates live one run long (tests/support/stack.ts).
    globalSetup: ["tests/support/templates-teardown.ts"],
    environment: "node",
    // Vitest's own output, then the retried tests and the slowest files (tests/support/run-summary.ts).
    reporters: ["default", ...(process.env.GITHUB_ACTIONS === "true" ? ["github-actions"] : []), new SummaryReporter("integration")],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    // Each file starts its own servers, then mostly waits on them: three files at a time keep a
    // two-core machine busy without starving the servers (issue 33: CI under 20 minutes).
    maxWorkers: 3,
    minWorkers: 1,
  },
});
