import { type Page, expect, test } from "@playwright/test";
import { SLOW, balanceText, bettingStack, money } from "../support/betting";
import { homeWin, untilListed } from "../support/sports-games";
import { docScreenshotPath, rowOdd, waitForHydration } from "./helpers";

// One-click betting (issue 14, SPEC §3/§4): the demo bettor turns it on in the coupon settings,
// a click on a coefficient places a single at once with the one-click stake (the coupon stays
// empty), the notification shows the accepted coupon's number and the header balance drops by
// the stake. Turned off again, a click fills the coupon as before. A refused one-click bet offers
// what the full coupon's refusal offers (new odds, the largest stake now) and putting the bet in
// the coupon (decision 037). The notification's screenshots go to test-results/
// (docs/screenshots/ only with REFRESH_DOC_SCREENSHOTS=1). Every click is on the home win of a
// game the test made, on the line (kicking off in five minutes, so near the top of the line) or
// live, at a price it set.

const { stack, h, games, url, signIn } = bettingStack();
/** A line game of its own near the top of the line, its home win at 2.00. */
const lineGame = async () => games.homeWinAt(await games.lineGame({ startInSec: 300 }), 200);

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
  const game = await lineGame();
  await signIn(page);
  await turnOnOneClick(page, "25");

  await untilListed(stack.siteUrl, "/en/line", game);
  await page.goto(url("/en/line"));
  await waitForHydration(page);
  // The page says one click is on, and for how much, before the bettor clicks.
  await expect(page.getByTestId("one-click-mark")).toContainText("a click on odds places 25.00");
  const before = money(await balanceText(page));
  await rowOdd(page, game, homeWin(game)).click();
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
  // At the 2.00 the row showed.
  await expect(page.getByTestId("coupon-possible-win")).toContainText("50.00");

  // Turned off, a coefficient goes to the coupon again.
  await page.goto(url("/en/coupon"));
  await waitForHydration(page);
  await page.getByLabel("One-click bets").uncheck();
  await page.goto(url("/en/line"));
  await waitForHydration(page);
  await rowOdd(page, game, homeWin(game)).click();
  await expect(page.getByTestId("coupon").first().getByTestId("coupon-count")).toHaveText("1");
  await expect(page.getByTestId("coupon").first().locator(`[data-bet="${homeWin(game).id}"]`)).toBeVisible();
  await expect(oneClickNotice(page)).toHaveCount(0);
  await expect(page.getByTestId("one-click-mark")).toHaveCount(0);
});

test("a live one-click bet shows the delay's time left, then the accepted coupon", async ({ page }) => {
  // Live, 0 : 0 in the 10th minute: its football league leads the live list.
  const game = await games.liveGame({ gameTimeSec: 600 });
  await signIn(page);
  await turnOnOneClick(page, "10");
  await untilListed(stack.siteUrl, "/en/live", game);
  await page.goto(url("/en/live"));
  await waitForHydration(page);
  await rowOdd(page, game, homeWin(game)).click();
  const status = oneClickNotice(page);
  await expect(status).toContainText(/waiting for the live delay, \d s left/, SLOW);
  await expect(status).toContainText(/coupon № \d+ is accepted/, { timeout: 10_000 });
});

test("a one-click stake above the maximum is refused with the reason and what the bettor can do; nothing is placed until they choose", async ({ page }) => {
  const game = await lineGame();
  const outcomeId = homeWin(game).id;
  await signIn(page);
  await turnOnOneClick(page, "99999999");
  await untilListed(stack.siteUrl, "/en/line", game);
  await page.goto(url("/en/line"));
  await waitForHydration(page);
  const before = await balanceText(page);
  await rowOdd(page, game, homeWin(game)).click();
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
  const game = await lineGame();
  await signIn(page);
  await page.goto(url("/en/coupon"));
  await waitForHydration(page);
  await page.getByLabel("When odds change").selectOption({ label: "Ask me every time" });
  await turnOnOneClick(page, "10");
  await untilListed(stack.siteUrl, "/en/line", game);
  await page.goto(url("/en/line"));
  await waitForHydration(page);
  const odd = rowOdd(page, game, homeWin(game));
  await expect(odd.locator(".odd__coef")).toHaveText("2.00");
  // The price moves to 1.50 where the bet is placed (the platform's database), not on the page.
  await bets(`/outcomes/${homeWin(game).id}`, { coef: 150 });
  await odd.click();
  const status = oneClickNotice(page);
  await expect(status.getByTestId("place-refusal")).toHaveAttribute("data-code", "coef_changed", SLOW);
  await status.hover();
  await expect(status.getByTestId("new-coefs")).toContainText("1.50");
  await status.getByRole("button", { name: "Accept the new odds and place" }).click();
  await expect(status).toContainText(/coupon № \d+ is accepted/, SLOW);
  await expect(status.locator(".notification__title")).toHaveText("Done");
});

test("a double click, and more clicks on a slow network, on a coefficient with one-click on place one single and take one stake", async ({ page }) => {
  const game = await lineGame();
  await signIn(page);
  await turnOnOneClick(page, "25");
  await untilListed(stack.siteUrl, "/en/line", game);
  await page.goto(url("/en/line"));
  await waitForHydration(page);
  const before = money(await balanceText(page));
  const odd = rowOdd(page, game, homeWin(game));
  // An impatient bettor on a slow network: a double click, then more clicks while the bet is on
  // its way. The answer is slow, not the request: the server has each click's request at once.
  // (Slowed before the first click: a line bet answered at once would be done by the next click,
  // and a click after an accepted bet is the bettor's next bet.)
  await page.route("**/coupon/place*", async (route) => {
    const response = await route.fetch();
    await new Promise((r) => setTimeout(r, 1_500));
    await route.fulfill({ response }).catch(() => undefined);
  });
  await odd.dblclick();
  await page.waitForTimeout(150);
  await odd.click();
  await page.waitForTimeout(300);
  await odd.click();
  await expect(oneClickNotice(page)).toContainText(/coupon № \d+ is accepted/, { timeout: 30_000 });
  await page.unroute("**/coupon/place*");
  await expect.poll(async () => money(await balanceText(page)), SLOW).toBe(before - 2_500);
  const placed = (await h.post("/__test/sql", { sql: `select count(*) as n from bet_selection where outcome_id = ${homeWin(game).id}` })) as { rows: { n: string }[] };
  expect(Number(placed.rows[0]!.n)).toBe(1);
  // Turned off again for the next test of the file.
  await page.goto(url("/en/coupon"));
  await waitForHydration(page);
  await page.getByLabel("One-click bets").uncheck();
});
