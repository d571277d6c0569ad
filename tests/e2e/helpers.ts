import { type Page, expect } from "@playwright/test";

/** Waits until React has hydrated the page, so clicks reach the app and not dead HTML. */
export async function waitForHydration(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}
