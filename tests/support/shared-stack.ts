// The one stack Playwright's webServer starts for the whole e2e run (tests/support/e2e-server.ts):
// the site on E2E_SITE_PORT (3311), the platform on E2E_PLATFORM_PORT (the next port) and the fake
// payment provider on E2E_PROVIDER_PORT (the one after), with
// the sports catalogue and its live simulator paused, so pages stand still under a check and a
// test that needs a game to move drives it through the sports hooks. A spec whose tests spend a
// shared account or change site-wide settings starts a stack of its own instead (stackPerSuite).

export const sharedSitePort = Number(process.env.E2E_SITE_PORT ?? 3311);
export const sharedPlatformPort = Number(process.env.E2E_PLATFORM_PORT ?? sharedSitePort + 1);
/** The fake payment provider's port (its test controls on), the port after the platform's. */
export const sharedProviderPort = Number(process.env.E2E_PROVIDER_PORT ?? sharedPlatformPort + 1);

export const sharedStack = {
  siteUrl: `http://127.0.0.1:${sharedSitePort}`,
  platformUrl: `http://127.0.0.1:${sharedPlatformPort}`,
  providerUrl: `http://127.0.0.1:${sharedProviderPort}`,
};
