import { type BrowserContext, expect, test } from "@playwright/test";
import { defaultMaintenance, hooks, untilSiteAnswers, upcomingMaintenance } from "../support/hooks";
import { stackPerSuite } from "../support/stack";
import { waitForHydration } from "./helpers";

// These tests switch site-wide settings, so they run in order on a stack of their own.
test.describe.configure({ mode: "serial" });

const stack = stackPerSuite(test, { siteEnv: { CONFIG_CACHE_SECONDS: "1" } });
const h = hooks(() => stack.platformUrl);

const url = (path: string) => `${stack.siteUrl}${path}`;
async function signIn(context: BrowserContext, token: string) {
  await context.addCookies([{ name: "user_token", value: token, url: stack.siteUrl, httpOnly: true, sameSite: "Lax" }]);
}

test("maintenance by cookie sends every page to the maintenance page", async ({ page, context }) => {
  await context.addCookies([{ name: "maintenance", value: "1", url: stack.siteUrl }]);
  await page.goto(url("/ru/rules/1"));
  await expect(page).toHaveURL(/\/ru\/maintenance$/);
  await expect(page.getByRole("heading", { name: "Технические работы" })).toBeVisible();
  await context.clearCookies({ name: "maintenance" });
  await page.getByRole("link", { name: "Проверить снова" }).click();
  await expect(page).toHaveURL(/\/ru$/);
});

test("maintenance by config: on sends visitors away, off brings them back", async ({ page }) => {
  await h.setConfig("maintenance", { ...defaultMaintenance, isActive: true, started_at: "2026-12-01T01:00:00Z", ended_at: "2026-12-01T03:00:00Z" });
  await untilSiteAnswers(stack.siteUrl, "/en", ({ location }) => location?.endsWith("/en/maintenance") ?? false);
  try {
    await page.goto(url("/en"));
    await expect(page).toHaveURL(/\/en\/maintenance$/);
    await expect(page.getByText("The server is down for maintenance from")).toBeVisible();
  } finally {
    await h.setConfig("maintenance", defaultMaintenance);
    await untilSiteAnswers(stack.siteUrl, "/en", ({ status }) => status === 200);
  }
  await page.goto(url("/en/maintenance"));
  await expect(page).toHaveURL(/\/en$/);
});

const reasons: Array<[number, string]> = [
  [4, "We are updating the site"],
  [16, "Service suspended"],
  [3, "Access restricted"],
  [1, "Access restricted"],
  [5, "Access restricted"],
  [2, "Access restricted"],
  [14, "Access restricted"],
  [13, "Browser not supported"],
  [17, "Internet Explorer is not supported"],
  [8, "Coming soon"],
];
test("each block reason shows its page", async ({ page }) => {
  for (const [reason, heading] of reasons) {
    const rule = await h.addBlockRule({ kind: "path", pattern: `/blocked-e2e-${reason}`, reason });
    try {
      await page.goto(url(`/en/blocked-e2e-${reason}`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.getByText(`Reason code: ${reason}`)).toBeVisible();
    } finally {
      await h.deleteBlockRule(rule.id);
    }
  }
});

test("a legacy URL redirects to its new page", async ({ page }) => {
  const response = await page.goto(url("/ru/user/registration.php"));
  expect(page.url()).toBe(url("/ru/registration"));
  expect(response?.status()).toBe(200);
  expect(response?.request().redirectedFrom()?.url()).toBe(url("/ru/user/registration.php"));
});

test("a feature route is 404 while its feature is unavailable", async ({ page }) => {
  await page.goto(url("/en/rules/2"));
  await expect(page.getByRole("heading", { name: "Sports betting rules" })).toBeVisible();
  await h.setConfig("availableRoutes", [52]);
  await untilSiteAnswers(stack.siteUrl, "/en/rules/2", ({ status }) => status === 404);
  try {
    const response = await page.goto(url("/en/rules/2"));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
  } finally {
    await h.setConfig("availableRoutes", [47, 52]);
    await untilSiteAnswers(stack.siteUrl, "/en/rules/2", ({ status }) => status === 200);
  }
});

test.describe("age gate with JavaScript off", () => {
  test.use({ javaScriptEnabled: false, extraHTTPHeaders: { "x-country-code": "KZ" } });

  test("must be confirmed once; a session-only answer is kept for the browser session", async ({ page, context }) => {
    await page.goto(url("/ru/rules/1"));
    const gate = page.getByRole("dialog", { name: "Подтверждение возраста" });
    await expect(gate).toBeVisible();
    await gate.getByLabel("Запомнить ответ на 3 дня на этом устройстве").uncheck();
    await gate.getByRole("button", { name: "Мне уже есть 21" }).click();
    await expect(page).toHaveURL(/\/ru\/rules\/1$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const cookie = (await context.cookies()).find((c) => c.name === "age_confirmed");
    expect(cookie?.expires).toBe(-1);
  });
});

test.describe("age gate with JavaScript on", () => {
  test.use({ extraHTTPHeaders: { "x-country-code": "KZ" } });

  test("remembers the answer for 3 days", async ({ page, context }) => {
    await page.goto(url("/en"));
    await waitForHydration(page);
    // Three days from when the answer was given, on this machine's clock (a second for rounding).
    const answered = Date.now() / 1000;
    await page.getByRole("button", { name: "I am 21 or older" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const cookie = (await context.cookies()).find((c) => c.name === "age_confirmed");
    expect(cookie?.expires).toBeGreaterThanOrEqual(answered + 3 * 86_400 - 1);
    expect(cookie?.expires).toBeLessThanOrEqual(Date.now() / 1000 + 3 * 86_400 + 1);
  });
});

test.describe("a banned user with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("lands on block-appeal and can send an appeal", async ({ page, context }) => {
    const { token } = await h.createUser({ ban_level: 2 });
    await signIn(context, token);
    await page.goto(url("/en/live"));
    await expect(page).toHaveURL(/\/en\/block-appeal-history$/);
    await page.getByLabel("Describe your situation").fill("My account was restricted by mistake, please check my documents.");
    await page.getByRole("button", { name: "Send appeal" }).click();
    await expect(page.getByText("Your appeal has been sent.")).toBeVisible();
    await expect(page.getByText("My account was restricted by mistake")).toBeVisible();
    await expect(page.getByText("Waiting")).toBeVisible();
    // Rules stay reachable at ban level 2.
    await page.goto(url("/en/rules/1"));
    await expect(page).toHaveURL(/\/en\/rules\/1$/);
  });
});

test("a banned user with JavaScript on gets a translated error for a too-short appeal", async ({ page, context }) => {
  const { token } = await h.createUser({ ban_level: 1 });
  await signIn(context, token);
  await page.goto(url("/ru"));
  await expect(page).toHaveURL(/\/ru\/block-appeal-history$/);
  await waitForHydration(page);
  await page.getByLabel("Опишите ситуацию").evaluate((el) => el.removeAttribute("minlength"));
  await page.getByLabel("Опишите ситуацию").fill("коротко");
  await page.getByRole("button", { name: "Отправить обращение" }).click();
  await expect(page.getByRole("alert")).toHaveText("Напишите от 10 до 2000 символов.");
});

test("changed terms must be accepted before the site is used", async ({ page, context }) => {
  const { token } = await h.createUser({ termsAccepted: false });
  await signIn(context, token);
  await page.goto(url("/en"));
  await expect(page).toHaveURL(/\/en\/confirm-terms$/);
  await waitForHydration(page);
  await page.getByRole("button", { name: "I accept the new terms" }).click();
  await expect(page).toHaveURL(/\/en$/);
  await page.goto(url("/en/confirm-terms"));
  await expect(page).toHaveURL(/\/en$/);
});

test("the maintenance notice shows before the window and can be closed without JavaScript", async ({ browser }) => {
  await h.setConfig("maintenance", upcomingMaintenance());
  await untilSiteAnswers(stack.siteUrl, "/en/rules/1", ({ body }) => body.includes("Planned maintenance."));
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(url("/en/rules/1"));
    await expect(page.getByRole("alert")).toContainText("Planned maintenance.");
    await page.getByRole("button", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/en\/rules\/1$/);
    await expect(page.getByRole("alert")).toHaveCount(0);
  } finally {
    await context.close();
    await h.setConfig("maintenance", defaultMaintenance);
    await untilSiteAnswers(stack.siteUrl, "/en/rules/1", ({ body }) => !body.includes("Planned maintenance."));
  }
});
