import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { sharedStack } from "../support/shared-stack";
import { sportsGames } from "../support/sports-games";
import { waitForHydration } from "./helpers";

// Marble racing (decision 040) on the run's shared stack, its simulator paused: the seed lists the
// next hour of races; a test starts and finishes one with the sports hooks (the race's own state,
// never the shared clock).
test.describe.configure({ mode: "serial" });
const stack = sharedStack;
const url = (path: string) => `${stack.siteUrl}${path}`;
const games = sportsGames(stack.platformUrl);

interface Race {
  id: number;
  startAtMs: number;
  runners: Array<{ lane: number; name: string; place: number | null }>;
}
async function lineRaces(): Promise<Race[]> {
  const feed = (await (await fetch(`${stack.platformUrl}/sports-api/feed/line?sport=50`)).json()) as { games: Race[] };
  return feed.games.sort((a, b) => a.startAtMs - b.startAtMs);
}

for (const js of [true, false]) {
  test(`the next races list every marble with its winner and top-3 odds, and an odd goes to the coupon (JavaScript ${js ? "on" : "off"})`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: js });
    const page = await context.newPage();
    await page.goto(url("/en/marble"));
    if (js) await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Marble racing");
    const next = page.locator("section", { has: page.getByRole("heading", { name: "Next races" }) });
    const card = next.locator(".race-card").first();
    await expect(card.locator("tbody tr")).toHaveCount(8);
    const row = card.locator("tbody tr").nth(js ? 0 : 1);
    const marble = (await row.locator(".race-runner__name").textContent())!;
    const odd = row.getByRole("button", { name: new RegExp(`^${marble}, ${js ? "Win" : "Top 3"} \\d+\\.\\d{2}$`) });
    const outcomeId = await odd.getAttribute("data-outcome");
    await odd.click();
    const coupon = page.getByTestId("coupon").first();
    await expect(coupon.locator(`[data-bet="${outcomeId}"]`)).toContainText(marble);
    await expect(coupon.getByTestId("coupon-count")).toHaveText("1");
    if (!js) {
      // Back on the page, at the race.
      expect(new URL(page.url()).pathname).toBe("/en/marble");
      expect(new URL(page.url()).hash).toMatch(/^#game-\d+$/);
    }
    await context.close();
  });
}

test("a race on the track shows its clock and the field by position; at the line it moves to the results with its podium", async ({ page }) => {
  const race = (await lineRaces()).at(-1)!;
  await games.setState(race.id, { status: 2 });
  await games.setState(race.id, { gameTimeSec: 25 });
  await page.goto(url("/en/marble"));
  await waitForHydration(page);
  const live = page.locator(`#game-${race.id}`);
  await expect(live.getByTestId("race-clock")).toContainText("0:25");
  await expect(live.getByRole("img", { name: /% of the track$/ })).toHaveCount(8);
  // Rows keep their lanes while the race runs; each shows its position.
  await expect(live.locator("tbody tr").first()).toHaveAttribute("data-lane", "1");
  await expect(live.locator(".race-place").filter({ hasText: /^1$/ })).toHaveCount(1);

  // The race is run to the end: the live poll drops it and the page reads the results anew.
  await games.setState(race.id, { gameTimeSec: 400 });
  const results = page.locator("section", { has: page.getByRole("heading", { name: "Latest results" }) });
  const done = results.locator(`#game-${race.id}`);
  await expect(done).toBeVisible({ timeout: 15_000 });
  await expect(done).toContainText("Finished");
  await expect(done.locator(".race-place--1")).toHaveCount(1);
  await expect(done.locator("tbody tr").first()).toHaveAttribute("data-place", "1");
  // Its race only: the run's start (openOutrights' steps) can have put another race on the track.
  await expect(page.locator(`#game-${race.id}.race-card--live`)).toHaveCount(0);
});

test("the marble page passes axe (WCAG 2.1 AA) with a race running, left to right and right to left", async ({ page }) => {
  test.setTimeout(150_000);
  const race = (await lineRaces()).at(-1)!;
  await games.setState(race.id, { status: 2 });
  await games.setState(race.id, { gameTimeSec: 30 });
  try {
    for (const path of ["/en/marble", "/ar/marble"]) {
      await page.goto(url(path));
      // Its race on the track; another may be there too (the run's start can put one there).
      await expect(page.locator(`#game-${race.id}.race-card--live`)).toHaveCount(1);
      const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }
  } finally {
    // A retry must not find this race still on the track.
    await games.setState(race.id, { gameTimeSec: 400 });
  }
});
