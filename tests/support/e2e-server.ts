// The stack Playwright's webServer runs (tests/support/shared-stack.ts): the fake payment provider,
// the platform on a fresh PGlite folder, its live simulator paused, then the site.
// Playwright stops it with SIGTERM (gracefulShutdown in playwright.config.ts); it then stops both
// programs and deletes its PGlite folder, so an e2e run leaves nothing in the temp directory.
import { rmSync } from "node:fs";
import { hooks } from "./hooks";
import { sharedPlatformPort, sharedProviderPort, sharedSitePort } from "./shared-stack";
import { startStack } from "./stack";

const starting = startStack({
  sitePort: sharedSitePort,
  platformPort: sharedPlatformPort,
  sports: true,
  // Deposits and withdrawals go through the provider's hosted page.
  payments: true,
  providerPort: sharedProviderPort,
  // The browser suite runs the site as production does.
  guardCache: true,
  // Paused before the site answers, so no test sees it moving; every outright open, whatever
  // the time of day the run starts.
  beforeSite: async (platformUrl) => {
    await hooks(platformUrl).pauseSimulator();
    await hooks(platformUrl).openOutrights();
  },
});
let dataDir: string | null = null;

// Installed before anything is printed, so a stop that arrives early is still a clean one: it
// waits for the start to finish, then stops what was started.
let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  const stack = await starting.catch(() => undefined);
  await stack?.stop();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
// Last resort when the stop could not finish (a second signal, an error): the folder still goes.
process.on("exit", () => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const stack = await starting;
dataDir = stack.dataDir;
console.log(`e2e stack ready at ${stack.siteUrl} (platform ${stack.platformUrl}, payment provider ${stack.providerUrl}, data ${stack.dataDir ?? "postgres"})`);
