import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, csrfToken, getPage, postForm } from "../support/forms";
import { type Stack, startStack } from "../support/stack";
import { reconcileLedgerAfterEach } from "../support/suite";

// Placing bets through the site without JavaScript (plain form posts, as a browser without JS),
// as the demo bettor: single, express and system; one coupon per Idempotency-Key; typed,
// translated refusals that move no money; the history and the printable coupon.

let stack: Stack;
reconcileLedgerAfterEach(() => stack?.platformUrl);
beforeAll(async () => {
  stack = await startStack({ siteEnv: { TRUSTED_CLIENT_IP_HEADER: "x-test-client-ip" } });
});
afterAll(async () => {
  await stack?.stop();
});

interface TestGame {
  gameId: number;
  outcomes: Record<string, number>;
}

let address = 20;
async function signIn(login: string, password: string) {
  const jar = new CookieJar();
  const ip = { "x-test-client-ip": `198.51.100.${address++}` };
  const { html } = await getPage(stack.siteUrl, "/en/login", jar, ip);
  const res = await postForm(stack.siteUrl, "/en/login", jar, { csrf: csrfToken(html), formType: "login_password", step: "credentials", uLogin: login, uPassword: password }, ip);
  expect(res.status).toBe(302);
  return jar;
}

const hook = async (path: string, body: unknown = {}) => {
  const res = await fetch(`${stack.platformUrl}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(res.status, path).toBeLessThan(300);
  return res.json();
};
const newGame = (status: 1 | 2 = 1) => hook("/__test/bets/games", { status }) as Promise<TestGame>;

async function balanceOf(jar: CookieJar): Promise<number> {
  const res = await fetch(`${stack.siteUrl}/en/balance`, { headers: { cookie: jar.header() } });
  expect(res.headers.get("cache-control")).toContain("no-store");
  const body = (await res.json()) as { balance: { available: number } | null };
  return body.balance!.available;
}

let keys = 0;
const newKey = () => `it-${Date.now()}-${keys++}-abcdef`;

async function place(jar: CookieJar, fields: Record<string, string>, lng = "en") {
  const { html } = await getPage(stack.siteUrl, `/${lng}/coupon`, jar);
  return postForm(stack.siteUrl, `/${lng}/coupon/place`, jar, { csrf: csrfToken(html), key: newKey(), changeCoefAction: "2", ...fields });
}

describe("placing bets through the site without JavaScript", () => {
  let player: CookieJar;
  beforeAll(async () => {
    player = await signIn("player@arena.bet", "Player123");
  });

  it("shows the signed-in bettor's balance in the header", async () => {
    const { html } = await getPage(stack.siteUrl, "/en", player);
    expect(html).toContain('data-testid="header-balance"');
    expect(html).toContain("10,000.00 RUB");
  });

  it("places a single: a result page with the coupon number, the stake debited once, the coupon cookie cleared", async () => {
    const game = await newGame();
    const before = await balanceOf(player);
    const key = newKey();
    const fields = { key, typeId: "0", amount: "100", bets: `${game.outcomes["1::1"]}:2.1:P` };
    const res = await place(player, fields);
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/en\/coupon\/result\/\d+$/);
    expect(res.headers.getSetCookie().join("\n")).toMatch(/coupon=;.*Max-Age=0/i);
    // the same key again (a double submit or a retry): the same coupon, no second debit
    const again = await place(player, fields);
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe(location);
    expect(await balanceOf(player)).toBe(before - 10_000);

    const { res: page, html } = await getPage(stack.siteUrl, location, player);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("refresh")).toBeNull();
    const id = location.split("/").pop()!;
    expect(html).toContain(`Coupon № ${id}`);
    expect(html).toContain("Accepted");
    expect(html).toContain("100.00 RUB");
  });

  it("places an express and a system", async () => {
    const [g1, g2, g3] = await Promise.all([newGame(), newGame(), newGame()]);
    const before = await balanceOf(player);
    const express = await place(player, { typeId: "1", amount: "50", bets: `${g1.outcomes["1::1"]}:2.1:P,${g2.outcomes["1::X"]}:3.4:P` });
    expect(express.status).toBe(302);
    const system = await place(player, {
      typeId: "2",
      systemValue: "2",
      amount: "30",
      bets: `${g1.outcomes["6::yes"]}:1.8:P,${g2.outcomes["6::no"]}:2:P,${g3.outcomes["1::2"]}:3.5:P`,
    });
    expect(system.status).toBe(302);
    expect(await balanceOf(player)).toBe(before - 5_000 - 3_000);
    const { html } = await getPage(stack.siteUrl, system.headers.get("location")!, player);
    expect(html).toContain("System 2/3");

    // multiple singles: one coupon per bet, each with the stake, all on one result page
    const singles = await place(player, { typeId: "9", amount: "10", bets: `${g1.outcomes["1::2"]}:3.5:P,${g3.outcomes["1::1"]}:2.1:P` });
    expect(singles.status).toBe(302);
    expect(singles.headers.get("location")).toMatch(/^\/en\/coupon\/result\/\d+\?also=\d+$/);
    const both = await getPage(stack.siteUrl, singles.headers.get("location")!, player);
    expect(both.html.match(/data-testid="placed-coupon"/g)).toHaveLength(2);
    expect(await balanceOf(player)).toBe(before - 5_000 - 3_000 - 2_000);
  });

  it("places an express as the bonus bet the coupon offered; a slip that no longer qualifies is refused with a translated reason", async () => {
    const games = await Promise.all([newGame(), newGame(), newGame()]);
    const bets = games.map((g) => `${g.outcomes["1::1"]}:2.1:P`).join(",");
    const bonus = await place(player, { typeId: "1", amount: "100", bonusBet: "1", bets });
    expect(bonus.status).toBe(302);
    // 100 × 2.1³ × 1.03 = 953.88
    const { html } = await getPage(stack.siteUrl, bonus.headers.get("location")!, player);
    expect(html).toContain("953.88");

    const before = await balanceOf(player);
    const two = await place(player, { typeId: "1", amount: "100", bonusBet: "1", bets: games.slice(0, 2).map((g) => `${g.outcomes["1::1"]}:2.1:P`).join(",") });
    expect(two.status).toBe(422);
    const twoHtml = await two.text();
    expect(twoHtml).toContain('data-code="bonus_bet_unavailable"');
    expect(twoHtml).toContain("no longer qualifies for the bonus bet");
    expect(await balanceOf(player)).toBe(before);
  });

  it("refuses with a typed, translated reason and moves no money", async () => {
    const game = await newGame();
    const outcome = game.outcomes["1::1"];
    const before = await balanceOf(player);

    const bad = await place(player, { typeId: "0", amount: "abc", bets: `${outcome}:2.1:P` });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Enter a stake: a positive amount in whole cents.");

    const broke = await place(player, { typeId: "0", amount: "50000", bets: `${outcome}:2.1:P` }, "ru");
    expect(broke.status).toBe(422);
    const brokeHtml = await broke.text();
    expect(brokeHtml).toContain("Недостаточно средств");
    expect(brokeHtml).toContain('data-code="insufficient_balance"');

    // the price moved and the bettor asked to be asked: 409 with the new coefficient and an offer
    await hook(`/__test/bets/outcomes/${outcome}`, { coef: 195 });
    const key = newKey();
    const moved = await place(player, { key, typeId: "0", amount: "10", changeCoefAction: "0", bets: `${outcome}:2.1:P` });
    expect(moved.status).toBe(409);
    const movedHtml = await moved.text();
    expect(movedHtml).toContain("The odds have changed.");
    expect(movedHtml).toContain("Accept the new odds and place");
    expect(movedHtml).toContain(`value="${outcome}:1.95:P"`);
    expect(await balanceOf(player)).toBe(before);
    // accepting them: the same key, the new coefficient
    const accepted = await place(player, { key, typeId: "0", amount: "10", changeCoefAction: "0", bets: `${outcome}:1.95:P` });
    expect(accepted.status).toBe(302);
    expect(await balanceOf(player)).toBe(before - 1_000);

    const finished = await newGame();
    await hook(`/__test/bets/games/${finished.gameId}/finish`, { home: 1, away: 0 });
    const late = await place(player, { typeId: "0", amount: "10", bets: `${finished.outcomes["1::1"]}:2.1:P` }, "de");
    expect(late.status).toBe(422);
    expect(await late.text()).toContain("Das Spiel ist vorbei");

    const tampered = await place(player, { typeId: "0", amount: "10", bets: "not-a-bet" });
    expect(tampered.status).toBe(400);
    expect(await balanceOf(player)).toBe(before - 1_000);
  });

  it("a guest posting the place form is sent to sign in", async () => {
    const guest = new CookieJar();
    const { html } = await getPage(stack.siteUrl, "/en/coupon", guest);
    const res = await postForm(stack.siteUrl, "/en/coupon/place", guest, { csrf: csrfToken(html), key: newKey(), typeId: "0", amount: "10", bets: "1:2:P" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/en\/login/);
  });

  it("lists the coupons in the history with filters, and prints only the bettor's own coupon", async () => {
    const game = await newGame();
    const res = await place(player, { typeId: "0", amount: "20", bets: `${game.outcomes["1::2"]}:3.5:P` });
    const id = res.headers.get("location")!.split("/").pop()!;
    await hook(`/__test/bets/games/${game.gameId}/finish`, { home: 0, away: 2 });

    const { res: page, html } = await getPage(stack.siteUrl, "/en/office/history", player);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(html).toContain(`Coupon № ${id}`);
    expect(html).toContain("Won");
    expect(html).toContain("70.00 RUB");
    const express = await getPage(stack.siteUrl, "/en/office/history?type=1&period=day", player);
    expect(express.html).not.toContain(`Coupon № ${id}`);
    expect(express.html).toMatch(/Coupons found: [1-9]/);
    const won = await getPage(stack.siteUrl, "/ru/office/history?status=won&type=0&period=week", player);
    expect(won.html).toContain(`Купон № ${id}`);

    const guest = await getPage(stack.siteUrl, "/en/office/history", new CookieJar());
    expect(guest.res.status).toBe(302);

    const print = await getPage(stack.siteUrl, `/en/print-coupon/${id}`, player);
    expect(print.res.status).toBe(200);
    expect(print.html).toContain(`Coupon № ${id}`);
    const ops = await signIn("ops@arena.bet", "Operator123");
    expect((await getPage(stack.siteUrl, `/en/print-coupon/${id}`, ops)).res.status).toBe(404);
    expect((await getPage(stack.siteUrl, `/en/coupon/result/${id}`, ops)).res.status).toBe(404);
    expect((await getPage(stack.siteUrl, "/en/print-coupon/999999999", player)).res.status).toBe(404);
    expect((await getPage(stack.siteUrl, "/en/print-coupon/12a", player)).res.status).toBe(404);
  });
});
