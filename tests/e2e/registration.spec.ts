import { readFile } from "node:fs/promises";
import { type Page, expect, test } from "@playwright/test";
import { outboxCode as sharedOutboxCode } from "../support/hooks";
import { type Stack, startStack } from "../support/stack";
import { waitForHydration } from "./helpers";

// Registration of every type the site offers, with JavaScript on and off, on a stack of its
// own: the platform limits registrations per address, so each test signs up from its own
// address (the site trusts the test's client-IP header).
test.describe.configure({ mode: "default" });

const IP_HEADER = "x-test-client-ip";
let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack({ siteEnv: { TRUSTED_CLIENT_IP_HEADER: IP_HEADER } });
});
test.afterAll(async () => {
  await stack?.stop();
});

let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;
const phoneNumber = () => `15${String(Date.now()).slice(-6)}${String(++seq % 100).padStart(2, "0")}`;
const url = (path: string) => `${stack.siteUrl}${path}`;

const outboxCode = (to: string) => sharedOutboxCode(stack.platformUrl, to);

async function open(page: Page, path: string, js: boolean) {
  await page.setExtraHTTPHeaders({ [IP_HEADER]: `203.0.113.${(seq++ % 250) + 1}` });
  await page.goto(url(path));
  if (js) await waitForHydration(page);
}

async function acceptTermsAndRegister(page: Page) {
  await page.getByLabel(/I am at least 18 years old/).check();
  await page.getByRole("button", { name: "Register" }).click();
}

for (const js of [true, false]) {
  test.describe(`registration with JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("by e-mail (the default type), then the e-mail code confirms the account", async ({ page }) => {
      const email = `${unique("fast")}@example.com`;
      await open(page, "/en/registration", js);
      await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
      await expect(page.getByRole("link", { name: "E-mail" })).toHaveAttribute("aria-current", "page");
      // Sport bonus is preselected.
      await expect(page.getByRole("radio", { name: /Sport/ })).toBeChecked();
      await page.getByLabel("E-mail", { exact: true }).fill(email);
      await page.getByLabel("Password", { exact: true }).fill("Secret123");
      await acceptTermsAndRegister(page);

      await expect(page).toHaveURL(/\/en\/user\/accountverify$/);
      await expect(page.getByRole("heading", { name: "Confirm your account" })).toBeVisible();
      if (js) await waitForHydration(page);
      await page.getByLabel("Code from the e-mail").fill(await outboxCode(email));
      await page.getByRole("button", { name: "Confirm", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Your account is confirmed" })).toBeVisible();
      await expect(page.getByText("Your e-mail is confirmed.")).toBeVisible();
    });

    test("shows what is wrong next to the fields and keeps what was typed, but not the password", async ({ page }) => {
      await open(page, "/en/registration/fast", js);
      await page.getByLabel("E-mail", { exact: true }).fill("someone@example");
      await page.getByLabel("Password", { exact: true }).fill("lettersonly");
      // With JavaScript the fields are checked as they lose focus (the layout moves as errors
      // appear), so leave the field before reaching for the checkbox.
      await page.getByLabel("Password", { exact: true }).press("Tab");
      if (js) await expect(page.getByText("Use both letters and digits in the password.")).toBeVisible();
      if (!js) {
        // Without JavaScript the browser's own checks would stop the form first; the server's
        // are what this test is about.
        await page.locator("form.reg-form").evaluate((f) => f.setAttribute("novalidate", ""));
      }
      await acceptTermsAndRegister(page);
      await expect(page.getByText("Enter a valid e-mail, for example name@example.com.")).toBeVisible();
      await expect(page.getByText("Use both letters and digits in the password.")).toBeVisible();
      if (!js) {
        await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue("someone@example");
        await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
        expect(await page.content()).not.toContain("lettersonly");
      }
    });

    test("by phone: the tab switches the form, the country gives the dialing code", async ({ page }) => {
      const number = phoneNumber();
      await open(page, "/en/registration", js);
      await page.getByRole("link", { name: "Phone" }).click();
      await expect(page).toHaveURL(/\/en\/registration\/phone$/);
      if (js) await waitForHydration(page);
      await page.getByLabel("Country").selectOption("DE");
      if (js) await expect(page.locator(".field__prefix")).toHaveText("+49");
      await page.getByLabel("Currency").selectOption("EUR");
      await page.getByLabel("Phone number").fill(number);
      await page.getByLabel("Password", { exact: true }).fill("Secret123");
      await page.getByRole("radio", { name: /Casino/ }).check({ force: true });
      await acceptTermsAndRegister(page);

      await expect(page).toHaveURL(/\/en\/user\/accountverify$/);
      await expect(page.getByText("+49 ••• •••")).toBeVisible();
      if (js) await waitForHydration(page);
      await page.getByLabel("Code from the SMS").fill(await outboxCode(`+49${number}`));
      await page.getByRole("button", { name: "Confirm", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Your account is confirmed" })).toBeVisible();
    });

    test("full: name, birthday, e-mail and phone, then both are to be confirmed", async ({ page }) => {
      const email = `${unique("full")}@example.com`;
      await open(page, "/en/registration/full", js);
      await page.getByLabel("Country").selectOption("DE");
      await page.getByLabel("First name").fill("Anna");
      await page.getByLabel("Last name").fill("Schmidt");
      await page.getByLabel("E-mail", { exact: true }).fill(email);
      await page.getByLabel("Phone number").fill(phoneNumber());
      await page.getByLabel("Date of birth").fill("1990-04-12");
      await page.getByLabel("Password", { exact: true }).fill("Secret123");
      await page.getByText("I have a promo code").click();
      await page.getByLabel("Promo code").fill("WELCOME2026");
      await acceptTermsAndRegister(page);

      await expect(page).toHaveURL(/\/en\/user\/accountverify$/);
      const steps = page.locator(".verify-step");
      await expect(steps).toHaveCount(2);
      await expect(steps.getByText("Not confirmed")).toHaveCount(2);
    });

    test("one click: the login and password once, as a file, an image and by e-mail", async ({ page }) => {
      await open(page, "/en/registration/one-click", js);
      await expect(page.getByText("We will create a login and a password for you.")).toBeVisible();
      await acceptTermsAndRegister(page);

      await expect(page.getByRole("heading", { name: "Your account is ready" })).toBeVisible();
      const login = (await page.getByTestId("credentials-login").textContent())!;
      const password = (await page.getByTestId("credentials-password").textContent())!;
      expect(login).toMatch(/^\d+$/);
      expect(password).toMatch(/^[A-Za-z0-9]{10}$/);

      const file = page.getByRole("link", { name: /Download as a file/ });
      await expect(file).toHaveAttribute("download", "arena-bet-account.txt");
      await expect(file).toHaveAttribute("href", /^data:text\/plain;charset=utf-8,/);
      const [download] = await Promise.all([page.waitForEvent("download"), file.click()]);
      const saved = await readFile((await download.path())!, "utf8");
      expect(saved).toContain(`Login: ${login}`);
      expect(saved).toContain(`Password: ${password}`);
      const image = page.getByRole("link", { name: /Save as an image/ });
      await expect(image).toHaveAttribute("href", /^data:image\/svg\+xml;charset=utf-8,/);
      expect(decodeURIComponent((await image.getAttribute("href"))!)).toContain(password);

      const email = `${unique("oneclick")}@example.com`;
      await page.getByLabel("Send them to my e-mail").fill(email);
      await page.getByRole("button", { name: "Send", exact: true }).click();
      await expect(page.getByText(`Sent to ${email}. Check your inbox.`)).toBeVisible();
      // Still on the screen after sending.
      await expect(page.getByTestId("credentials-password")).toHaveText(password);

      await page.getByRole("link", { name: "Continue to the site" }).click();
      await expect(page).toHaveURL(/\/en$/);
      // A signed-in player has no registration page.
      await page.goto(url("/en/registration"));
      await expect(page).toHaveURL(/\/en$/);
    });
  });
}

test("Russian: the page and its messages come from the dictionary", async ({ page }) => {
  await open(page, "/ru/registration/one-click", true);
  await expect(page.getByRole("heading", { name: "Регистрация" })).toBeVisible();
  await page.getByRole("button", { name: "Зарегистрироваться" }).click();
  await expect(page.getByText("Подтвердите, что вам есть 18 лет и вы принимаете правила.")).toBeVisible();
});

test("with JavaScript the header's sign-up opens a modal 95% wide that registers in place", async ({ page }) => {
  await open(page, "/en/rules/1", true);
  await page.getByRole("banner").getByRole("link", { name: "Sign up" }).click();
  const dialog = page.getByRole("dialog", { name: "Create your account" });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.width).toBeGreaterThan(viewport.width * 0.9);
  await dialog.getByRole("link", { name: "One click" }).click();
  await dialog.getByLabel(/I am at least 18 years old/).check();
  await dialog.getByRole("button", { name: "Register" }).click();
  // Registering hashes the password (argon2): seconds on two busy cores.
  await expect(dialog.getByText("Your account is ready")).toBeVisible({ timeout: 20_000 });
});
