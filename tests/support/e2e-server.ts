// The stack Playwright's webServer runs: platform on a fresh PGlite folder, then the site.
// Playwright stops it with SIGTERM (gracefulShutdown in playwright.config.ts); it then stops both
// programs and deletes its PGlite folder, so an e2e run leaves nothing in the temp directory.
import { rmSync } from "node:fs";
import { startStack } from "./stack";

const sitePort = Number(process.env.E2E_SITE_PORT ?? 3311);
const stack = await startStack({ sitePort, platformEnv: {} });
console.log(`e2e stack ready at ${stack.siteUrl} (platform ${stack.platformUrl}, data ${stack.dataDir ?? "postgres"})`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
// Last resort when the stop could not finish (a second signal, an error): the folder still goes.
process.on("exit", () => {
  if (stack.dataDir) rmSync(stack.dataDir, { recursive: true, force: true });
});
