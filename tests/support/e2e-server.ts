// The stack Playwright's webServer runs: platform on a fresh PGlite folder, then the site.
import { startStack } from "./stack";

const sitePort = Number(process.env.E2E_SITE_PORT ?? 3311);
const stack = await startStack({ sitePort, platformEnv: {} });
console.log(`e2e stack ready at ${stack.siteUrl} (platform ${stack.platformUrl})`);

const shutdown = async () => {
  await stack.stop();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
