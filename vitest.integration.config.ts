import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Integration tests: the real platform and the built site as child processes, over HTTP.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/integration/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 240_000,
    // Each file starts its own servers; two at a time suits a two-core machine.
    maxWorkers: 2,
    minWorkers: 1,
  },
});
