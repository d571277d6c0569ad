import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, csrfToken, getPage, postForm } from "../support/forms";
import { type Stack, startStack } from "../support/stack";
import { reconcileLedgerAfterEach } from "../support/suite";

// Issue 37: a placement the platform received, and then no answer came back (the connection
// dropped, the process died). The site must not guess: it asks the platform by the placement's
// key and tells the bettor what is true — the coupon if it stands, "not placed, nothing charged"
// only when the platform says so, and otherwise that it cannot confirm yet, with the history
// and the same slip to send again (which never places it twice). Without JavaScript throughout.

let stack: Stack;
reconcileLedgerAfterEach(() => stack?.platformUrl);
beforeAll(async () => {
  stack = await startStack({ siteEnv: { TRUSTED_CLIENT_IP_HEADER: "x-test-client-ip" } });
});
afterAll(async () => {
  await stack?.stop();
});

const hook = async (path: string, body: unknown = {}, method = "POST") => {
  const res = await fetch(`${stack.platformUrl}${path}`, { method, headers: { "content-type": "application/json" }, body: method === "DELETE" ? undefined : JSON.stringify(body) });
  expect(res.status, path).toBeLessThan(300);
  return res.json();
};
const fault = (path: string, mode: "drop" | "error" | "down", remaining?: number) => hook("/__test/faults", { path, mode, status: 503, ...(remaining ? { remaining } : {}) });
afterEach(async () => {
  await hook("/__test/faults", undefined, "DELETE");
});

let address = 60;
async function newBettor() {
  const login = `unknown-outcome-${address}-${Date.now()}`;
  const password = "Unknown12345";
  const { userId } = (await hook("/__test/users", { login, password, termsAccepted: true })) as { userId: number };
  await hook("/__test/ledger/deposit", { userId, amount: 1_000_000 });
  const jar = new CookieJar();
  const ip = { "x-test-client-ip": `198.51.100.${address++}` };
  const { html } = await getPage(stack.siteUrl, "/en/login", jar, ip);
  const res = await postForm(stack.siteUrl, "/en/login", jar, { csrf: csrfToken(html), formType: "login_password", step: "credentials", uLogin: login, uPassword: password }, ip);
  expect(res.status).toBe(302);
  return jar;
}

async function balanceOf(jar: CookieJar): Promise<number> {
  const res = await fetch(`${stack.siteUrl}/en/balance`, { headers: { cookie: jar.header() } });
  return ((await res.json()) as { balance: { available: number } }).balance.available;
}

let keys = 0;
async function slip() {
  const game = (await hook("/__test/bets/games", { status: 1 })) as { outcomes: Record<string, number> };
  return { key: `unknown-${Date.now()}-${keys++}-abc`, typeId: "0", amount: "100", changeCoefAction: "2", bets: `${game.outcomes["1::1"]}:2.1:P` };
}
async function place(jar: CookieJar, fields: Record<string, string>) {
  const { html } = await getPage(stack.siteUrl, "/en/coupon", jar);
  return postForm(stack.siteUrl, "/en/coupon/place", jar, { csrf: csrfToken(html), ...fields });
}
const STAKE = 10_000; // 100.00 RUB in minor units

describe("a placement whose answer is lost", () => {
  it("placed, then both answers dropped: the site finds the coupon by its key and shows it; charged once", async () => {
    const jar = await newBettor();
    const before = await balanceOf(jar);
    const fields = await slip();
    // The first attempt and the site's one retry each commit (the retry replays) and lose their answer.
    await fault("/web-api/bets/coupon", "drop", 2);
    const res = await place(jar, fields);
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/en\/coupon\/result\/\d+$/);
    expect(await balanceOf(jar)).toBe(before - STAKE);

    // Sent again (the bettor's back button): the same coupon, nothing more charged.
    const again = await place(jar, fields);
    expect(again.headers.get("location")).toBe(location);
    expect(await balanceOf(jar)).toBe(before - STAKE);
  });

  it("not placed, the platform failing twice: 'not placed, nothing charged' only because the platform said so, and the same slip places once", async () => {
    const jar = await newBettor();
    const before = await balanceOf(jar);
    const fields = await slip();
    await fault("/web-api/bets/coupon", "error", 2);
    const res = await place(jar, fields);
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain('data-code="not_placed"');
    expect(html).toContain("the bet was not placed and nothing was charged");
    expect(html).toContain('data-testid="resend-offer"');
    expect(html).toContain(`name="key" value="${fields.key}"`);
    expect(await balanceOf(jar)).toBe(before);

    const again = await place(jar, fields);
    expect(again.status).toBe(302);
    expect(await balanceOf(jar)).toBe(before - STAKE);
  });

  it("placed, answer dropped and the platform not saying: 'could not confirm', the history, a check, and the same slip that answers the bet", async () => {
    const jar = await newBettor();
    const before = await balanceOf(jar);
    const fields = await slip();
    await fault("/web-api/bets/coupon", "drop", 2);
    await fault("/web-api/bets/requests/", "down");
    const res = await place(jar, fields);
    expect(res.status).toBe(503);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const html = await res.text();
    expect(html).toContain('data-testid="place-unconfirmed"');
    expect(html).toContain("We could not confirm your bet");
    expect(html).toContain('href="/en/office/history"');
    expect(html).toContain(`href="/en/coupon/place?key=${fields.key}"`);
    expect(html).toContain(`name="key" value="${fields.key}"`);
    // It was placed: the money moved once, whatever the page could say.
    expect(await balanceOf(jar)).toBe(before - STAKE);

    // While the platform still does not say, the check says so in place (503, not an error page).
    const waiting = await getPage(stack.siteUrl, `/en/coupon/place?key=${fields.key}`, jar);
    expect(waiting.res.status).toBe(503);
    expect(waiting.html).toContain('data-state="unknown"');

    await hook("/__test/faults", undefined, "DELETE");
    const checked = await getPage(stack.siteUrl, `/en/coupon/place?key=${fields.key}`, jar);
    expect(checked.res.status).toBe(200);
    expect(checked.html).toContain('data-testid="place-success"');

    const again = await place(jar, fields);
    expect(again.status).toBe(302);
    expect(await balanceOf(jar)).toBe(before - STAKE);
  });

  it("the check of a key nothing was placed with says so", async () => {
    const jar = await newBettor();
    const checked = await getPage(stack.siteUrl, "/en/coupon/place?key=never-sent-key-123", jar);
    expect(checked.res.status).toBe(200);
    expect(checked.html).toContain('data-state="none"');
  });
});

describe("a placement stopped before it left", () => {
  it("the bettor's session could not be confirmed: a 503 that says nothing was sent or charged", async () => {
    const jar = await newBettor();
    const before = await balanceOf(jar);
    const fields = await slip();
    const { html } = await getPage(stack.siteUrl, "/en/coupon", jar);
    await fault("/web-api/session/check", "down");
    const res = await postForm(stack.siteUrl, "/en/coupon/place", jar, { csrf: csrfToken(html), ...fields });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("no bet was placed and nothing was charged");
    await hook("/__test/faults", undefined, "DELETE");
    expect(await balanceOf(jar)).toBe(before);
  });
});
