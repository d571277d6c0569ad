import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Unit tests: pure code beside its source (x.ts + x.test.ts), no servers.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "platform/**/*.test.ts", "betting-math/**/*.test.ts", "common/**/*.test.ts"],
    environment: "node",
  },
});
