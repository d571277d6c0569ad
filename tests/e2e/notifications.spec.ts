import { type Page, expect, test } from "@playwright/test";
import { hooks } from "../support/hooks";
import { stackPerSuite } from "../support/stack";
import { docScreenshotPath, waitForHydration } from "./helpers";

// The site's one notification (SPEC §9, decision 037) with JavaScript: a bet of the coupon whose
// market the live simulator suspends after a goal shows "Bet locked" with its reason; when the
// market reopens at a new price, "Odds changed" with the old and the new coefficient, and that
// notification closes by itself (10 s). The simulator is paused and driven through its test
// hooks, so nothing else moves the prices meanwhile.

// A stack of its own, its simulator paused: the shared one's games are advanced by sports.spec,
// which could reopen the locked market before this file sees it locked.
const stack = stackPerSuite(test, { sports: true, beforeSite: (platformUrl) => hooks(platformUrl).pauseSimulator() });

test.describe.configure({ mode: "serial" });

const url = (path: string) => `${stack.siteUrl}${path}`;
const hook = async (path: string, body: unknown = {}) => {
  const res = await fetch(`${stack.platformUrl}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
};

interface FeedGame {
  id: number;
  markets: Array<{ id: number; type: string; blocked: boolean }>;
}

/** A football game kicked off now by the sports hook (the clock paused), opened on its own page. */
async function openLiveFootball(page: Page) {
  const feed = (await (await fetch(`${stack.platformUrl}/sports-api/feed/line?sport=1`)).json()) as { games: FeedGame[] };
  const line = feed.games.find((g) => g.markets.some((m) => !m.blocked && m.type === "1x2"));
  if (!line) throw new Error("no open line football game");
  await hook(`/__test/sports/games/${line.id}/state`, { status: 2, gameTimeSec: 600 });
  await page.goto(url(`/en/live/1/1/${line.id}`));
  // A game page with every market is the heaviest page to hydrate.
  await waitForHydration(page, 30_000);
  const main = page.locator(`[data-market="${line.markets.find((m) => !m.blocked && m.type === "1x2")!.id}"]`);
  await expect(main.locator("button.odd").first()).toBeEnabled();
  return { gameId: line.id, odd: main.locator("button.odd").first() };
}

test("a bet of the coupon: locked after a goal, then its odds changed, in one notification that closes itself", async ({ page }) => {
  await hook("/__test/sports/pause");
  try {
    // The first outcome of the 1X2 is the home win: a home goal moves it.
    const { gameId, odd } = await openLiveFootball(page);
    const before = (await odd.locator(".odd__coef").innerText()).replace(/[▲▼]/g, "").trim();
    await odd.click();
    await expect(page.getByTestId("coupon").first().getByTestId("coupon-count")).toHaveText("1");
    // Away from the corner, so the pointer does not hold the notification open.
    await page.mouse.move(0, 0);

    await hook(`/__test/sports/games/${gameId}/goal`, { side: "home" });
    const notification = page.getByTestId("notification");
    await expect(notification).toHaveCount(1, { timeout: 15_000 });
    await expect(notification).toHaveAttribute("data-notice", "coupon-changes");
    await expect(notification.locator(".notification__title")).toHaveText("Bet locked");
    await expect(notification).toContainText("Suspended: the market is closed for now");

    // The suspension ends (5 game seconds after a goal) and the market reopens at its new price.
    await hook("/__test/sports/advance", { seconds: 6 });
    await expect(notification.locator(".notification__title")).toHaveText("Odds changed", { timeout: 15_000 });
    const line = notification.locator('[data-change="coef"]');
    await expect(line).toHaveCount(1);
    const [from, to] = ((await line.innerText()).match(/(\d+\.\d+) → (\d+\.\d+)/) ?? []).slice(1);
    expect(from).toBe(before);
    expect(to).not.toBe(before);
    // The coupon shows the new price too.
    await expect(page.getByTestId("coupon").first().locator(".coupon-bet__coef")).toHaveText(to!);
    await notification.screenshot({ path: docScreenshotPath("notification-odds-changed.png") });
    await page.screenshot({ path: "/tmp/notify-odds-changed-page.png" });

    // Nobody closes it: it goes by itself after 10 s.
    await expect(notification).toHaveCount(0, { timeout: 15_000 });
  } finally {
    await hook("/__test/sports/resume");
  }
});

test("the close button closes a notification at once", async ({ page }) => {
  await hook("/__test/sports/pause");
  try {
    const { gameId, odd } = await openLiveFootball(page);
    await odd.click();
    await page.mouse.move(0, 0);
    await hook(`/__test/sports/games/${gameId}/goal`, { side: "away" });
    const notification = page.getByTestId("notification");
    await expect(notification).toHaveCount(1, { timeout: 15_000 });
    await notification.getByRole("button", { name: "Close the notification" }).click();
    await expect(notification).toHaveCount(0);
  } finally {
    await hook("/__test/sports/resume");
  }
});
