import { expect, test } from "@playwright/test";
import { hooks, singleFetchValue, untilSiteAnswers } from "../support/hooks";
import { stackPerSuite } from "../support/stack";
import { waitForHydration } from "./helpers";

// The shell's timers, on a stack of their own (they change the site config) with a faked clock.
test.describe.configure({ mode: "serial" });

const stack = stackPerSuite(test, { siteEnv: { CONFIG_CACHE_SECONDS: "1" } });
const h = hooks(() => stack.platformUrl);
const url = (path: string) => `${stack.siteUrl}${path}`;

test("the registration reminder invites a guest after the delay, then not again within the interval", async ({ page }) => {
  await page.clock.install();
  await page.goto(url("/en"));
  await waitForHydration(page);
  const reminder = page.getByRole("dialog", { name: "Not with us yet?" });
  await expect(reminder).toHaveCount(0);
  // The seeded config: delay 60 s, interval 30 minutes.
  await page.clock.fastForward(61_000);
  await expect(reminder).toBeVisible();
  await reminder.getByRole("button", { name: "Close" }).click();
  await expect(reminder).toHaveCount(0);
  await page.reload();
  await waitForHydration(page);
  await page.clock.fastForward(61_000);
  await expect(reminder).toHaveCount(0);
});

test("an idle signed-in user is logged off after the configured minutes and told so on the next page", async ({ page, context }) => {
  await h.setConfig("inactiveMinutes", 1);
  await untilSiteAnswers(stack.siteUrl, "/en/rules/1.data", ({ body }) => singleFetchValue(body, "inactiveMinutes") === 1);
  try {
    const { token } = await h.createUser();
    await context.addCookies([{ name: "user_token", value: token, url: stack.siteUrl, httpOnly: true, sameSite: "Lax" }]);
    await page.clock.install();
    await page.goto(url("/en/rules/1"));
    await waitForHydration(page);
    await expect(page.getByRole("banner").getByRole("link", { name: "Log out" })).toBeVisible();
    await page.clock.fastForward(66_000);
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByRole("alert")).toContainText("You were logged out because you were inactive for too long.");
    await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
    expect((await context.cookies()).some((c) => c.name === "user_token")).toBe(false);
  } finally {
    await h.setConfig("inactiveMinutes", 30);
    await untilSiteAnswers(stack.siteUrl, "/en/rules/1.data", ({ body }) => singleFetchValue(body, "inactiveMinutes") === 30);
  }
});
