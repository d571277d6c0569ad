import { expect, test } from "@playwright/test";
import { sharedStack } from "../support/shared-stack";

// The display flags of the header's settings form (SPEC §3 Global user settings) with
// JavaScript off: a plain form post, kept in the guest's cookie, and the football line redrawn.

test.describe.configure({ mode: "serial" });
test.use({ javaScriptEnabled: false });

// The run's shared stack: its simulator is paused, so rows do not come and go while the test
// counts them.
const stack = sharedStack;

test("a guest without JavaScript turns on the compact view and game ids and turns off team logos", async ({ page }) => {
  await page.goto(`${stack.siteUrl}/en/line/1-football`);
  const rows = page.locator(".game-row");
  await expect(rows.first()).toBeVisible();
  await expect(page.locator(".game-row--compact")).toHaveCount(0);
  await expect(rows.first().locator(".team-badge")).toHaveCount(2);
  await expect(page.getByTestId("game-id")).toHaveCount(0);
  const fullHeight = (await rows.first().boundingBox())!.height;

  await page.locator("summary.display-settings__summary").first().click();
  const form = page.locator("form.display-settings__form").first();
  await form.getByLabel("Compact view").check();
  await form.getByLabel("Show game ID").check();
  await form.getByLabel("Team logos").uncheck();
  await form.getByRole("button", { name: "Apply" }).click();

  await expect(page).toHaveURL(/\/en\/line\/1-football$/);
  await expect(page.locator(".game-row--compact").first()).toBeVisible();
  expect(await page.locator(".game-row--compact").count()).toBe(await rows.count());
  const first = rows.first();
  const id = await first.getAttribute("data-game");
  await expect(first.getByTestId("game-id")).toHaveText(`ID ${id}`);
  await expect(page.locator(".team-badge")).toHaveCount(0);
  // One market per row, and a lower row.
  await expect(first.locator(".market-cells")).toHaveCount(1);
  expect((await first.boundingBox())!.height).toBeLessThan(fullHeight);
  // The form shows what is kept.
  await page.locator("summary.display-settings__summary").first().click();
  await expect(form.getByLabel("Compact view")).toBeChecked();
  await expect(form.getByLabel("Team logos")).not.toBeChecked();
});
