import { type Page, expect, test } from "@playwright/test";
import { SLOW, balanceText, bettingStack, money } from "../support/betting";
import { docScreenshotPath, waitForHydration } from "./helpers";

// One-click betting (issue 14, SPEC §3/§4): the demo bettor turns it on in the coupon settings,
// a click on a coefficient places a single at once with the one-click stake (the coupon stays
// empty), the notification shows the accepted coupon's number and the header balance drops by
// the stake. Turned off again, a click fills the coupon as before. A refused one-click bet offers
// what the full coupon's refusal offers (new odds, the largest stake now) and putting the bet in
// the coupon (decision 037). The notification's screenshots go to test-results/
// (docs/screenshots/ only with REFRESH_DOC_SCREENSHOTS=1).

const { h, url, signIn } = bettingStack();

/** The one-click bet's notification in the site's notification slot. */
const oneClickNotice = (page: Page) => page.locator('[data-notice="one-click"]');
const bets = (path: string, body: unknown) => h.post(`/__test/bets${path}`, body);

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
  const status = oneClickNotice(page);
  await expect(status).toContainText(/coupon № \d+ is accepted/, SLOW);
  // The pointer on it holds it open past its 10 s while the test checks the balance.
  await status.hover();
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
  await expect(oneClickNotice(page)).toHaveCount(0);
});

test("a live one-click bet shows the delay's time left, then the accepted coupon", async ({ page }) => {
  await signIn(page);
  await turnOnOneClick(page, "10");
  await page.goto(url("/en/live"));
  await waitForHydration(page);
  await page.locator(".game-row--live button.odd:not([disabled])").first().click();
  const status = oneClickNotice(page);
  await expect(status).toContainText(/waiting for the live delay, \d s left/, SLOW);
  await expect(status).toContainText(/coupon № \d+ is accepted/, { timeout: 10_000 });
});

test("a one-click stake above the maximum is refused with the reason and what the bettor can do; nothing is placed until they choose", async ({ page }) => {
  await signIn(page);
  await turnOnOneClick(page, "99999999");
  await page.goto(url("/en/line"));
  await waitForHydration(page);
  const before = await balanceText(page);
  const odd = page.locator(".game-row button.odd:not([disabled])").first();
  const outcomeId = await odd.getAttribute("data-outcome");
  await odd.click();
  const status = oneClickNotice(page);
  await expect(status).toHaveAttribute("data-state", "refused", SLOW);
  await status.hover();
  await expect(status).toHaveAttribute("role", "alert");
  const refusal = status.getByTestId("place-refusal");
  await expect(refusal).toHaveAttribute("data-code", "amount_above_max");
  await expect(refusal).toContainText("The bet was not placed");
  // The offers of the full coupon's refusal: here the largest stake accepted now.
  await expect(refusal.getByRole("button", { name: /^Place with / })).toBeVisible();
  await status.screenshot({ path: docScreenshotPath("one-click-refused.png") });
  await page.screenshot({ path: "/tmp/notify-one-click-refused-page.png" });
  expect(await balanceText(page)).toBe(before);

  // "Put it in the coupon": the full coupon opens with the bet, to be staked there.
  await status.getByRole("button", { name: "Put it in the coupon" }).click();
  await expect(page).toHaveURL(/\/en\/coupon$/, SLOW);
  await expect(page.getByTestId("coupon").first().locator(`[data-bet="${outcomeId}"]`)).toBeVisible();
  await expect(oneClickNotice(page)).toHaveCount(0);
  expect(await balanceText(page)).toBe(before);
});

test("a one-click price change refused with the new odds is placed when the bettor accepts them in the notification", async ({ page }) => {
  await signIn(page);
  await page.goto(url("/en/coupon"));
  await waitForHydration(page);
  await page.getByLabel("When odds change").selectOption({ label: "Ask me every time" });
  await turnOnOneClick(page, "10");
  await page.goto(url("/en/line"));
  await waitForHydration(page);
  const odd = page.locator(".game-row button.odd:not([disabled]):visible").nth(4);
  const outcomeId = await odd.getAttribute("data-outcome");
  const coef = Number(await odd.locator(".odd__coef").innerText());
  const next = Math.round(coef * 100) === 150 ? 160 : 150;
  await bets(`/outcomes/${outcomeId}`, { coef: next });
  await odd.click();
  const status = oneClickNotice(page);
  await expect(status.getByTestId("place-refusal")).toHaveAttribute("data-code", "coef_changed", SLOW);
  await status.hover();
  await expect(status.getByTestId("new-coefs")).toContainText((next / 100).toFixed(2));
  await status.getByRole("button", { name: "Accept the new odds and place" }).click();
  await expect(status).toContainText(/coupon № \d+ is accepted/, SLOW);
  await expect(status.locator(".notification__title")).toHaveText("Done");
});
