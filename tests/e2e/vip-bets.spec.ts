import { type Browser, type Page, expect, test } from "@playwright/test";
import { hooks } from "../support/hooks";
import { sharedStack } from "../support/shared-stack";
import { homeWin, sportsGames, untilListed } from "../support/sports-games";
import { rowOdd, waitForHydration } from "./helpers";

// Sending a VIP bet (SPEC §5, decision 035) in a browser, with JavaScript and without: a stake
// above the maximum is refused with the offer to send it as a VIP bet; sent, it waits for
// approval with its stake held; an ops user approves it in the console and the bettor's coupon
// is accepted.

// The run's shared stack (its simulator paused: the game bet on does not start between the page
// and the approval); every test signs up a bettor of its own and bets on a line game of its own.
const stack = sharedStack;
test.describe.configure({ mode: "serial", timeout: 120_000 });
const SLOW = { timeout: 20_000 };

const url = (path: string) => `${stack.siteUrl}${path}`;
const h = hooks(stack.platformUrl);
const games = sportsGames(stack.platformUrl);

let counter = 0;
/** A new user with a password (and money), signed in through the login form. */
async function signUp(page: Page, js: boolean, user: Record<string, unknown> = {}, deposit = 0) {
  const email = `vip-e2e-${Date.now()}-${++counter}@example.com`;
  const { userId } = (await h.post("/__test/users", { email, password: "Secret123", email_activated: true, ...user })) as { userId: number };
  if (deposit) await h.post("/__test/ledger/deposit", { userId, amount: deposit });
  await page.goto(url("/en/login"));
  if (js) await waitForHydration(page, SLOW.timeout);
  await page.getByLabel("E-mail, login or account ID").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Secret123");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("link", { name: /Log in/ })).toHaveCount(0, SLOW);
}

/** Approves the coupon in the ops console as a new ops user, in a browser of its own. */
async function approveInConsole(browser: Browser, couponNumber: string) {
  const context = await browser.newContext();
  const ops = await context.newPage();
  await signUp(ops, true, { roles: ["player", "ops"] });
  await ops.goto(url("/ops/vip-bets"));
  // A click while the page hydrates can be lost (CI saw it once): wait, as the guide says.
  await waitForHydration(ops, SLOW.timeout);
  const card = ops.locator(`[data-testid="vip-coupon"][data-coupon-id="${couponNumber}"]`);
  await expect(card.getByTestId("vip-amount")).toContainText("150,000.00");
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(ops.getByTestId("vip-done")).toHaveText(`Coupon № ${couponNumber} is approved.`, SLOW);
  await context.close();
}

/** A pre-match bet in the coupon with a stake above the single's maximum (100,000 RUB). */
async function couponAboveMax(page: Page, js: boolean) {
  // Kicking off in five minutes: near the top of the line.
  const game = await games.lineGame({ startInSec: 300 });
  await untilListed(stack.siteUrl, "/en/line", game);
  await page.goto(url("/en/line"));
  if (js) await waitForHydration(page, SLOW.timeout);
  await rowOdd(page, game, homeWin(game)).click();
  const coupon = page.getByTestId("coupon").first();
  await expect(coupon.getByTestId("coupon-count")).toHaveText("1");
  await coupon.getByLabel("Stake, RUB").fill("150000");
  await coupon.getByTestId("coupon-place-button").click();
  return coupon;
}

test("with JavaScript: the refusal offers a VIP bet, it waits for approval, and is accepted once ops approve it", async ({ page, browser }) => {
  await signUp(page, true, {}, 100_000_000);
  const coupon = await couponAboveMax(page, true);
  const refusal = coupon.getByTestId("place-refusal");
  await expect(refusal).toHaveAttribute("data-code", "amount_above_max", SLOW);
  await refusal.getByRole("button", { name: "Send as a VIP bet for approval" }).click();
  const outcome = coupon.getByTestId("coupon-outcome");
  await expect(outcome.getByText("The VIP bet is sent for approval.")).toBeVisible(SLOW);
  await expect(outcome.getByTestId("coupon-state")).toHaveText("Waiting for approval");
  const number = (await outcome.getByRole("heading", { name: /Coupon № \d+/ }).innerText()).match(/\d+/)![0];

  await approveInConsole(browser, number);
  await page.goto(url(`/en/coupon/result/${number}`));
  await expect(page.getByTestId("coupon-state")).toHaveText("Accepted");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the refusal page offers a VIP bet; sent, its result page says it waits for approval", async ({ page }) => {
    await signUp(page, false, {}, 100_000_000);
    await couponAboveMax(page, false);
    await expect(page).toHaveURL(/\/en\/coupon\/place$/, SLOW);
    await expect(page.getByTestId("place-refusal")).toHaveAttribute("data-code", "amount_above_max");
    await page.getByRole("button", { name: "Send as a VIP bet for approval" }).click();
    await expect(page).toHaveURL(/\/en\/coupon\/result\/\d+$/, SLOW);
    await expect(page.getByText("The VIP bet is sent for approval.")).toBeVisible();
    await expect(page.getByTestId("coupon-state")).toHaveText("Waiting for approval");
    await expect(page.getByTestId("coupon-approval")).toBeVisible();
    // the history lists it among the coupons waiting for approval
    await page.goto(url("/en/office/history?status=approval&period=all"));
    await expect(page.getByTestId("placed-coupon")).toHaveCount(1);
  });
});

// The coupon setting "VIP bet" (SPEC §3 isVipBet): with it on, a stake above the maximum goes for
// approval at once instead of being refused first; with JavaScript the setting lives in the
// browser, without it in the coupon-settings cookie the panel's form writes.
for (const js of [true, false]) {
  test.describe(`the VIP bet setting with JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });
    test("a stake above the maximum is sent for approval without a refusal first", async ({ page }) => {
      await signUp(page, js, {}, 100_000_000);
      await page.goto(url("/en/coupon"));
      if (js) await waitForHydration(page, SLOW.timeout);
      const panel = page.getByTestId("coupon-settings");
      if (js) await expect(panel).toHaveAttribute("data-ready", "true");
      await panel.getByLabel("Send a stake above the maximum as a VIP bet for approval").check();
      if (!js) await panel.getByRole("button", { name: "Save settings" }).click();
      await couponAboveMax(page, js);
      if (!js) await expect(page).toHaveURL(/\/en\/coupon\/result\/\d+$/, SLOW);
      await expect(page.getByText("The VIP bet is sent for approval.")).toBeVisible(SLOW);
      await expect(page.getByTestId("coupon-state").first()).toHaveText("Waiting for approval");
      await expect(page.getByTestId("place-refusal")).toHaveCount(0);
    });
  });
}
