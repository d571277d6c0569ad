import { type Page, expect, test } from "@playwright/test";

/**
 * Waits until React has hydrated the page, so clicks reach the app and not dead HTML. Longer than
 * expect's 5 s: on the two shared cores a cold page can take that long to hydrate.
 */
export async function waitForHydration(page: Page, timeout = 20_000) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout });
}

/**
 * Where a screenshot meant for the docs is written: this test's folder under test-results/ on
 * every run, so a test run leaves the git tree clean; docs/screenshots/ only when
 * REFRESH_DOC_SCREENSHOTS=1 asks to refresh the pictures the docs show (README).
 */
export function docScreenshotPath(name: string): string {
  return process.env.REFRESH_DOC_SCREENSHOTS === "1" ? `docs/screenshots/${name}` : test.info().outputPath(name);
}

/**
 * The odds button of one outcome in a game's row of a list page: found by the game's and the
 * outcome's ids (a game the test made), not by its place in the list, which the day's catalogue
 * and the other tests' games decide.
 */
export function rowOdd(page: Page, game: { id: number }, outcome: { id: number }) {
  return page.locator(`#game-${game.id} button.odd[data-outcome="${outcome.id}"]`);
}
