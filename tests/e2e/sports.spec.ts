import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { sharedStack } from "../support/shared-stack";
import { type FeedGame } from "../support/sports-feed";
import { homeWin, marketOf, sportsGames, untilListed } from "../support/sports-games";
import { rowOdd, waitForHydration } from "./helpers";

// A bettor on the live pages: clicking an odd puts it in the coupon (with and without
// JavaScript), and following a live game through a goal shows the market lock, reopen and the
// odds move. The simulator is paused and driven by the platform's sports test hooks.

// The run's shared stack, its simulator paused. Each test makes the games it clicks (live at
// 0 : 0 in the 10th minute, or on the line, at the prices it sets) rather than taking whatever the
// day's catalogue lists first: no other test clicks them, and nothing but the test moves them.
test.describe.configure({ mode: "serial" });
const stack = sharedStack;
const games = sportsGames(stack.platformUrl);

const url = (path: string) => `${stack.siteUrl}${path}`;
/** A game's own page (its address without slugs redirects to the canonical one). */
const gamePage = (lng: string, game: FeedGame) => url(`/${lng}/live/${game.sportId}/${game.champId}/${game.id}`);

/** A live football game of its own, 0 : 0 in the 10th minute; its football league leads the live list. */
const liveFootball = () => games.liveGame({ gameTimeSec: 600 });

/** The home win of the game's row on the list page, open. */
async function openOdd(page: Page, game: FeedGame) {
  const odd = rowOdd(page, game, homeWin(game));
  await expect(odd).toBeEnabled();
  return odd;
}

for (const js of [true, false]) {
  test.describe(`coupon with JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("a bettor opens live, clicks an odd and the coupon shows it", async ({ page }) => {
      const game = await liveFootball();
      const outcomeId = String(homeWin(game).id);
      await untilListed(stack.siteUrl, "/en/live", game);
      await page.goto(url("/en/live"));
      if (js) await waitForHydration(page);
      await (await openOdd(page, game)).click();
      const coupon = page.getByTestId("coupon").first();
      await expect(coupon.locator(`[data-bet="${outcomeId}"]`)).toBeVisible();
      await expect(coupon.getByTestId("coupon-count")).toHaveText("1");
      if (!js) {
        // Back on the same page, at the game.
        expect(new URL(page.url()).pathname).toBe("/en/live");
        expect(new URL(page.url()).hash).toBe(`#game-${game.id}`);
      }
      // A guest is asked to sign in to place it (issue 14).
      await expect(coupon.getByRole("link", { name: "Sign in to place the bet" })).toBeVisible();
      // The full coupon page shows it too.
      await page.goto(url("/en/coupon"));
      await expect(page.getByTestId("coupon").locator(`[data-bet="${outcomeId}"]`)).toBeVisible();
    });
  });
}

/** The coupon domain's chunk (app/coupon/atoms.ts), which the page loads after hydration (decision 053). */
const COUPON_DOMAIN_CHUNK = /\/build\/_shared\/atoms-[A-Z0-9]+\.js$/;

test("a click on an odd before the coupon's code has come waits for it, and adds the bet once it arrives", async ({ page }) => {
  const game = await liveFootball();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(COUPON_DOMAIN_CHUNK, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  await untilListed(stack.siteUrl, "/en/live", game);
  await page.goto(url("/en/live"));
  await waitForHydration(page);
  const odd = await openOdd(page, game);
  const outcomeId = homeWin(game).id;
  await odd.click();
  const coupon = page.getByTestId("coupon").first();
  await page.waitForTimeout(300);
  expect(asked).toBe(true);
  await expect(coupon.getByTestId("coupon-count")).toHaveText("0");
  expect(new URL(page.url()).pathname).toBe("/en/live");
  release();
  await expect(coupon.getByTestId("coupon-count")).toHaveText("1");
  await expect(coupon.locator(`[data-bet="${outcomeId}"]`)).toBeVisible();
  await expect(odd).toHaveAttribute("aria-pressed", "true");
});

test("if the coupon's code cannot load, a click on an odd posts the pick as without JavaScript", async ({ page }) => {
  const game = await liveFootball();
  await page.route(COUPON_DOMAIN_CHUNK, (route) => route.abort());
  await untilListed(stack.siteUrl, "/en/live", game);
  await page.goto(url("/en/live"));
  await waitForHydration(page);
  const odd = await openOdd(page, game);
  const outcomeId = homeWin(game).id;
  await odd.click();
  // The form's post: back on the page at the game, with the bet in the cookie's coupon.
  await expect(page).toHaveURL(url(`/en/live#game-${game.id}`));
  const coupon = page.getByTestId("coupon").first();
  await expect(coupon.getByTestId("coupon-count")).toHaveText("1");
  await expect(coupon.locator(`[data-bet="${outcomeId}"]`)).toBeVisible();
});

test("a second odd makes an express with total odds and a possible win", async ({ page }) => {
  // Two line games of its own, kicking off in five minutes (so near the top of the line), their
  // home wins at 2.00 and 1.50: the express's total is 3.00.
  const first = await games.homeWinAt(await games.lineGame({ startInSec: 300 }), 200);
  const second = await games.homeWinAt(await games.lineGame({ startInSec: 300 }), 150);
  await untilListed(stack.siteUrl, "/en/line", first, second);
  await page.goto(url("/en/line"));
  await waitForHydration(page);
  await (await openOdd(page, first)).click();
  await (await openOdd(page, second)).click();
  const coupon = page.getByTestId("coupon");
  await expect(coupon.getByTestId("coupon-count")).toHaveText("2");
  await expect(coupon.getByRole("button", { name: "Express" })).toHaveAttribute("aria-pressed", "true");
  await expect(coupon.getByTestId("coupon-coef")).toHaveText("3.00");
  await expect(coupon.getByTestId("possible-win")).toContainText("RUB");
  // The coupon survives a reload (localStorage).
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId("coupon").getByTestId("coupon-count")).toHaveText("2");
});

test("following a live game: a goal moves the score and odds, the market locks and reopens", async ({ page }) => {
  // Its home win at 20.00: no pairing of teams has the model price a home side that has just
  // scored that long, so the market reopens at another, shorter price.
  const game = await games.homeWinAt(await liveFootball(), 2000);
  await page.goto(gamePage("en", game));
  await waitForHydration(page);
  const main = page.locator(`[data-market="${marketOf(game, "1x2").id}"]`);
  const home = main.locator("button.odd").first();
  await expect(main).toBeVisible();
  await expect(home).toBeEnabled();
  await expect(page.getByTestId("score")).toHaveText("0 : 0");
  const oddsBefore = await main.locator(".odd__coef").allTextContents();
  expect(oddsBefore[0]).toBe("20.00");
  // Put the home win in the coupon: it follows the lock too.
  await expect(home).toHaveAttribute("data-outcome", String(homeWin(game).id));
  await home.click();

  await games.goal(game.id, "home");
  await expect(page.getByTestId("score")).toHaveText("1 : 0", { timeout: 10_000 });
  await expect(home).toBeDisabled({ timeout: 10_000 });
  // The market's own label (its buttons also say "suspended", to screen readers only).
  await expect(main.locator(".market__locked").first()).toHaveText("Suspended");
  await expect(page.getByTestId("coupon").locator(`[data-bet="${homeWin(game).id}"]`)).toContainText("Suspended");

  // The suspension after a goal lasts 5 game seconds.
  await games.advance(10);
  await expect(home).toBeEnabled({ timeout: 10_000 });
  const oddsAfter = (await main.locator(".odd__coef").allTextContents()).map((o) => o.replace(/[▲▼]/g, ""));
  expect(oddsAfter).not.toEqual(oddsBefore);
  expect(Number(oddsAfter[0])).toBeLessThan(20);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

  test("the quick choice of sport and the games come before the full menu, and each row names both teams above its odds", async ({ page }) => {
    await page.goto(url("/en/line/1-football"));
    const strip = page.getByRole("navigation", { name: "Quick choice of sport" });
    await expect(strip).toBeVisible();
    await expect(strip.getByRole("link", { name: /^Football \d+$/ })).toHaveAttribute("aria-current", "page");
    const row = page.locator(".game-row").first();
    const [teams, odds, menu] = await Promise.all([
      row.locator(".game-row__teams").boundingBox(),
      row.locator("button.odd").first().boundingBox(),
      page.getByRole("navigation", { name: "Sports", exact: true }).boundingBox(),
    ]);
    // Both names readable, not squeezed beside the odds: the odds sit on a line below them.
    expect(teams!.width).toBeGreaterThan(250);
    expect(odds!.y).toBeGreaterThan(teams!.y + teams!.height - 1);
    await expect(row.locator(".game-row__name").first()).not.toHaveText("");
    // The full menu (search, every sport and championship) follows the games.
    expect(menu!.y).toBeGreaterThan(odds!.y);

    // A chip leads to its sport's line.
    await strip.getByRole("link", { name: /^Tennis \d+$/ }).click();
    await expect(page).toHaveURL(/\/en\/line\/2-tennis$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tennis");
  });

  test("a live row's video mark keeps clear of its score", async ({ page }) => {
    // A game of its own has a video and, live, a score: whether one is on at this hour does not matter.
    const game = await liveFootball();
    await untilListed(stack.siteUrl, "/en/live", game);
    await page.goto(url("/en/live"));
    const row = page.locator(`#game-${game.id}`);
    await expect(row.locator(".game-row__video")).toHaveCount(1);
    await expect(row.locator(".game-row__score")).toHaveText(["0", "0"]);
    const [mark, score] = await Promise.all([row.locator(".game-row__video").boundingBox(), row.locator(".game-row__score").first().boundingBox()]);
    const apart = mark!.x >= score!.x + score!.width || mark!.x + mark!.width <= score!.x || mark!.y >= score!.y + score!.height || mark!.y + mark!.height <= score!.y;
    expect(apart).toBe(true);
  });

  test("a game's scoreboard fits a 360-pixel phone in both directions: the score on one line, the badges above the names", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const game = await liveFootball();
    for (const path of [gamePage("en", game), gamePage("ar", game)]) {
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
      const score = page.getByTestId("score");
      const [box, twoLines] = await Promise.all([score.boundingBox(), score.evaluate((el) => parseFloat(getComputedStyle(el).fontSize) * 2)]);
      // one line of the score is about 1.2 times its font size with the padding; two would be over twice
      expect(box!.height, path).toBeLessThan(twoLines);
      for (const side of ["home", "away"]) {
        const team = page.locator(`.scoreboard__team--${side}`);
        const [column, badge, name] = await Promise.all([team.boundingBox(), team.locator(".team-badge").boundingBox(), team.locator(".scoreboard__name").boundingBox()]);
        expect(badge!.y + badge!.height, `${path} ${side}`).toBeLessThanOrEqual(name!.y + 1);
        // the name stays inside its half, however long its words
        expect(name!.x, `${path} ${side}`).toBeGreaterThanOrEqual(column!.x - 1);
        expect(name!.x + name!.width, `${path} ${side}`).toBeLessThanOrEqual(column!.x + column!.width + 1);
        expect(await team.locator(".scoreboard__name").evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `${path} ${side}: text overflows`).toBe(true);
      }
    }
  });

  test("the phone layout passes axe (WCAG 2.1 AA) with no serious or critical violation, left to right and right to left", async ({ page }) => {
    for (const path of ["/en/line/1-football", "/ar/live"]) {
      await page.goto(url(path));
      const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }
  });
});

test("a wide screen shows the menu on the left and no quick choice row", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto(url("/en/line/1-football"));
  await expect(page.getByRole("navigation", { name: "Quick choice of sport" })).toBeHidden();
  const [menu, main] = await Promise.all([page.locator(".sports-layout__menu").boundingBox(), page.locator(".sports-layout__main").boundingBox()]);
  expect(menu!.x + menu!.width).toBeLessThanOrEqual(main!.x);
});

test("a top league's page offers its outright, favourites first, and an outright odd goes to the coupon without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(url("/en/epl"));
  const outright = page.locator("section.outright");
  await expect(outright.getByRole("heading", { level: 2 })).toHaveText(/^Outright: Premier League \d{4}(\/\d{2})? winner$/);
  const odds = outright.locator("button.odd");
  await expect(odds).toHaveCount(20);
  const coefs = (await outright.locator(".odd__coef").allTextContents()).map(Number);
  expect(coefs).toEqual([...coefs].sort((a, b) => a - b));
  const team = (await odds.first().locator(".odd__name").textContent())!;
  const outcomeId = await odds.first().getAttribute("data-outcome");
  await odds.first().click();
  expect(new URL(page.url()).pathname).toBe("/en/epl");
  const coupon = page.getByTestId("coupon").first();
  await expect(coupon.locator(`[data-bet="${outcomeId}"]`)).toContainText(team);
  await expect(coupon.locator(`[data-bet="${outcomeId}"]`)).toContainText("Premier League");
  await context.close();
});

test("list links navigate in the page, prefetch on a resting pointer, and leave modified clicks to the browser", async ({ page }) => {
  await page.goto(url("/en/"));
  await waitForHydration(page);
  // A mark on the window survives a navigation inside the app and not a document load.
  await page.evaluate(() => ((window as unknown as { inApp: boolean }).inApp = true));
  const row = page.locator(".game-row__teams").first();
  const href = (await row.getAttribute("href"))!;
  await row.hover();
  // Resting on the link for 100 ms prefetches its page's data, as Remix's Link does.
  await expect(page.locator(`link[rel="prefetch"][href^="${href}.data"]`)).toHaveCount(1);
  await page.mouse.move(0, 0);
  await expect(page.locator(`link[rel="prefetch"][href^="${href}.data"]`)).toHaveCount(0);
  await row.click();
  await expect(page).toHaveURL(url(href));
  await expect(page.locator("h1")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { inApp?: boolean }).inApp)).toBe(true);
  // The sports menu's links are list links too; the active sport is marked as the current page.
  const sport = page.locator(".sports-menu__list .sports-menu__item").first();
  const sportHref = (await sport.getAttribute("href"))!;
  await sport.click();
  await expect(page).toHaveURL(url(sportHref));
  await expect(page.locator(`.sports-menu__item[href="${sportHref}"]`)).toHaveAttribute("aria-current", "page");
  expect(await page.evaluate(() => (window as unknown as { inApp?: boolean }).inApp)).toBe(true);
  // A click with a modifier opens a new tab: the app leaves it to the browser and stays put.
  const before = page.url();
  const [popup] = await Promise.all([page.context().waitForEvent("page"), page.locator(".game-row__teams").first().click({ modifiers: ["Control"] })]);
  await popup.close();
  expect(page.url()).toBe(before);
});
