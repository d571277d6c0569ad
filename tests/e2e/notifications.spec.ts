import { type Page, expect, test } from "@playwright/test";
import { hooks } from "../support/hooks";
import { type FeedGame } from "../support/sports-feed";
import { marketOf, sportsGames } from "../support/sports-games";
import { stackPerSuite } from "../support/stack";
import { docScreenshotPath, waitForHydration } from "./helpers";

// The site's one notification (SPEC §9, decision 037) with JavaScript: a bet of the coupon whose
// market the live simulator suspends after a goal shows "Bet locked" with its reason; when the
// market reopens at a new price, "Odds changed" with the old and the new coefficient, and that
// notification closes by itself (10 s); when it reopens at the price it had, "Bet open again".
// Each test makes a football game of its own, live in the 10th minute at 0 : 0 with the prices it
// sets, and drives it through the sports hooks with the simulator paused, so neither the day's
// catalogue nor a running clock decides what the page shows.

// A stack of its own, its simulator paused: the shared one's games are advanced by sports.spec,
// which could reopen the locked market before this file sees it locked.
const stack = stackPerSuite(test, { sports: true, beforeSite: (platformUrl) => hooks(platformUrl).pauseSimulator() });
const games = sportsGames(() => stack.platformUrl);

test.describe.configure({ mode: "serial" });

/** The game's own page, hydrated, and the home-win button of its 1X2. */
async function openGame(page: Page, game: FeedGame) {
  await page.goto(`${stack.siteUrl}/en/live/${game.sportId}/${game.champId}/${game.id}`);
  // A game page with every market is the heaviest page to hydrate.
  await waitForHydration(page, 30_000);
  const odd = page.locator(`[data-market="${marketOf(game, "1x2").id}"] button.odd`).first();
  await expect(odd).toBeEnabled();
  return odd;
}

/** A live game at 0 : 0 in the 10th minute whose home win is priced at `homeCoef` (hundredths). */
const liveGameWithHomeWinAt = async (homeCoef: number) => games.homeWinAt(await games.liveGame({ gameTimeSec: 600 }), homeCoef);

test("a bet of the coupon: locked after a goal, then its odds changed, in one notification that closes itself", async ({ page }) => {
  // 20.00 for the home win: no pairing of teams has the model price a home side that has just
  // scored that long, so the price the market reopens at after the goal is another, and shorter.
  const game = await liveGameWithHomeWinAt(2000);
  const odd = await openGame(page, game);
  await expect(odd.locator(".odd__coef")).toHaveText("20.00");
  await odd.click();
  await expect(page.getByTestId("coupon").first().getByTestId("coupon-count")).toHaveText("1");
  // Away from the corner, so the pointer does not hold the notification open.
  await page.mouse.move(0, 0);

  await games.goal(game.id, "home");
  const notification = page.getByTestId("notification");
  await expect(notification).toHaveCount(1, { timeout: 15_000 });
  await expect(notification).toHaveAttribute("data-notice", "coupon-changes");
  await expect(notification.locator(".notification__title")).toHaveText("Bet locked");
  await expect(notification).toContainText("Suspended: the market is closed for now");

  // The suspension ends (5 game seconds after a goal) and the market reopens at its new price.
  await games.advance(6);
  await expect(notification.locator(".notification__title")).toHaveText("Odds changed", { timeout: 15_000 });
  const line = notification.locator('[data-change="coef"]');
  await expect(line).toHaveCount(1);
  const [from, to] = ((await line.innerText()).match(/(\d+\.\d+) → (\d+\.\d+)/) ?? []).slice(1);
  expect(from).toBe("20.00");
  expect(Number(to)).toBeLessThan(20);
  await expect(line).toContainText(`${game.home.name} — ${game.away.name}`);
  // The coupon shows the new price too.
  await expect(page.getByTestId("coupon").first().locator(".coupon-bet__coef")).toHaveText(to!);
  await notification.screenshot({ path: docScreenshotPath("notification-odds-changed.png") });

  // Nobody closes it: it goes by itself after 10 s.
  await expect(notification).toHaveCount(0, { timeout: 15_000 });
});

test("a bet that reopens at the price it had: the lock gives way to “Bet open again”", async ({ page }) => {
  const game = await liveGameWithHomeWinAt(250);
  const odd = await openGame(page, game);
  await odd.click();
  await expect(page.getByTestId("coupon").first().getByTestId("coupon-count")).toHaveText("1");
  await page.mouse.move(0, 0);

  // A trader suspends the market, then reopens it without touching the price.
  const x12 = marketOf(game, "1x2");
  await games.setMarket(x12.id, { blocked: true });
  const notification = page.getByTestId("notification");
  await expect(notification.locator(".notification__title")).toHaveText("Bet locked", { timeout: 15_000 });
  await games.setMarket(x12.id, { blocked: false });
  await expect(notification.locator(".notification__title")).toHaveText("Bet open again", { timeout: 15_000 });
  const reopened = notification.locator('[data-change="reopened"]');
  await expect(reopened).toContainText(`${game.home.name} — ${game.away.name}`);
  await expect(reopened).toContainText("open again at 2.50");
  await expect(notification.locator('[data-change="locked"]')).toHaveCount(0);
  await expect(page.getByTestId("coupon").first().locator(".coupon-bet__coef")).toHaveText("2.50");
});

test("the close button closes a notification at once", async ({ page }) => {
  const game = await games.liveGame({ gameTimeSec: 600 });
  const odd = await openGame(page, game);
  await odd.click();
  await page.mouse.move(0, 0);
  await games.goal(game.id, "away");
  const notification = page.getByTestId("notification");
  await expect(notification).toHaveCount(1, { timeout: 15_000 });
  await notification.getByRole("button", { name: "Close the notification" }).click();
  await expect(notification).toHaveCount(0);
});
