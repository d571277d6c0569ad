// The set-up the browser tests of betting share (bets.spec.ts, one-click.spec.ts): a stack of the
// file's own with the sports catalogue, the demo bettor signed in through the login form, the
// header balance as a number. The simulator is paused for the whole file: a running one would
// start a line game (closing its pre-match odds) or move its price between the page and the
// click; a live game stays live through its delay. Each test bets on games of its own, made on the
// line or live at the prices it sets (`games`, tests/support/sports-games.ts), and drives them
// through the sports hooks.
import { type Page, expect, test } from "@playwright/test";
import { waitForHydration } from "../e2e/helpers";
import { hooks } from "./hooks";
import { sportsGames } from "./sports-games";
import { stackPerSuite } from "./stack";

/** Two shared cores: a placement and the page's revalidation may take a few seconds. */
export const SLOW = { timeout: 20_000 };

/**
 * A stack for this file's tests, with a live delay (2.5 s) short enough to wait out. The tests run
 * one after the other: they spend one bettor's balance and pause the shared simulator.
 */
export function bettingStack() {
  test.describe.configure({ mode: "serial" });
  const stack = stackPerSuite(test, { sports: true, platformEnv: { BET_LIVE_DELAY_MS: "2500" }, beforeSite: (platformUrl) => hooks(platformUrl).pauseSimulator() });
  return {
    stack,
    h: hooks(() => stack.platformUrl),
    games: sportsGames(() => stack.platformUrl),
    url: (path: string) => `${stack.siteUrl}${path}`,
    signIn: (page: Page, options?: { js?: boolean }) => signInAsDemoBettor(page, stack.siteUrl, options),
    /** A bettor of the test's own with `amount` minor units, signed in: for a test that spends a whole balance. */
    signInNew: (page: Page, amount: number, options?: { js?: boolean }) => signInAsNewBettor(page, stack, amount, options),
  };
}

/** Signs the seeded demo bettor in through the login form; `js: false` for a page without JavaScript (nothing hydrates). */
export async function signInAsDemoBettor(page: Page, siteUrl: string, { js = true }: { js?: boolean } = {}) {
  await signInThroughForm(page, siteUrl, { email: "player@arena.bet", password: "Player123" }, { js });
}

/** Signs a bettor in through the login form and waits for the header balance. */
export async function signInThroughForm(page: Page, siteUrl: string, who: { email: string; password: string }, { js = true }: { js?: boolean } = {}) {
  await page.goto(`${siteUrl}/en/login`);
  if (js) await waitForHydration(page);
  await page.getByLabel("E-mail, login or account ID").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByTestId("header-balance")).toBeVisible();
}

let bettors = 0;
/** A new bettor of the test's own with `amount` minor units on the main account, signed in through the login form. */
export async function signInAsNewBettor(page: Page, stack: { siteUrl: string; platformUrl: string }, amount: number, { js = true }: { js?: boolean } = {}) {
  const h = hooks(stack.platformUrl);
  const who = { email: `bettor-${process.pid}-${Date.now()}-${++bettors}@example.com`, password: "Secret123" };
  const { userId } = (await h.post("/__test/users", { ...who, email_activated: true })) as { userId: number };
  await h.post("/__test/ledger/deposit", { userId, amount });
  await signInThroughForm(page, stack.siteUrl, who, { js });
  return { userId };
}

export const balanceText = (page: Page) => page.getByTestId("header-balance-amount").first().innerText();
/** The digits of an amount as shown (grouped, with its currency) as one number, to compare amounts shown alike. */
export const money = (text: string) => Number(text.replace(/[^\d]/g, ""));
