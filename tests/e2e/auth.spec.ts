import { type Page, expect, test } from "@playwright/test";
import { hooks } from "../support/hooks";
import { type Stack, startStack } from "../support/stack";
import { waitForHydration } from "./helpers";

let stack: Stack;
let h: ReturnType<typeof hooks>;
test.beforeAll(async () => {
  stack = await startStack();
  h = hooks(stack.platformUrl);
});
test.afterAll(async () => {
  await stack?.stop();
});

const url = (path: string) => `${stack.siteUrl}${path}`;
let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now()}-${++seq}`;
const phoneNumber = () => `9${String(Date.now()).slice(-6)}${String(++seq).padStart(3, "0")}`;

async function expectSignedIn(page: Page) {
  await expect(page.getByRole("banner").getByRole("link", { name: "Log out" })).toBeVisible();
}
const latestCode = (to: string) => h.outboxCode(to);

for (const js of [false, true]) {
  test.describe(`login with JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("by e-mail and password", async ({ page }) => {
      const email = `${unique("pw")}@example.com`;
      await h.createUser({ email, password: "Secret123" });
      await page.goto(url("/en/login"));
      if (js) await waitForHydration(page);
      await page.getByLabel("E-mail, login or account ID").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("Secret123");
      await page.getByRole("button", { name: "Log in" }).click();
      await expect(page).toHaveURL(/\/en$/);
      await expectSignedIn(page);
    });

    test("by phone and password", async ({ page }) => {
      const phone = phoneNumber();
      await h.createUser({ phone_number: phone, phone_code: "7", password: "Secret123" });
      await page.goto(url("/en/login?form=phone_password"));
      if (js) await waitForHydration(page);
      await page.getByLabel("Code", { exact: true }).selectOption("7");
      await page.getByLabel("Phone number").fill(phone);
      await page.getByLabel("Password", { exact: true }).fill("Secret123");
      await page.getByRole("button", { name: "Log in" }).click();
      await expectSignedIn(page);
    });

    test("by SMS code read from the outbox", async ({ page }) => {
      const phone = phoneNumber();
      await h.createUser({ phone_number: phone, phone_code: "7", password: "Secret123" });
      await page.goto(url("/en/login?form=sms"));
      if (js) await waitForHydration(page);
      await page.getByLabel("Code", { exact: true }).selectOption("7");
      await page.getByLabel("Phone number").fill(phone);
      await page.getByRole("button", { name: "Send code" }).click();
      await expect(page.getByText("We have sent a code to your phone.")).toBeVisible();
      await page.getByLabel("Code from the SMS").fill(await latestCode(`+7${phone}`));
      await page.getByRole("button", { name: "Log in" }).click();
      await expectSignedIn(page);
    });

    test("with a two-step code", async ({ page }) => {
      const email = `${unique("2fa")}@example.com`;
      await h.createUser({ email, password: "Secret123", two_factor_enabled: true });
      await page.goto(url("/en/login?form=login_password_two_step_code"));
      if (js) await waitForHydration(page);
      await page.getByLabel("E-mail, login or account ID").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("Secret123");
      await page.getByRole("button", { name: "Log in" }).click();
      await expect(page.getByText("We have sent a confirmation code to your e-mail.")).toBeVisible();
      await page.getByLabel("Confirmation code").fill(await latestCode(email));
      await page.getByRole("button", { name: "Log in" }).click();
      await expectSignedIn(page);
    });

    test("logout asks first, then signs out", async ({ page, context }) => {
      const { token } = await h.createUser();
      await context.addCookies([{ name: "user_token", value: token, url: stack.siteUrl, httpOnly: true, sameSite: "Lax" }]);
      await page.goto(url("/en/rules/1"));
      if (js) await waitForHydration(page);
      await page.getByRole("banner").getByRole("link", { name: "Log out" }).click();
      if (js) {
        const dialog = page.getByRole("dialog", { name: "Are you sure you want to log out?" });
        await expect(dialog).toBeVisible();
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await expect(dialog).toHaveCount(0);
        await page.getByRole("banner").getByRole("link", { name: "Log out" }).click();
        await page.getByRole("dialog").getByRole("button", { name: "Log out" }).click();
      } else {
        await expect(page.getByRole("heading", { name: "Are you sure you want to log out?" })).toBeVisible();
        await page.getByRole("main").getByRole("button", { name: "Log out" }).click();
      }
      await expect(page).toHaveURL(/\/en$/);
      await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
      expect((await context.cookies()).some((c) => c.name === "user_token" || c.name === "ua")).toBe(false);
    });
  });
}

test("the login modal opens from the header with JavaScript on and signs in in place", async ({ page }) => {
  const email = `${unique("modal")}@example.com`;
  await h.createUser({ email, password: "Secret123" });
  await page.goto(url("/en/rules/1"));
  await waitForHydration(page);
  await page.getByRole("banner").getByRole("link", { name: "Log in" }).click();
  const dialog = page.getByRole("dialog", { name: "Log in" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("E-mail, login or account ID").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill("wrong-password");
  await dialog.getByRole("button", { name: "Log in" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("The login or password is incorrect.");
  await dialog.getByLabel("Password", { exact: true }).fill("Secret123");
  await dialog.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/en\/rules\/1$/);
  await expectSignedIn(page);
});

test("the login modal's phone tab signs in with a dialling code from its list", async ({ page }) => {
  const phone = phoneNumber();
  await h.createUser({ phone_number: phone, phone_code: "7", password: "Secret123" });
  await page.goto(url("/en/rules/1"));
  await waitForHydration(page);
  await page.getByRole("banner").getByRole("link", { name: "Log in" }).click();
  const dialog = page.getByRole("dialog", { name: "Log in" });
  await dialog.getByRole("tab", { name: "Phone" }).click();
  const code = dialog.getByLabel("Code", { exact: true });
  await expect(code.locator("option")).toContainText(["RU, KZ +7", "UA +380"]);
  await expect(code).toHaveValue("7");
  await code.selectOption("380");
  await code.selectOption("7");
  await dialog.getByLabel("Phone number").fill(phone);
  await dialog.getByLabel("Password", { exact: true }).fill("Secret123");
  await dialog.getByRole("button", { name: "Log in" }).click();
  await expectSignedIn(page);
});

test("a session that expires on the platform is signed out on the next poll", async ({ page, context }) => {
  const { token } = await h.createUser();
  await context.addCookies([{ name: "user_token", value: token, url: stack.siteUrl, httpOnly: true, sameSite: "Lax" }]);
  await page.clock.install();
  await page.goto(url("/en"));
  await waitForHydration(page);
  await expectSignedIn(page);
  await h.expireSession(token);
  await page.clock.fastForward(61_000);
  await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
});
