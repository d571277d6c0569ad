import { type Page, expect, test } from "@playwright/test";
import { outboxCode as sharedOutboxCode } from "../support/hooks";
import { type Stack, startStack } from "../support/stack";
import { waitForHydration } from "./helpers";

// The password reset with the code read from the platform's outbox, with JavaScript on and
// off. It needs the platform's URL (outbox, test users), so it runs a stack of its own.
test.describe.configure({ mode: "default" });

let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack();
});
test.afterAll(async () => {
  await stack?.stop();
});

let seq = 0;
const url = (path: string) => `${stack.siteUrl}${path}`;

async function createUser(email: string, password: string) {
  const res = await fetch(`${stack.platformUrl}/__test/users`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(201);
}

const outboxCode = (to: string) => sharedOutboxCode(stack.platformUrl, to);

async function logIn(page: Page, email: string, password: string) {
  const res = await page.request.post(`${stack.platformUrl}/web-api/auth/login`, { data: { uLogin: email, uPassword: password, save: false } });
  return res.status();
}

for (const js of [true, false]) {
  test.describe(`password reset with JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("login → code from the outbox → new password → log in", async ({ page }) => {
      const email = `reset-${Date.now().toString(36)}-${++seq}@example.com`;
      await createUser(email, "OldSecret1");

      await page.goto(url("/en/user/passwordreset"));
      if (js) await waitForHydration(page);
      await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
      await page.getByLabel("E-mail, phone or login").fill(email);
      await page.getByRole("button", { name: "Send the code" }).click();
      await expect(page.getByText(`If an account with ${email} exists, we have sent a code to its e-mail address.`)).toBeVisible();
      await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
      const code = await outboxCode(email);
      if (js) await waitForHydration(page);

      // A wrong code first: its own message, and the passwords are not kept.
      await page.getByLabel("Code", { exact: true }).fill(code === "111111" ? "222222" : "111111");
      await page.getByLabel("New password", { exact: true }).fill("NewSecret2");
      await page.getByLabel("Repeat the new password").fill("NewSecret2");
      await page.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByText("The code is not right. Check it and try again.")).toBeVisible();
      // Without JavaScript the page comes back from the server, which never echoes a password.
      if (!js) await expect(page.getByLabel("New password", { exact: true })).toHaveValue("");

      await page.getByLabel("Code", { exact: true }).fill(code);
      await page.getByLabel("New password", { exact: true }).fill("NewSecret2");
      await page.getByLabel("Repeat the new password").fill("NewSecret2");
      await page.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByRole("heading", { name: "Your password is changed" })).toBeVisible();
      expect(await logIn(page, email, "NewSecret2")).toBe(200);

      await page.getByRole("link", { name: "Log in" }).last().click();
      await expect(page).toHaveURL(/\/en\/login$/);
    });

    test("an expired code says so, apart from a wrong one", async ({ page }) => {
      const email = `late-${Date.now().toString(36)}-${++seq}@example.com`;
      await createUser(email, "OldSecret1");
      await page.goto(url(`/en/user/passwordreset?login=${encodeURIComponent(email)}`));
      if (js) await waitForHydration(page);
      await expect(page.getByLabel("E-mail, phone or login")).toHaveValue(email);
      await page.getByRole("button", { name: "Send the code" }).click();
      await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
      const code = await outboxCode(email);
      await fetch(`${stack.platformUrl}/__test/codes/expire`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ to: email }) });
      if (js) await waitForHydration(page);

      await page.getByLabel("Code", { exact: true }).fill(code);
      await page.getByLabel("New password", { exact: true }).fill("NewSecret2");
      await page.getByLabel("Repeat the new password").fill("NewSecret2");
      await page.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByText("The code has expired. Ask for a new one.")).toBeVisible();
      expect(await logIn(page, email, "OldSecret1")).toBe(200);
    });
  });
}

test.describe("the forgot-password modal with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("opens on the home page from user/forgotpassword and leads into the reset", async ({ page }) => {
    const email = `modal-${Date.now().toString(36)}-${++seq}@example.com`;
    await createUser(email, "OldSecret1");
    await page.goto(url("/en/user/forgotpassword"));
    await expect(page).toHaveURL(/\/en\?showForgotPasswordModal=1$/);
    const modal = page.getByRole("dialog");
    await expect(modal).toBeVisible();
    await modal.getByLabel("E-mail, phone or login").fill(email);
    await modal.getByRole("button", { name: "Send the code" }).click();
    await expect(page).toHaveURL(/\/en\/user\/passwordreset/);
    await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
  });
});
