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

// The coupon settings panel without JavaScript (intent "settings" of the coupon action): a form
// whose post the coupon-settings cookie keeps, which the pages render and the place action sends.
describe("the coupon settings and the promo code without JavaScript", () => {
  let bettor: CookieJar;
  beforeAll(async () => {
    bettor = await signIn("player@arena.bet", "Player123");
  });

  /** GETs the coupon page for its token and posts the settings form as the panel does. */
  async function saveSettings(jar: CookieJar, fields: Record<string, string>, options: { lng?: string; headers?: Record<string, string>; csrf?: string } = {}) {
    const lng = options.lng ?? "en";
    const { html } = await getPage(stack.siteUrl, `/${lng}/coupon`, jar);
    const res = await postForm(
      stack.siteUrl,
      `/${lng}/coupon`,
      jar,
      { csrf: options.csrf ?? csrfToken(html), intent: "settings", returnTo: `/${lng}/coupon`, changeCoefAction: "2", isBalanceShown: "1", isPossibleWinShown: "1", ...fields },
      options.headers,
    );
    return { res, html: await res.text() };
  }
  const settingsCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith("coupon_settings="));
  /** The settings form's markup in a page. */
  const panel = (html: string) => html.slice(html.indexOf('id="coupon-settings"'), html.indexOf("</form>", html.indexOf('id="coupon-settings"')));
  const checked = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*checked`).test(panel(html));

  it("is a form posting to the coupon action with the CSRF token and a save button; one-click says it needs JavaScript", async () => {
    const { html } = await getPage(stack.siteUrl, "/en/coupon", new CookieJar());
    expect(html).toMatch(/<form method="post" action="\/en\/coupon" id="coupon-settings"/);
    const form = panel(html);
    expect(form).toContain('name="csrf"');
    expect(form).toContain('name="intent" value="settings"');
    expect(form).toMatch(/<button type="submit"[^>]*>Save settings<\/button>/);
    expect(form).toContain("One-click bets and your own stake step work with JavaScript only");
    // What needs JavaScript is the only part switched off.
    expect(form.match(/<fieldset[^>]*disabled/g)).toHaveLength(1);
  });

  it("keeps the settings in a signed, HttpOnly, SameSite=Lax, Secure cookie for a year, and every page renders them", async () => {
    const jar = await signIn("player@arena.bet", "Player123");
    const { res } = await saveSettings(jar, { changeCoefAction: "1", exactCoef: "1,85", isDropOnScoreChange: "1", isPossibleWinShown: "" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/en/coupon#coupon-settings");
    const cookie = settingsCookie(res)!;
    expect(cookie).toMatch(/^coupon_settings=s1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+;/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).toMatch(/; Max-Age=31536000/i);
    const { html } = await getPage(stack.siteUrl, "/en/coupon", jar);
    expect(panel(html)).toMatch(/name="exactCoef"[^>]*value="1.85"/);
    expect(panel(html)).toMatch(/<option value="1" selected="">Accept any change<\/option>/);
    expect(checked(html, "isDropOnScoreChange")).toBe(true);
    expect(checked(html, "isPossibleWinShown")).toBe(false);
    expect(checked(html, "isBalanceShown")).toBe(true);
    // A changed value is a forged one: the defaults again.
    jar.set("coupon_settings", jar.get("coupon_settings")!.replace(/\.[^.]+$/, ".forged"));
    const forged = await getPage(stack.siteUrl, "/en/coupon", jar);
    expect(checked(forged.html, "isDropOnScoreChange")).toBe(false);
    expect(checked(forged.html, "isPossibleWinShown")).toBe(true);
  });

  it("refuses bad input with a translated 4xx and keeps the settings it had", async () => {
    const jar = await signIn("player@arena.bet", "Player123");
    await saveSettings(jar, { exactCoef: "2.50" });
    const kept = jar.get("coupon_settings");

    const bad = await saveSettings(jar, { exactCoef: "1.001" });
    expect(bad.res.status).toBe(400);
    expect(settingsCookie(bad.res)).toBeUndefined();
    expect(bad.html).toContain("Enter odds from 1.01 to 100000 with at most two decimals, or leave the field empty.");
    // The field typed comes back as typed, invalid, described by its message, and focused.
    const input = /<input[^>]*name="exactCoef"[^>]*>/.exec(bad.html)![0];
    for (const attribute of ['value="1.001"', 'aria-invalid="true"', 'aria-describedby="coupon-settings-exact-error coupon-settings-exact-hint"', "autofocus"]) expect(input).toContain(attribute);
    expect(bad.html).toContain('id="coupon-settings-exact-error"');
    const ru = await saveSettings(jar, { exactCoef: "abc" }, { lng: "ru" });
    expect(ru.res.status).toBe(400);
    expect(ru.html).toContain("Введите коэффициент от 1.01 до 100000");
    const tampered = await saveSettings(jar, { changeCoefAction: "7" });
    expect(tampered.res.status).toBe(400);
    expect(tampered.html).toContain("The settings were not saved: nothing was changed.");

    const foreign = await saveSettings(jar, { exactCoef: "" }, { headers: { origin: "https://evil.example" } });
    expect(foreign.res.status).toBe(403);
    const noToken = await saveSettings(jar, { exactCoef: "" }, { csrf: "" });
    expect(noToken.res.status).toBe(403);
    for (const refused of [foreign, noToken]) expect(settingsCookie(refused.res)).toBeUndefined();
    expect(jar.get("coupon_settings")).toBe(kept);
    expect(panel((await getPage(stack.siteUrl, "/en/coupon", jar)).html)).toMatch(/name="exactCoef"[^>]*value="2.50"/);
  });

  it("the place form sends the kept settings: a minimum above the coupon's odds refuses it, one the form carries is judged by the form", async () => {
    const jar = await signIn("player@arena.bet", "Player123");
    await saveSettings(jar, { exactCoef: "3.00" });
    const game = await newGame();
    const before = await balanceOf(jar);
    const single = { typeId: "0", amount: "10", bets: `${game.outcomes["1::1"]}:2.1:P` };
    const { html: page } = await getPage(stack.siteUrl, "/en/coupon", jar);
    // As the coupon's own place form posts: no setting among its fields.
    const refused = await postForm(stack.siteUrl, "/en/coupon/place", jar, { csrf: csrfToken(page), key: newKey(), ...single });
    expect(refused.status).toBe(409);
    const html = await refused.text();
    expect(html).toContain('data-code="exact_coef"');
    expect(html).toContain("The total odds are below your minimum of 3.00. The bet was not placed.");
    expect(html).toContain("Place at these odds without the minimum");
    expect(await balanceOf(jar)).toBe(before);
    // The offer's form carries an empty minimum: placed.
    const placed = await place(jar, { ...single, exactCoef: "" });
    expect(placed.status).toBe(302);
    expect(await balanceOf(jar)).toBe(before - 1_000);
  });

  it("drop-on-score-change kept in the cookie goes to the platform with the bet", async () => {
    const jar = await signIn("player@arena.bet", "Player123");
    await saveSettings(jar, { isDropOnScoreChange: "1" });
    const live = await newGame(2);
    const { html } = await getPage(stack.siteUrl, "/en/coupon", jar);
    const res = await postForm(stack.siteUrl, "/en/coupon/place", jar, { csrf: csrfToken(html), key: newKey(), typeId: "0", amount: "10", bets: `${live.outcomes["1::1"]}:2.1:L` });
    expect(res.status).toBe(302);
    const id = Number(res.headers.get("location")!.split("/").pop());
    const { rows } = (await hook("/__test/sql", { sql: `select is_drop_on_score_change from bet_coupon where id = ${id}` })) as { rows: { is_drop_on_score_change: boolean }[] };
    expect(rows[0]!.is_drop_on_score_change).toBe(true);
  });

  it("the VIP setting kept in the cookie sends a stake above the maximum for approval instead of a refusal", async () => {
    const email = `vip-settings-${Date.now()}@example.com`;
    const { userId } = (await hook("/__test/users", { email, password: "Secret123", email_activated: true })) as { userId: number };
    await hook("/__test/ledger/deposit", { userId, amount: 100_000_000 });
    const jar = await signIn(email, "Secret123");
    const game = await newGame();
    const { html } = await getPage(stack.siteUrl, "/en/coupon", jar);
    const above = { typeId: "0", amount: "150000", bets: `${game.outcomes["1::1"]}:2.1:P` };
    const refused = await postForm(stack.siteUrl, "/en/coupon/place", jar, { csrf: csrfToken(html), key: newKey(), ...above });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('data-code="amount_above_max"');
    await saveSettings(jar, { isVipBet: "1" });
    const sent = await postForm(stack.siteUrl, "/en/coupon/place", jar, { csrf: csrfToken(html), key: newKey(), ...above });
    expect(sent.status).toBe(302);
    const result = await getPage(stack.siteUrl, sent.headers.get("location")!, jar);
    expect(result.html).toContain("The VIP bet is sent for approval.");
  });

  it("a promo code: a bad one is refused with its name and nothing placed; a good one, in any case, is on the placed coupon", async () => {
    const code = `SITE${Date.now().toString(36).toUpperCase()}`;
    await hook("/__test/bets/promo-codes", { code, boostPercent: 10, couponTypes: [0, 1] });
    const game = await newGame();
    const before = await balanceOf(bettor);
    const single = { typeId: "0", amount: "10", bets: `${game.outcomes["1::1"]}:2.1:P` };
    const bad = await place(bettor, { ...single, promoCode: "NOPE42" });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain("The promo code NOPE42 cannot be used for this bet");
    const ru = await place(bettor, { ...single, promoCode: "NOPE42" }, "ru");
    expect(await ru.text()).toContain("Промокод NOPE42 нельзя применить к этой ставке");
    expect(await balanceOf(bettor)).toBe(before);

    const good = await place(bettor, { ...single, promoCode: ` ${code.toLowerCase()} ` });
    expect(good.status).toBe(302);
    const result = await getPage(stack.siteUrl, good.headers.get("location")!, bettor);
    expect(result.html).toMatch(new RegExp(`data-testid="coupon-promo-code"[^>]*>${code}<`));
    // Used once by this bettor: a second coupon with it is refused.
    const twice = await place(bettor, { ...single, promoCode: code });
    expect(twice.status).toBe(422);
  });
});
