// Every page of the route table in all nine languages, for a guest and a signed-in player, checked
// for clean UTF-8 ending in </body></html> (issue 11). CI runs the same test in ru, en and ar; this
// is the full sweep. Needs the build.
import { spawnSync } from "node:child_process";

const started = Date.now();
const run = spawnSync("npx", ["vitest", "run", "--config", "vitest.integration.config.ts", "tests/integration/byte-exact-pages.test.ts"], {
  stdio: "inherit",
  env: { ...process.env, BYTE_EXACT_ALL: "1" },
});
console.log(`byte-exact (all languages): ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(run.status ?? 1);
