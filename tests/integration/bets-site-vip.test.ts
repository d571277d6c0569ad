import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, csrfToken, getPage, postForm } from "../support/forms";
import { type Stack, startStack } from "../support/stack";
import { reconcileLedgerAfterEach } from "../support/suite";

// Through the site without JavaScript (plain form posts): a bet on a sport the bettor may not
// bet on is refused with its translated reason and the bet named; a stake above the maximum is
// offered as a VIP bet, sent, and approved or rejected by an ops user in the console.

let stack: Stack;
reconcileLedgerAfterEach(() => stack?.platformUrl);
beforeAll(async () => {
  stack = await startStack({ sports: true, siteEnv: { TRUSTED_CLIENT_IP_HEADER: "x-test-client-ip" } });
});
afterAll(async () => {
  await stack?.stop();
});

interface TestGame {
  gameId: number;
  outcomes: Record<string, number>;
}
/** The sport of the test games (platform/apis/bets-test-hooks.ts). */
const TEST_SPORT = 900_000_000;

const hook = async (path: string, body: unknown = {}) => {
  const res = await fetch(`${stack.platformUrl}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(res.status, path).toBeLessThan(300);
  return res.json();
};
const newGame = () => hook("/__test/bets/games", { status: 1 }) as Promise<TestGame>;

let counter = 0;
/** A bettor (or ops user) with money, signed in through the site's login form. */
async function signUp(user: Record<string, unknown>, deposit = 0) {
  const email = `vip-site-${Date.now()}-${++counter}@example.com`;
  const { userId } = (await hook("/__test/users", { email, password: "Secret123", email_activated: true, ...user })) as { userId: number };
  if (deposit) await hook("/__test/ledger/deposit", { userId, amount: deposit });
  const jar = new CookieJar();
  const ip = { "x-test-client-ip": `198.51.100.${100 + counter}` };
  const { html } = await getPage(stack.siteUrl, "/en/login", jar, ip);
  const res = await postForm(stack.siteUrl, "/en/login", jar, { csrf: csrfToken(html), formType: "login_password", step: "credentials", uLogin: email, uPassword: "Secret123" }, ip);
  expect(res.status).toBe(302);
  return jar;
}

const newKey = () => `vip-site-${Date.now()}-${++counter}-abcdef`;
async function place(jar: CookieJar, fields: Record<string, string>) {
  const { html } = await getPage(stack.siteUrl, "/en/coupon", jar);
  return postForm(stack.siteUrl, "/en/coupon/place", jar, { csrf: csrfToken(html), key: newKey(), changeCoefAction: "2", returnTo: "/en/coupon", ...fields });
}
/** The hidden fields of the form with `testid` in a page (the refusal's offer). */
function formFields(html: string, testid: string): Record<string, string> {
  const form = html.slice(html.indexOf(`data-testid="${testid}"`));
  const body = form.slice(0, form.indexOf("</form>"));
  return Object.fromEntries([...body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, "&")]));
}

describe("refusals and VIP bets through the site without JavaScript", () => {
  it("a sport on the bettor's line list: the translated reason, the bet named from the coupon, nothing charged", async () => {
    const jar = await signUp({ disallow_line_sport: [TEST_SPORT] }, 1_000_000);
    const game = await newGame();
    const outcome = game.outcomes["1::1"]!;
    // the bet is in the cookie coupon (added before the list changed, or from another page)
    const coupon = await getPage(stack.siteUrl, "/en/coupon", jar);
    await postForm(stack.siteUrl, "/en/coupon", jar, { csrf: csrfToken(coupon.html), intent: "add", pick: `${game.gameId}:${outcome}`, returnTo: "/en/coupon" });
    const res = await place(jar, { typeId: "0", amount: "100", bets: `${outcome}:2.1:P` });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain('data-code="sport_disallowed"');
    expect(html).toContain("Bets on this sport are not available to you");
    expect(html).toContain(`data-outcome-id="${outcome}"`);
    // the test game has no names in the sports feed: the coupon names it by its teams' numbers
    expect(html).toContain(`The bet concerned: #${game.gameId} — #${game.gameId + 1}: 1`);
    expect(html).toContain("Remove this bet from the slip");
    const ru = await postForm(stack.siteUrl, "/ru/coupon/place", jar, { csrf: csrfToken((await getPage(stack.siteUrl, "/ru/coupon", jar)).html), key: newKey(), changeCoefAction: "2", typeId: "0", amount: "100", bets: `${outcome}:2.1:P` });
    expect(await ru.text()).toContain("Ставки на этот вид спорта вам недоступны");
    const balance = (await (await fetch(`${stack.siteUrl}/en/balance`, { headers: { cookie: jar.header() } })).json()) as { balance: { available: number } };
    expect(balance.balance.available).toBe(1_000_000);
  });

  it("a stake above the maximum: the refusal offers a VIP bet, it waits for approval, ops approve one and reject another", async () => {
    const bettor = await signUp({}, 100_000_000);
    const ops = await signUp({ roles: ["player", "ops"] });
    const [g1, g2] = [await newGame(), await newGame()];

    const send = async (game: TestGame) => {
      const refused = await place(bettor, { typeId: "0", amount: "150000", bets: `${game.outcomes["1::1"]}:2.1:P` });
      expect(refused.status).toBe(422);
      const html = await refused.text();
      expect(html).toContain('data-code="amount_above_max"');
      expect(html).toContain("Send as a VIP bet for approval");
      const offer = formFields(html, "vip-offer");
      expect(offer.vipBet).toBe("1");
      const sent = await postForm(stack.siteUrl, "/en/coupon/place", bettor, { ...offer, intent: "place" });
      expect(sent.status).toBe(302);
      const location = sent.headers.get("location")!;
      expect(location).toMatch(/^\/en\/coupon\/result\/\d+$/);
      const result = await getPage(stack.siteUrl, location, bettor);
      expect(result.html).toContain("The VIP bet is sent for approval.");
      expect(result.html).toContain("Waiting for approval");
      return location.split("/").pop()!;
    };
    const approved = await send(g1);
    const rejected = await send(g2);
    const available = async () => ((await (await fetch(`${stack.siteUrl}/en/balance`, { headers: { cookie: bettor.header() } })).json()) as { balance: { available: number } }).balance.available;
    expect(await available()).toBe(100_000_000 - 30_000_000);

    // the bettor is no ops user: the console does not exist for him
    expect((await getPage(stack.siteUrl, "/ops/vip-bets", bettor)).res.status).not.toBe(200);
    const queue = await getPage(stack.siteUrl, "/ops/vip-bets", ops);
    expect(queue.html).toContain(`data-coupon-id="${approved}"`);
    expect(queue.html).toContain(`data-coupon-id="${rejected}"`);
    const csrf = csrfToken(queue.html);
    const decide = (couponId: string, intent: "approve" | "reject") => postForm(stack.siteUrl, "/ops/vip-bets", ops, { csrf, couponId, intent });
    const yes = await decide(approved, "approve");
    expect(yes.status).toBe(302);
    expect(yes.headers.get("location")).toBe(`/ops/vip-bets?done=approve&id=${approved}`);
    expect((await decide(rejected, "reject")).status).toBe(302);
    // a second decision is refused with its reason, and changes nothing
    const twice = await decide(approved, "reject");
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("This VIP bet was already approved or rejected.");

    expect((await getPage(stack.siteUrl, `/en/coupon/result/${approved}`, bettor)).html).toContain('data-state="open"');
    const refusedPage = (await getPage(stack.siteUrl, `/en/coupon/result/${rejected}`, bettor)).html;
    expect(refusedPage).toContain('data-state="refused"');
    expect(refusedPage).toContain("The VIP bet was rejected; the stake was released.");
    expect(await available()).toBe(100_000_000 - 15_000_000);
    const history = (await getPage(stack.siteUrl, "/en/office/history?status=refused&period=all", bettor)).html;
    expect(history).toContain(`data-coupon-id="${rejected}"`);
    const audit = (await getPage(stack.siteUrl, "/ops/audit?entity=vip_bet", ops)).html;
    expect(audit).toContain("VIP bet");
    expect(audit).toContain("Approved");
    expect(audit).toContain("Rejected");
  });
  it("a VIP bet whose game starts before anyone decides expires on its own: the stake comes back and the bettor reads why (decision 043)", async () => {
    const bettor = await signUp({}, 100_000_000);
    const ops = await signUp({ roles: ["player", "ops"] });
    const game = await newGame();
    const refused = await place(bettor, { typeId: "0", amount: "150000", bets: `${game.outcomes["1::1"]}:2.1:P` });
    const sent = await postForm(stack.siteUrl, "/en/coupon/place", bettor, { ...formFields(await refused.text(), "vip-offer"), intent: "place" });
    const location = sent.headers.get("location")!;
    expect(location).toMatch(/^\/en\/coupon\/result\/\d+$/);
    const id = location.split("/").pop()!;
    const available = async () => ((await (await fetch(`${stack.siteUrl}/en/balance`, { headers: { cookie: bettor.header() } })).json()) as { balance: { available: number } }).balance.available;
    expect(await available()).toBe(100_000_000 - 15_000_000);

    // the platform's own sweep (every 2 s by default) finds the game under way
    await hook(`/__test/bets/games/${game.gameId}/status`, { status: 2 });
    await expect.poll(async () => (await getPage(stack.siteUrl, location, bettor)).html, { timeout: 20_000, interval: 500 }).toContain('data-state="refused"');
    expect((await getPage(stack.siteUrl, location, bettor)).html).toContain("The VIP bet expired: a game in it started before it was approved; the stake was released.");
    expect(await available()).toBe(100_000_000);
    const history = (await getPage(stack.siteUrl, "/en/office/history?status=refused&period=all", bettor)).html;
    expect(history).toContain(`data-coupon-id="${id}"`);
    expect((await getPage(stack.siteUrl, "/ops/vip-bets", ops)).html).not.toContain(`data-coupon-id="${id}"`);
    const audit = (await getPage(stack.siteUrl, "/ops/audit?entity=vip_bet", ops)).html;
    expect(audit).toContain("Expired");
    expect(audit).toContain("system: VIP bet expiry");
  });
});
