import { expect, test } from "@playwright/test";
import { sharedStack } from "../support/shared-stack";
import { sportsGames, untilListed } from "../support/sports-games";

// The display flags of the header's settings form (SPEC §3 Global user settings) with
// JavaScript off: a plain form post, kept in the guest's cookie, and the football line redrawn.

test.describe.configure({ mode: "serial" });
test.use({ javaScriptEnabled: false });

// The run's shared stack: its simulator is paused, so rows do not come and go while the test
// counts them. The row it looks at closely is a football game of its own on the line (kicking off
// in five minutes, so near the top), with its match result and total on the row, not whichever
// game the day's line lists first.
const stack = sharedStack;
const games = sportsGames(stack.platformUrl);

test("a guest without JavaScript turns on the compact view and game ids and turns off team logos", async ({ page }) => {
  const game = await games.lineGame({ startInSec: 300 });
  await untilListed(stack.siteUrl, "/en/line/1-football", game);
  await page.goto(`${stack.siteUrl}/en/line/1-football`);
  const rows = page.locator(".game-row");
  const own = page.locator(`#game-${game.id}`);
  await expect(own).toBeVisible();
  await expect(page.locator(".game-row--compact")).toHaveCount(0);
  await expect(own.locator(".team-badge")).toHaveCount(2);
  await expect(own.locator(".market-cells")).toHaveCount(2);
  await expect(page.getByTestId("game-id")).toHaveCount(0);
  const fullHeight = (await own.boundingBox())!.height;

  await page.locator("summary.display-settings__summary").first().click();
  const form = page.locator("form.display-settings__form").first();
  await form.getByLabel("Compact view").check();
  await form.getByLabel("Show game ID").check();
  await form.getByLabel("Team logos").uncheck();
  await form.getByRole("button", { name: "Apply" }).click();

  await expect(page).toHaveURL(/\/en\/line\/1-football$/);
  await expect(page.locator(".game-row--compact").first()).toBeVisible();
  expect(await page.locator(".game-row--compact").count()).toBe(await rows.count());
  await expect(own).toHaveClass(/game-row--compact/);
  await expect(own.getByTestId("game-id")).toHaveText(`ID ${game.id}`);
  await expect(page.locator(".team-badge")).toHaveCount(0);
  // One market per row, and a lower row.
  await expect(own.locator(".market-cells")).toHaveCount(1);
  expect((await own.boundingBox())!.height).toBeLessThan(fullHeight);
  // The form shows what is kept.
  await page.locator("summary.display-settings__summary").first().click();
  await expect(form.getByLabel("Compact view")).toBeChecked();
  await expect(form.getByLabel("Team logos")).not.toBeChecked();
});
