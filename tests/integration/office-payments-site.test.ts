import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, csrfToken, getPage, postForm } from "../support/forms";
import { type Stack, startStack } from "../support/stack";
import { reconcileLedgerAfterEach } from "../support/suite";

// The office's withdrawal form through the site, without JavaScript (issue 34, decision 066): a
// payment that may still be opening keeps the form's key, so sending the form again finds that
// payment and never opens a second one (a second withdrawal would reserve the amount twice).

let stack: Stack;
reconcileLedgerAfterEach(() => stack?.platformUrl);
beforeAll(async () => {
  stack = await startStack({ payments: true });
});
afterAll(async () => {
  await stack?.stop();
});

async function call(base: string, path: string, body?: unknown, method = "POST") {
  const res = await fetch(`${base}${path}`, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  expect(res.status, path).toBeLessThan(300);
  return res.json() as Promise<Record<string, unknown>>;
}
const platform = (path: string, body?: unknown, method?: string) => call(stack.platformUrl, path, body, method);
const provider = (path: string, body?: unknown, method?: string) => call(stack.providerUrl!, path, body, method);
afterEach(async () => {
  await platform("/__test/faults", undefined, "DELETE");
  await provider("/__test/controls", undefined, "DELETE");
});

let seq = 0;
/** A bettor with 1,000.00 RUB, signed in, on the withdrawal form: its CSRF token and the form's key. */
async function onWithdrawalForm() {
  const { userId, token } = (await platform("/__test/users", { login: `office-site-${Date.now()}-${++seq}`, password: "Secret12345", termsAccepted: true })) as { userId: number; token: string };
  await platform("/__test/ledger/deposit", { userId, amount: 100_000 });
  const jar = new CookieJar();
  jar.set("user_token", token);
  const { html } = await getPage(stack.siteUrl, "/en/office/deduce", jar);
  return { userId, jar, csrf: csrfToken(html), key: formKey(html) };
}
const formKey = (html: string) => /name="key" value="([^"]+)"/.exec(html)?.[1] ?? "";

async function paymentsOf(userId: number) {
  const { rows } = (await platform("/__test/sql", { sql: `select id, status_id from payment where user_id = ${userId} order by id` })) as { rows: unknown[] };
  const [account] = ((await platform("/__test/sql", { sql: `select debits_pending from ledger_account where user_id = ${userId} and type = 0` })) as { rows: Array<{ debits_pending: string | number }> }).rows;
  return { payments: rows.length, reserved: Number(account?.debits_pending ?? 0) };
}

describe("the withdrawal form keeps its key while the payment may be opening", () => {
  it("a second send while the first waits on the provider is told to wait, with the same key, and then finds the first payment", async () => {
    const { userId, jar, csrf, key } = await onWithdrawalForm();
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    await provider("/__test/controls", { delayMs: 3_000 });
    const fields = { csrf, key, method: "card", amount: "500" };
    const first = postForm(stack.siteUrl, "/en/office/deduce", jar, fields);
    await new Promise((resolve) => setTimeout(resolve, 800));
    const second = await postForm(stack.siteUrl, "/en/office/deduce", jar, fields);
    const html = await second.text();
    expect(second.status).toBe(409);
    expect(html).toContain("The payment is still opening");
    expect(formKey(html)).toBe(key);
    const opened = await first;
    expect(opened.status).toBe(302);
    const page = opened.headers.get("location");
    expect(page).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\//);

    // Sent again with the key the refused form kept: the same payment, reserved once.
    const again = await postForm(stack.siteUrl, "/en/office/deduce", jar, fields);
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe(page);
    expect(await paymentsOf(userId)).toEqual({ payments: 1, reserved: 50_000 });
  });

  it("an answer lost after the platform acted keeps the key, and the next send finds that payment", async () => {
    const { userId, jar, csrf, key } = await onWithdrawalForm();
    // The platform writes the payment and reserves the amount, then the connection drops.
    await platform("/__test/faults", { path: "/web-api/payments/withdraw", mode: "drop" });
    const fields = { csrf, key, method: "card", amount: "500" };
    const lost = await postForm(stack.siteUrl, "/en/office/deduce", jar, fields);
    const html = await lost.text();
    expect(lost.status).toBe(503);
    expect(html).toContain("We could not confirm that the payment was opened");
    expect(formKey(html)).toBe(key);
    await platform("/__test/faults", undefined, "DELETE");
    const again = await postForm(stack.siteUrl, "/en/office/deduce", jar, fields);
    expect(again.status).toBe(302);
    expect(await paymentsOf(userId)).toEqual({ payments: 1, reserved: 50_000 });
  });
});
