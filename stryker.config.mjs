// Mutation testing (`npm run mutation`, decision 033): outside `npm test` and CI, since one run
// takes minutes. It breaks the pure functions that guard security and money on purpose and
// checks that a unit test notices each break. The rate limits themselves are SQL and are
// covered by tests/integration/platform-auth-limits.test.ts instead; what is mutated here is
// the address they are keyed by.
/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts" },
  plugins: ["@stryker-mutator/vitest-runner"],
  mutate: [
    "app/lib/return-to.server.ts",
    "app/loaders/guard-rules.ts",
    "platform/domain/redirect-analysis.ts",
    "platform/domain/client-address.ts",
    "betting-math/settlement.ts",
    "app/coupon/rules.ts",
  ],
  coverageAnalysis: "perTest",
  // Two cores shared with the site, the platform and the other test suites.
  concurrency: 1,
  reporters: ["clear-text", "progress", "html"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  tempDirName: ".stryker-tmp",
  thresholds: { high: 90, low: 80, break: null },
};
