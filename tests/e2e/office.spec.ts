import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { SLOW, balanceText, money } from "../support/betting";
import { hooks } from "../support/hooks";
import { sharedStack } from "../support/shared-stack";
import { sportsGames, untilListed, homeWin } from "../support/sports-games";
import { docScreenshotPath, rowOdd, waitForHydration } from "./helpers";

// The office's money (issue 34), in a browser with JavaScript and without: a new bettor registers,
// deposits through the payment provider's hosted page, sees the balance in the header, bets,
// withdraws, and finds both payments in the payment history. The provider is the fake one the
// shared stack runs (providers/payment): its page offers success, failure, pending and cancel.

const url = (path: string) => `${sharedStack.siteUrl}${path}`;
const games = sportsGames(sharedStack.platformUrl);
const h = hooks(sharedStack.platformUrl);
let seq = 0;

async function open(page: Page, path: string, js: boolean) {
  await page.goto(url(path));
  if (js) await waitForHydration(page);
}

/**
 * Registers through the registration page (e-mail type) and lands signed in, balance 0. An
 * English visitor the geo data does not place is offered US dollars, not the site's roubles.
 */
async function register(page: Page, js: boolean) {
  const email = `office-${process.pid}-${Date.now().toString(36)}-${++seq}@example.com`;
  await open(page, "/en/registration", js);
  await expect(page.getByLabel("Currency", { exact: true })).toHaveValue("USD");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Secret123");
  await page.getByLabel(/I am at least 18 years old/).check();
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/en\/user\/accountverify$/, SLOW);
  await expect(page.getByTestId("header-balance")).toBeVisible();
  expect(money(await balanceText(page))).toBe(0);
  return email;
}

/** Fills the office's payment form and goes to the provider's page. */
async function startPayment(page: Page, js: boolean, amount: string) {
  if (js) await waitForHydration(page);
  await page.getByRole("radio", { name: /Bank card/ }).check();
  await page.getByLabel(/^Amount/).fill(amount);
  await page.getByRole("button", { name: /Continue to payment|Withdraw/ }).click();
  await expect(page).toHaveURL(/\/pay\//, SLOW);
}

for (const js of [true, false]) {
  test.describe(`the office's money with JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("a new bettor registers, deposits, bets, withdraws and finds both payments in the history", async ({ page }) => {
      test.setTimeout(120_000);
      await register(page, js);

      // The header's deposit button leads to the deposit form.
      await page.getByTestId("header-deposit").click();
      await expect(page).toHaveURL(/\/en\/office\/recharge$/);
      await expect(page.getByRole("heading", { name: "Deposit", level: 1 })).toBeVisible();
      if (js) await page.screenshot({ path: docScreenshotPath("office-recharge.png"), fullPage: true });
      await startPayment(page, js, "1000");
      if (js) await page.screenshot({ path: docScreenshotPath("provider-page.png") });
      await page.getByRole("button", { name: /^Pay / }).click();

      // Back on the site: the platform's state of the payment, credited by the provider's callback.
      await expect(page).toHaveURL(/\/en\/onpay\/success\?payment=\d+$/, SLOW);
      await expect(page.getByRole("heading", { name: "Deposit successful" })).toBeVisible();
      await expect(page.getByTestId("onpay-amount")).toContainText("1,000.00 USD");
      if (js) await page.screenshot({ path: docScreenshotPath("office-onpay-success.png") });

      // The balance in the header, on the sports pages too; then a bet of 100.
      const game = await games.homeWinAt(await games.lineGame({ startInSec: 300 }), 200);
      await untilListed(sharedStack.siteUrl, "/en/line", game);
      await open(page, "/en/line", js);
      expect(money(await balanceText(page))).toBe(100_000);
      await rowOdd(page, game, homeWin(game)).click();
      const coupon = page.getByTestId("coupon").first();
      await coupon.getByLabel("Stake, USD").fill("100");
      await coupon.getByTestId("coupon-place-button").click();
      if (!js) await expect(page).toHaveURL(/\/en\/coupon\/result\/\d+$/, SLOW);
      await expect(page.getByTestId("placed-coupon").first().getByTestId("coupon-state")).toHaveText("Accepted", SLOW);
      await expect.poll(async () => money(await balanceText(page)), SLOW).toBe(90_000);

      // A withdrawal of 500 from the account menu: reserved at once, paid out on the provider's word.
      await page.getByTestId("account-menu").locator("summary").click();
      await page.getByTestId("account-menu").getByRole("link", { name: "Withdraw" }).click();
      await expect(page).toHaveURL(/\/en\/office\/deduce$/);
      await expect(page.getByTestId("payment-available")).toHaveText("900.00 USD");
      await startPayment(page, js, "500");
      await page.getByRole("button", { name: /^Confirm payout/ }).click();
      await expect(page).toHaveURL(/\/en\/onpay\/withdraw\/success\?payment=\d+$/, SLOW);
      await expect(page.getByTestId("onpay-state")).toHaveAttribute("data-result", "success");
      // The return page is of the empty layout: the account page, one click away, has the balance.
      await page.getByRole("link", { name: "Go to my account" }).click();
      await expect(page.getByTestId("account-available")).toHaveText("400.00 USD");
      expect(money(await balanceText(page))).toBe(40_000);

      // Both payments in the history, newest first.
      await open(page, "/en/office/historypay", js);
      const rows = page.getByTestId("payment-row");
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toHaveAttribute("data-kind", "withdrawal");
      await expect(rows.nth(0)).toContainText("500.00 USD");
      await expect(rows.nth(0)).toContainText("Completed");
      await expect(rows.nth(1)).toHaveAttribute("data-kind", "deposit");
      await expect(rows.nth(1)).toContainText("1,000.00 USD");
      if (js) await page.screenshot({ path: docScreenshotPath("office-historypay.png"), fullPage: true });

      // The bet's print page carries the site's own header: its logo, address and the time printed.
      await open(page, "/en/office/history", js);
      const print = await page.getByRole("link", { name: "Print the coupon" }).first().getAttribute("href");
      await open(page, print!, js);
      await expect(page.locator(".print-coupon__header .logo__text")).toHaveText("Arena Bet");
      await expect(page.locator(".print-coupon__header")).toContainText("Printed");
      if (js) await page.screenshot({ path: docScreenshotPath("print-coupon.png") });
    });

    test("the stake never starts above the balance, and a bet refused for lack of money offers the deposit", async ({ page, context }) => {
      const { userId, token } = await h.createUser({ email: `office-low-${process.pid}-${Date.now().toString(36)}-${++seq}@example.com`, password: "Secret123", termsAccepted: true });
      await h.post("/__test/ledger/deposit", { userId, amount: 6_400 });
      await context.addCookies([{ name: "user_token", value: token, url: sharedStack.siteUrl }]);
      const game = await games.homeWinAt(await games.lineGame({ startInSec: 300 }), 200);
      await untilListed(sharedStack.siteUrl, "/en/line", game);
      await open(page, "/en/line", js);
      await rowOdd(page, game, homeWin(game)).click();
      const coupon = page.getByTestId("coupon").first();
      // 64.00 on the account: the stake starts there, not at the currency's 150.
      await expect(coupon.getByLabel("Stake, RUB")).toHaveValue("64");
      await coupon.getByLabel("Stake, RUB").fill("100");
      await coupon.getByTestId("coupon-place-button").click();
      const refusal = page.getByTestId("place-refusal").first();
      await expect(refusal).toHaveAttribute("data-code", "insufficient_balance", SLOW);
      await refusal.getByTestId("deposit-offer").getByRole("link", { name: "Top up to bet" }).click();
      await expect(page).toHaveURL(/\/en\/office\/recharge$/);
      expect(money(await balanceText(page))).toBe(6_400);
    });

    test("a declined deposit credits nothing, and a cancelled withdrawal gives the reserve back", async ({ page }) => {
      test.setTimeout(90_000);
      const email = await register(page, js);
      await open(page, "/en/office/recharge", js);
      await startPayment(page, js, "700");
      await page.getByRole("button", { name: /^Decline/ }).click();
      await expect(page).toHaveURL(/\/en\/onpay\/fail\?payment=\d+$/, SLOW);
      await expect(page.getByRole("heading", { name: "Deposit failed" })).toBeVisible();
      // Try again: the failure page leads back to the form; nothing was credited.
      await page.getByRole("link", { name: "Try again" }).click();
      await expect(page).toHaveURL(/\/en\/office\/recharge$/);
      expect(money(await balanceText(page))).toBe(0);

      // Funds through the platform's test hook, then a withdrawal the bettor cancels at the provider.
      const { rows } = (await h.post("/__test/sql", { sql: `select id from app_user where email = '${email}'` })) as { rows: Array<{ id: number }> };
      await h.post("/__test/ledger/deposit", { userId: Number(rows[0]!.id), amount: 300_000 });
      await open(page, "/en/office/deduce", js);
      await startPayment(page, js, "1000");
      await page.getByRole("button", { name: /^Cancel/ }).click();
      await expect(page).toHaveURL(/\/en\/onpay\/withdraw\/cancel\?payment=\d+$/, SLOW);
      await expect(page.getByRole("heading", { name: "Withdrawal cancelled" })).toBeVisible();
      await page.getByRole("link", { name: "Go to my account" }).click();
      await expect(page.getByTestId("account-available")).toHaveText("3,000.00 USD");

      // An amount under the method's minimum is refused on the form, in words, and nothing moves.
      await open(page, "/en/office/deduce", js);
      await page.getByLabel(/^Amount/).fill("1");
      await page.getByRole("button", { name: "Withdraw" }).click();
      await expect(page.getByText(/The smallest amount for this method is/)).toBeVisible();
      await expect(page.getByLabel(/^Amount/)).toHaveAttribute("aria-invalid", "true");
      expect(money(await balanceText(page))).toBe(300_000);
    });
  });
}

test("the account page shows the accounts and the latest payments, and the office menu marks it", async ({ page }) => {
  await register(page, true);
  await open(page, "/en/office", true);
  await expect(page).toHaveURL(/\/en\/office\/account$/);
  await expect(page.getByRole("heading", { name: "Accounts and balance", level: 1 })).toBeVisible();
  await expect(page.getByTestId("account-card")).toHaveCount(1);
  await expect(page.getByTestId("account-money")).toHaveText("0.00 USD");
  await expect(page.getByRole("navigation", { name: "Account pages" }).getByRole("link", { name: "Accounts and balance" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("No payments yet.", { exact: false })).toBeVisible();
  await page.screenshot({ path: docScreenshotPath("office-account.png"), fullPage: true });
});

// Every office page type (issue 34) passes axe in a left-to-right and a right-to-left language,
// signed in with money and both kinds of payment on record; the light theme is screenshotted too.
test("the office pages pass axe in en and ar, and the light theme draws them", async ({ page, context }) => {
  test.setTimeout(120_000);
  const { userId, token } = await h.createUser({ email: `office-axe-${process.pid}-${Date.now().toString(36)}@example.com`, password: "Secret123", termsAccepted: true });
  await h.post("/__test/ledger/deposit", { userId, amount: 500_000 });
  await context.addCookies([{ name: "user_token", value: token, url: sharedStack.siteUrl }]);
  // A withdrawal left waiting at the provider: the history and the return page show an open payment.
  await open(page, "/en/office/deduce", true);
  await startPayment(page, true, "1000");
  await page.getByRole("button", { name: /^Leave it processing/ }).click();
  await expect(page).toHaveURL(/\/en\/onpay\/withdraw\/pending\?payment=\d+$/, SLOW);
  const returnPage = new URL(page.url());
  const paths = ["/office/account", "/office/recharge", "/office/deduce", "/office/historypay", `/onpay/withdraw/pending${returnPage.search}`];
  for (const lng of ["en", "ar"]) {
    for (const path of paths) {
      await open(page, `/${lng}${path}`, true);
      await expect(page.locator("html")).toHaveAttribute("dir", lng === "ar" ? "rtl" : "ltr");
      const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
      const bad = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      expect(bad, `${lng}${path}`).toEqual([]);
    }
  }
  await open(page, "/ar/office/recharge", true);
  await page.screenshot({ path: docScreenshotPath("office-recharge-ar.png"), fullPage: true });
  // The light theme from the header's display settings.
  await open(page, "/en/office/historypay", true);
  await page.locator("summary.display-settings__summary").first().click();
  await page.locator("form.display-settings__form").first().getByLabel("Theme").selectOption("0");
  await page.locator("form.display-settings__form").first().getByRole("button").last().click();
  await expect(page.locator(".theme-light")).toHaveCount(1);
  await expect(page.getByTestId("payment-row")).toHaveCount(1);
  await expect(page.getByTestId("payment-row")).toContainText("Processing");
  await page.screenshot({ path: docScreenshotPath("office-historypay-light.png"), fullPage: true });
});
