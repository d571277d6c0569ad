import { expect, test } from "@playwright/test";
import { untilSiteAnswers } from "../support/hooks";
import { type Stack, startStack } from "../support/stack";

// Its own platform and site, so stopping the platform does not disturb other tests. The config
// copy lasts a second and is not served past it (CONFIG_STALE_SECONDS=0; decision 020 serves it
// 15 minutes longer in production, which tests/integration/no-site-config.test.ts covers).
test.describe("without the platform", () => {
  let stack: Stack;
  test.beforeAll(async () => {
    stack = await startStack({ siteEnv: { CONFIG_CACHE_SECONDS: "1", CONFIG_STALE_SECONDS: "0" } });
  });
  test.afterAll(async () => {
    await stack?.stop();
  });

  test("the site shows the 'no site config' page, then serves normally after the platform restarts", async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(`${stack.siteUrl}/en`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    await stack.stopPlatform();
    // Until the cached config (one second here) has run out and the site had to ask for it.
    await untilSiteAnswers(stack.siteUrl, "/en", ({ status }) => status === 500, { timeoutMs: 40_000 });
    const down = await page.goto(`${stack.siteUrl}/en`);
    expect(down?.status()).toBe(500);
    await expect(page.getByRole("heading", { name: "The site is temporarily unavailable" })).toBeVisible();

    await stack.startPlatform();
    await page.getByRole("link", { name: "Refresh the page" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sports betting and casino online");
  });
});
