import { defineConfig } from "@playwright/test";
import { sharedPlatformPort, sharedSitePort } from "./tests/support/shared-stack";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Three browsers on two cores: the specs spend much of their time waiting (live delays, polling,
  // the site's answers), so a third worker fills the idle CPU (issue 33: CI under 20 minutes).
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  // The list, GitHub's annotations under CI, then the retried tests and the slowest spec files.
  reporter: [["list"], ...(process.env.CI ? [["github"] as ["github"]] : []), ["./tests/support/summary-reporter.ts"]],
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${sharedSitePort}`,
    trace: "retain-on-failure",
    // Headless Chromium calls itself "HeadlessChrome", which the site treats as a search bot
    // (no timers); tests browse as the person they stand for.
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
    // No test watches an animation, and the live dots' endless pulse kept an idle live page
    // repainting on software rendering: half a core per open page, 10 times the page's cost at
    // rest. The site's styles honour the setting (sports.css).
    reducedMotion: "reduce",
    launchOptions: {
      // The system Chromium; Playwright's own browser downloads are not available here.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  webServer: {
    command: "node --import tsx tests/support/e2e-server.ts",
    url: `http://127.0.0.1:${sharedSitePort}/favicon.svg`,
    reuseExistingServer: false,
    timeout: 240_000,
    env: { E2E_SITE_PORT: String(sharedSitePort), E2E_PLATFORM_PORT: String(sharedPlatformPort) },
    // SIGTERM first, so the stack stops its programs and deletes its PGlite folder (without it
    // Playwright SIGKILLs the group and the folder stays in the temp directory).
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
