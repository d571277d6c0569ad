import { type Page, expect, test } from "@playwright/test";
import { hooks } from "../support/hooks";
import { type Stack, startStack } from "../support/stack";
import { waitForHydration } from "./helpers";

// Issue 11, accessibility: after a refused submit the keyboard lands on the first invalid
// field, not on the page's body. Without JavaScript the refused page comes back with autofocus
// on that field; with it conform moves focus there. Both are checked in a real browser.

// One stack for the file: its tests run in one worker, one after another.
test.describe.configure({ mode: "default" });

const IP_HEADER = "x-test-client-ip";
let stack: Stack;
test.beforeAll(async () => {
  // Starting a platform and a site takes a while on a busy machine.
  test.setTimeout(180_000);
  stack = await startStack({ siteEnv: { TRUSTED_CLIENT_IP_HEADER: IP_HEADER } });
});
test.afterAll(async () => {
  await stack?.stop();
});

let seq = 0;
/** A bettor of this file's own, with a password, to be refused with a wrong one. */
async function stackUser() {
  const email = `${unique("focus")}@example.com`;
  await hooks(stack.platformUrl).createUser({ email, password: "Secret123" });
  return { email };
}
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

async function open(page: Page, path: string, js: boolean) {
  // The platform limits registrations per address: each test comes from its own.
  await page.setExtraHTTPHeaders({ [IP_HEADER]: `198.18.0.${(seq++ % 250) + 1}` });
  await page.goto(`${stack.siteUrl}${path}`);
  if (js) await waitForHydration(page);
}

/** The name of the focused control, and whether it is marked invalid. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return { name: el?.getAttribute("name") ?? el?.tagName ?? null, invalid: el?.getAttribute("aria-invalid") ?? null };
  });

for (const js of [false, true]) {
  test.describe(`focus after a refused submit, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("login: the login field, then on the phone form the phone number", async ({ page }) => {
      await open(page, "/en/login", js);
      // Longer than any login: the browser lets it through, the server (or conform) refuses it.
      await page.getByLabel("E-mail, login or account ID").fill("x".repeat(101));
      await page.getByLabel("Password", { exact: true }).fill("Secret123");
      await page.getByRole("button", { name: "Log in" }).click();
      await expect.poll(() => focused(page)).toEqual({ name: "uLogin", invalid: "true" });

      await open(page, "/en/login?form=phone_password", js);
      await page.getByLabel("Phone number").fill("12");
      await page.getByLabel("Password", { exact: true }).fill("Secret123");
      await page.getByRole("button", { name: "Log in" }).click();
      await expect.poll(() => focused(page)).toEqual({ name: "phone_number", invalid: "true" });
    });

    test("login refused as a whole (a wrong password): the error summary, which says so", async ({ page }) => {
      const { email } = await stackUser();
      await open(page, "/en/login", js);
      await page.getByLabel("E-mail, login or account ID").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("Wrong-password-1");
      await page.getByRole("button", { name: "Log in" }).click();
      await expect.poll(() => page.evaluate(() => (document.activeElement?.getAttribute("role") === "alert" ? document.activeElement.textContent : null))).toMatch(/password/i);
    });

    test("registration: the e-mail before the password, then the password once the e-mail is right", async ({ page }) => {
      await open(page, "/en/registration/fast", js);
      // Both pass the browser's own checks; the site's refuse them.
      await page.getByLabel("E-mail", { exact: true }).fill("someone@example");
      await page.getByLabel("Password", { exact: true }).fill("lettersonly");
      // With JavaScript a field is checked as it loses focus and the layout moves as its error
      // appears: leave it before reaching for the checkbox.
      await page.getByLabel("Password", { exact: true }).press("Tab");
      await page.getByLabel(/I am at least 18 years old/).check();
      await page.getByRole("button", { name: "Register" }).click();
      await expect.poll(() => focused(page)).toEqual({ name: "email", invalid: "true" });

      await page.getByLabel("E-mail", { exact: true }).fill(`${unique("focus")}@example.com`);
      await page.getByLabel("Password", { exact: true }).fill("lettersonly");
      // With JavaScript a field is checked as it loses focus and the layout moves as its error
      // appears: leave it before reaching for the checkbox.
      await page.getByLabel("Password", { exact: true }).press("Tab");
      await page.getByLabel(/I am at least 18 years old/).check();
      await page.getByRole("button", { name: "Register" }).click();
      await expect.poll(() => focused(page)).toEqual({ name: "password", invalid: "true" });
    });
  });
}
