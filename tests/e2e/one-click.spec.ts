import { type Page, expect, test } from "@playwright/test";
import { SLOW, balanceText, bettingStack, money, withSimulatorPaused } from "../support/betting";
import { docScreenshotPath, waitForHydration } from "./helpers";

// One-click betting (issue 14, SPEC §3/§4): the demo bettor turns it on in the coupon settings,
// a click on a coefficient places a single at once with the one-click stake (the coupon stays
// empty), the notification shows the accepted coupon's number and the header balance drops by
// the stake. Turned off again, a click fills the coupon as before. The notification's screenshot
// goes to test-results/ (docs/screenshots/ only with REFRESH_DOC_SCREENSHOTS=1).

const { h, url, signIn } = bettingStack();

async function turnOnOneClick(page: Page, stake: string) {
  await page.goto(url("/en/coupon"));
  await waitForHydration(page);
  await page.getByLabel("One-click bets").check();
  await page.getByLabel(/One-click stake/).fill(stake);
}

test("one-click on: a click on a coefficient places a single at once and the balance drops; off: the click fills the coupon", async ({ page }) => {
  await signIn(page);
  await turnOnOneClick(page, "25");

  await page.goto(url("/en/line"));
  await waitForHydration(page);
  const before = money(await balanceText(page));
  await page.locator(".game-row button.odd:not([disabled])").first().click();
  const status = page.getByTestId("one-click-status");
  await expect(status).toContainText(/coupon № \d+ is accepted/, SLOW);
  await expect(status).toHaveAttribute("data-state", "open");
  // Placed, not added: the coupon stays empty.
  await expect(page.getByTestId("coupon").first().getByTestId("coupon-count")).toHaveText("0");
  await expect.poll(async () => money(await balanceText(page)), SLOW).toBeLessThan(before);
  const after = money(await balanceText(page));
  await status.screenshot({ path: docScreenshotPath("one-click-status.png") });

  // The placed coupon is a single of the one-click stake, exactly what left the balance.
  await status.getByRole("link", { name: "Open the coupon" }).click();
  await expect(page.getByTestId("coupon-state")).toHaveText("Accepted", SLOW);
  await expect(page.getByTestId("placed-selection")).toHaveCount(1);
  expect(before - after).toBe(money(await page.getByTestId("coupon-amount").innerText()));
  await expect(page.getByTestId("coupon-amount")).toContainText("25");

  // Turned off, a coefficient goes to the coupon again.
  await page.goto(url("/en/coupon"));
  await waitForHydration(page);
  await page.getByLabel("One-click bets").uncheck();
  await page.goto(url("/en/line"));
  await waitForHydration(page);
  await page.locator(".game-row button.odd:not([disabled])").first().click();
  await expect(page.getByTestId("coupon").first().getByTestId("coupon-count")).toHaveText("1");
  await expect(page.getByTestId("one-click-status")).toHaveCount(0);
});

test("a live one-click bet shows the delay's time left, then the accepted coupon", async ({ page }) => {
  await withSimulatorPaused(h, async () => {
    await signIn(page);
    await turnOnOneClick(page, "10");
    await page.goto(url("/en/live"));
    await waitForHydration(page);
    await page.locator(".game-row--live button.odd:not([disabled])").first().click();
    const status = page.getByTestId("one-click-status");
    await expect(status).toContainText(/waiting for the live delay, \d s left/, SLOW);
    await expect(status).toContainText(/coupon № \d+ is accepted/, { timeout: 10_000 });
  });
});

test("a one-click stake above the balance is refused with the translated reason and nothing is placed", async ({ page }) => {
  await signIn(page);
  await turnOnOneClick(page, "99999999");
  await page.goto(url("/en/line"));
  await waitForHydration(page);
  const before = await balanceText(page);
  await page.locator(".game-row button.odd:not([disabled])").first().click();
  const status = page.getByTestId("one-click-status");
  await expect(status).toContainText("The bet is not placed:", SLOW);
  await expect(status).toHaveAttribute("data-state", "refused");
  await expect(status.getByRole("link")).toHaveCount(0);
  await status.screenshot({ path: docScreenshotPath("one-click-refused.png") });
  expect(await balanceText(page)).toBe(before);
});
