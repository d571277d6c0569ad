import { type Browser, type BrowserContext, type Page, expect, test } from "@playwright/test";
import { hooks } from "../support/hooks";
import { type Stack, startStack } from "../support/stack";
import { waitForHydration } from "./helpers";

// The ops console as its users work with it, with JavaScript on (fetchers, instant "try a URL")
// and off (plain forms). The tests change site-wide switches, so they run in order on a stack of
// their own, with the site's real config cache: changes reach it through the config version it
// polls every 2 s.
test.describe.configure({ mode: "serial" });

let stack: Stack;
let h: ReturnType<typeof hooks>;
let playerToken: string;

test.beforeAll(async () => {
  stack = await startStack();
  h = hooks(stack.platformUrl);
  playerToken = (await h.createUser({ roles: ["player"], termsAccepted: true })).token;
});
test.afterAll(async () => {
  await stack?.stop();
});

const url = (path: string) => `${stack.siteUrl}${path}`;
async function signIn(context: BrowserContext, token: string) {
  await context.addCookies([{ name: "user_token", value: token, url: stack.siteUrl, httpOnly: true, sameSite: "Lax" }]);
}

/** A visitor without the ops cookie, in a browser context of their own. */
async function visitor(browser: Browser, token?: string) {
  const context = await browser.newContext({ locale: "en-US" });
  if (token) await signIn(context, token);
  return { context, page: await context.newPage() };
}

/** Reloads until the site shows the change (it reaches every copy within a few seconds). */
async function untilSite(page: Page, path: string, expected: RegExp) {
  await expect(async () => {
    await page.goto(url(path));
    expect(page.url()).toMatch(expected);
  }).toPass({ timeout: 10_000, intervals: [250, 500, 1_000] });
}

for (const js of [true, false]) {
  const m = js ? "js" : "nojs";

  test.describe(`an ops user with JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js, locale: "en-US" });
    const login = `e2e-ops-${m}`;
    let opsToken: string;

    test.beforeAll(async () => {
      opsToken = (await h.createUser({ login, roles: ["player", "ops"], termsAccepted: true })).token;
    });
    // Scripts must not break on any console page (a crash leaves a dead page behind).
    let pageErrors: string[] = [];
    test.beforeEach(async ({ context, page }) => {
      await signIn(context, opsToken);
      pageErrors = [];
      page.on("pageerror", (error) => pageErrors.push(error.message));
    });
    test.afterEach(() => {
      expect(pageErrors).toEqual([]);
    });

    /** Opens a console page, hydrated when JavaScript is on. */
    async function open(page: Page, path: string) {
      await page.goto(url(path));
      if (js) await waitForHydration(page);
    }

    async function newRule(page: Page, source: string, target: string) {
      await open(page, "/ops/redirects/new");
      await page.locator('input[name="source"]').fill(source);
      await page.locator('input[name="target"]').fill(target);
      await page.getByRole("button", { name: "Save", exact: true }).click();
    }

    test("creates a rule and the site redirects", async ({ page }) => {
      await newRule(page, `/e2e-${m}-old`, "/rules/1");
      await expect(page).toHaveURL(/\/ops\/redirects\?saved=\d+$/);
      await expect(page.getByRole("status")).toContainText("saved");
      await untilSite(page, `/en/e2e-${m}-old`, /\/en\/rules\/1$/);
    });

    test("refuses a rule that makes a loop and shows the loop", async ({ page }) => {
      await newRule(page, `/e2e-${m}-loop-a`, `/e2e-${m}-loop-b`);
      await expect(page).toHaveURL(/saved=/);
      await newRule(page, `/e2e-${m}-loop-b`, `/e2e-${m}-loop-a`);
      await expect(page.getByText("This rule would create a redirect loop.")).toBeVisible();
      await expect(page.getByRole("alert").filter({ hasText: "Redirect loop:" })).toContainText(`/e2e-${m}-loop-a`);
      await expect(page).toHaveURL(/\/ops\/redirects\/new$/);
    });

    test("refuses an external host until it is allowed in the switches", async ({ page }) => {
      const host = `partner-${m}.example`;
      await newRule(page, `/e2e-${m}-partner`, `https://${host}/offer`);
      await expect(page.getByText("The target's host is not on the allow-list of external hosts.")).toBeVisible();

      await open(page, "/ops/switches");
      const hosts = page.locator("#redirectAllowedHosts");
      await hosts.locator('textarea[name="hosts"]').fill(host);
      await hosts.getByRole("button", { name: "Save" }).click();
      await expect(hosts.getByRole("status")).toHaveText("Saved. The site picks it up within a few seconds.");
      // With JavaScript the form posts through a fetcher: the page stays where it is.
      await expect(page).toHaveURL(js ? /\/ops\/switches$/ : /\/ops\/switches\?saved=redirectAllowedHosts#redirectAllowedHosts$/);
      await expect(hosts.getByText(`["${host}"]`)).toBeVisible();
      await expect(hosts.getByText(`Last changed by ${login}`)).toBeVisible();

      await newRule(page, `/e2e-${m}-partner`, `https://${host}/offer`);
      await expect(page).toHaveURL(/saved=/);
    });

    // The browser's dictionary: with JavaScript only.
    if (js) test("has the console's texts, which the site's pages do not load, also when a site page navigates into it", async ({ page }) => {
      // One request per part: the document's preload is the one the script uses.
      const parts: string[] = [];
      page.on("request", (request) => {
        const part = /\/locales\/en\/(\w+)\.json/.exec(request.url())?.[1];
        if (part) parts.push(part);
      });
      await open(page, "/en/rules/1");
      expect(parts).toEqual(["common"]);
      // No link leads from the site into the console, but a client-side navigation still gets its texts.
      await page.evaluate(() => (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate("/ops/audit"));
      await expect(page).toHaveURL(/\/ops\/audit$/);
      const nav = page.getByRole("navigation", { name: "Operations console" });
      await expect(nav.getByRole("link", { name: "Audit log" })).toHaveAttribute("aria-current", "page");
      expect(parts).toEqual(["common", "ops"]);
      // Within the console, and on a console page loaded whole.
      await nav.getByRole("link", { name: "Block rules" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Block rules");
      expect(parts).toEqual(["common", "ops"]);
      parts.length = 0;
      await open(page, "/ops/switches");
      expect(parts.sort()).toEqual(["common", "ops"]);
      await expect(nav.getByRole("link", { name: "Site switches" })).toHaveAttribute("aria-current", "page");
    });

    test("tries a URL and sees the chain", async ({ page }) => {
      await open(page, "/ops/try");
      const input = page.getByLabel("URL or path");
      await input.fill(`/en/e2e-${m}-old`);
      if (!js) await input.press("Enter");
      const verdict = page.getByTestId("try-verdict");
      await expect(verdict).toHaveText("The site redirects with 301 to /en/rules/1.");
      await expect(page.getByText("Step 1")).toBeVisible();
      // With JavaScript the answer came without a page load (the address did not change).
      if (js) await expect(page).toHaveURL(/\/ops\/try$/);
      else await expect(page).toHaveURL(/\/ops\/try\?url=/);
      await input.fill(`/en/e2e-${m}-nothing`);
      if (!js) await input.press("Enter");
      await expect(verdict).toHaveText("No redirect: the site shows this URL as it is.");
    });

    test("an import with one bad row shows the row and changes nothing", async ({ page }) => {
      await open(page, "/ops/transfer");
      const count = async () => (await page.getByText(/redirect rules? as a JSON file/).textContent()) ?? "";
      const before = await count();
      const file = {
        version: 1,
        rules: [
          { source: `/e2e-${m}-import-good`, target: "/rules/1", code: 301 },
          { source: `e2e-${m}-import-bad`, target: "/rules/1", code: 301 },
        ],
      };
      const json = page.getByLabel("Rules as JSON");
      await page.locator('input[name="file"]').setInputFiles({ name: "rules.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(file)) });
      // With JavaScript the file shows in the box first; without, the file itself is sent.
      if (js) await expect(json).toHaveValue(/import-good/);
      await page.getByRole("button", { name: "Import", exact: true }).click();
      await expect(page.getByText("The import has invalid rows; nothing was imported.")).toBeVisible();
      const rows = page.getByRole("table", { name: "Rows with problems (nothing was imported)" });
      await expect(rows.getByRole("row")).toHaveCount(2);
      await expect(rows.getByRole("row").nth(1)).toContainText("2source");
      await open(page, "/ops/transfer");
      expect(await count()).toBe(before);
      const visit = await page.goto(url(`/en/e2e-${m}-import-good`));
      expect(visit?.status()).toBe(404);
    });

    test("turning maintenance on sends visitors away and off brings them back", async ({ page, browser }) => {
      const guest = await visitor(browser);
      try {
        await open(page, "/ops/switches");
        const form = page.locator("#maintenance");
        await form.getByLabel("Start").fill("2030-06-01T10:00");
        await form.getByLabel("End", { exact: true }).fill("2030-06-01T12:00");
        const preview = page.getByTestId("maintenance-preview");
        if (!js) await form.getByRole("button", { name: "Preview without saving" }).click();
        await expect(preview).toContainText("The server is down for maintenance from");
        await expect(preview).toContainText("2030");
        await form.getByLabel("Active: send visitors to the maintenance page now").check();
        await form.getByRole("button", { name: "Save" }).click();
        await expect(form.getByRole("status")).toHaveText("Saved. The site picks it up within a few seconds.");
        await expect(form.getByText("Maintenance is ON")).toBeVisible();
        await untilSite(guest.page, "/en/rules/1", /\/en\/maintenance$/);
        await expect(guest.page.getByText("The server is down for maintenance from")).toBeVisible();

        await open(page, "/ops/switches");
        await form.getByLabel("Active: send visitors to the maintenance page now").uncheck();
        await form.getByRole("button", { name: "Save" }).click();
        await expect(form.getByRole("status")).toHaveText("Saved. The site picks it up within a few seconds.");
        await expect(form.getByText("Maintenance is off")).toBeVisible();
        await untilSite(guest.page, "/en/rules/1", /\/en\/rules\/1$/);
      } finally {
        await guest.context.close();
      }
    });

    test("creates a block rule and deletes it after confirming", async ({ page, browser }) => {
      await open(page, "/ops/blocks");
      await page.locator('select[name="kind"]').selectOption("path");
      await page.locator('input[name="pattern"]').fill(`/e2e-${m}-blocked`);
      await page.locator('select[name="reason"]').selectOption("8");
      await page.getByRole("button", { name: "Create the rule" }).click();
      await expect(page.getByRole("status")).toContainText("created");
      const row = page.getByRole("row").filter({ hasText: `/e2e-${m}-blocked` });
      await expect(row).toContainText("8 — coming soon");

      const guest = await visitor(browser);
      try {
        await untilSite(guest.page, `/en/e2e-${m}-blocked`, /\/en\/coming-soon/);
        await row.getByRole("button", { name: `Delete the block rule /e2e-${m}-blocked` }).click();
        await expect(row.getByRole("alert")).toHaveText("Tick Confirm to delete the rule.");
        await row.getByLabel("Confirm").check();
        await row.getByRole("button", { name: `Delete the block rule /e2e-${m}-blocked` }).click();
        await expect(page.getByRole("row").filter({ hasText: `/e2e-${m}-blocked` })).toHaveCount(0);
        // With JavaScript the row goes through a fetcher (no page load); without, back to the list.
        if (js) await expect(page).not.toHaveURL(/deleted=/);
        else await expect(page).toHaveURL(/\/ops\/blocks\?deleted=\d+$/);
        await expect(async () => {
          const res = await guest.page.goto(url(`/en/e2e-${m}-blocked`));
          expect(res?.status()).toBe(404);
        }).toPass({ timeout: 10_000 });
      } finally {
        await guest.context.close();
      }
    });

    test("the audit log shows each change", async ({ page }) => {
      await open(page, "/ops/audit");
      const mine = page.getByRole("article").filter({ hasText: `by ${login}` });
      for (const what of [`/e2e-${m}-old`, `/e2e-${m}-loop-a`, `/e2e-${m}-partner`, `partner-${m}.example`, `/e2e-${m}-blocked`]) {
        await expect(mine.filter({ hasText: what }).first()).toBeVisible();
      }
      await page.getByLabel("What changed").selectOption("switch");
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page).toHaveURL(/entity=switch/);
      const maintenance = mine.filter({ hasText: "value.isActive" });
      await expect(maintenance.first()).toBeVisible();
      await expect(mine.filter({ hasText: "/e2e-" })).toHaveCount(0);
    });

    test("a player and a guest get 404 at /ops", async ({ browser }) => {
      for (const token of [undefined, playerToken]) {
        const other = await visitor(browser, token);
        try {
          for (const path of ["/ops", "/ops/switches", "/ops/audit"]) {
            const res = await other.page.goto(url(path));
            expect(res?.status(), path).toBe(404);
          }
          await expect(other.page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
          await expect(other.page.getByText("Operations console")).toHaveCount(0);
        } finally {
          await other.context.close();
        }
      }
    });
  });
}
