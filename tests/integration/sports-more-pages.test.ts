import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../support/hooks";
import { type FeedGame } from "../support/sports-feed";
import { homeWin, sportsGames, untilListed } from "../support/sports-games";
import { type Stack, startStack } from "../support/stack";
import { reconcileLedgerAfterEach } from "../support/suite";
import { authClient } from "./platform-auth-client";

// The sports helper's pages over HTTP against a real platform: bets-on-your (the platform counts
// the selections of recent coupons, the site lists them, most bettors first, each a coefficient
// that adds it to the coupon) and the search of teams and championships (a GET form). The games a
// test bets on or hides are games of its own (tests/support/sports-games.ts), not whichever the
// day's catalogue lists first.

const BOT = { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
const LANGUAGES = ["ru", "en", "de", "tr", "uk", "kk", "az", "ar", "fa"];
const TENNIS = 2;

describe("bets on yours and the sports search", () => {
  let stack: Stack;
  reconcileLedgerAfterEach(() => stack?.platformUrl);
  const api = authClient(() => stack.platformUrl);
  const games = sportsGames(() => stack.platformUrl);
  beforeAll(async () => {
    stack = await startStack({ sports: true });
    // Paused: the games made here stay where they are put.
    await games.pause();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const bettor = async () => {
    const { userId, token } = await api.createUser({});
    const { accountId } = await api.expectOk("POST", "/__test/ledger/deposit", { body: { userId, amount: 1_000_000 } }, 201);
    return { token, accountId: accountId as number };
  };
  let n = 0;
  const back = async (who: { token: string; accountId: number }, outcome: { id: number; coef: number }) => {
    const res = await api.call("POST", "/web-api/bets/coupon", { token: who.token, body: { accountId: who.accountId, typeId: 0, amount: 10_000, bets: [{ outcomeId: outcome.id, coef: outcome.coef / 100 }] }, headers: { "idempotency-key": `popular-${Date.now()}-${n++}` } });
    expect(res.status).toBeLessThan(300);
  };

  it("counts distinct bettors per open selection and shows them on the page in every language", async () => {
    const [first, second] = [await games.lineGame(), await games.lineGame()];
    const a = homeWin(first);
    const b = homeWin(second);
    const [one, two, three] = await Promise.all([bettor(), bettor(), bettor()]);
    await back(one, a);
    await back(two, a);
    await back(three, a);
    await back(three, a);
    await back(one, b);

    const popular = (await (await fetch(`${stack.platformUrl}/sports-api/popular?limit=5`)).json()) as { selections: Array<{ outcomeId: number; bettors: number; bets: number; game: FeedGame }> };
    expect(popular.selections[0]).toMatchObject({ outcomeId: a.id, bettors: 3, bets: 4 });
    expect(popular.selections[0]!.game.markets).toHaveLength(1);
    expect(popular.selections[1]).toMatchObject({ outcomeId: b.id, bettors: 1, bets: 1 });
    expect((await fetch(`${stack.platformUrl}/sports-api/popular?hours=0`)).status).toBe(400);

    for (const lng of LANGUAGES) {
      const res = await fetch(`${stack.siteUrl}/${lng}/bets-on-your`, { headers: BOT });
      expect(res.status, lng).toBe(200);
      const html = await res.text();
      expect(html, lng).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/${lng}/bets-on-your"`));
      expect(html, lng).toContain('class="popular-row"');
      // The most-backed first, as a coupon form button (works without JavaScript).
      const button = (outcomeId: number) => html.search(new RegExp(`name="pick" value="\\d+:${outcomeId}"`));
      expect(button(a.id), lng).toBeGreaterThan(0);
      expect(button(a.id), lng).toBeLessThan(button(b.id));
      expect(html, lng).toContain(first.home.name.replace(/&/g, "&amp;"));
    }
  });

  it("finds teams and championships from the sports menu's GET form, in every language", async () => {
    const home = await (await fetch(`${stack.siteUrl}/en/line`, { headers: BOT })).text();
    expect(home).toMatch(/<form[^>]*role="search"[^>]*action="\/en\/search"|<form[^>]*action="\/en\/search"[^>]*role="search"/);
    const found = await (await fetch(`${stack.siteUrl}/en/search?q=arsenal`, { headers: BOT })).text();
    expect(found).toContain("Arsenal");
    expect(found).toMatch(/href="\/en\/team\/\d+"/);
    expect(found).toContain('<meta name="robots" content="noindex, follow"');
    // A championship by its country and name, though the name alone has no country.
    const russia = await (await fetch(`${stack.siteUrl}/en/search?q=${encodeURIComponent("russia super")}`, { headers: BOT })).text();
    expect(russia).toContain("Russia. Super League");
    expect(russia).toMatch(/href="\/en\/champs\/\d+"/);
    for (const lng of LANGUAGES) {
      const res = await fetch(`${stack.siteUrl}/${lng}/search?q=zzzzqqq`, { headers: BOT });
      expect(res.status, lng).toBe(200);
      expect(await res.text(), lng).toContain("zzzzqqq");
      // Too short, empty or garbage text: the form and a hint, never an error.
      for (const q of ["a", "", "%00%FF"]) expect((await fetch(`${stack.siteUrl}/${lng}/search?q=${q}`, { headers: BOT })).status, `${lng} ${q}`).toBe(200);
    }
  });

  it("hides the sports a bettor's disallow_line_sport / disallow_live_sport list: menu, lists and game pages", async () => {
    // A live football game of its own: football is hidden from live, tennis from the line.
    const football = await games.liveGame({ gameTimeSec: 600 });
    const liveSport = `${football.sportId}-${football.sportSlug}`;
    expect(liveSport).toBe("1-football");
    const lineHidden = { id: TENNIS, path: "2-tennis" };
    const { token } = (await api.expectOk("POST", "/__test/users", { body: { email: "hidden-sports@example.com", password: "Secret123", disallow_live_sport: [football.sportId], disallow_line_sport: [lineHidden.id] } }, 201)) as { token: string };
    const bettor = { cookie: `user_token=${token}; ua=1; age_confirmed=1` };
    const page = async (path: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${stack.siteUrl}${path}`, { headers: { ...BOT, ...headers }, redirect: "manual" });
      return { status: res.status, html: await res.text() };
    };
    const gameUrl = `/en/live/${football.sportId}-${football.sportSlug}/${football.champId}/${football.id}`;
    // A guest sees both, and the game.
    await untilListed(stack.siteUrl, "/en/live", football);
    const guestLive = (await page("/en/live")).html;
    expect(guestLive).toContain(`href="/en/live/${liveSport}"`);
    expect(guestLive).toContain(`data-game="${football.id}"`);
    expect((await page("/en/line")).html).toContain(`href="/en/line/${lineHidden.path}"`);
    expect([200, 301]).toContain((await page(gameUrl)).status);
    // The bettor: not that sport in live (menu, list, sport page, game page), nor the other on the line.
    const liveHtml = (await page("/en/live", bettor)).html;
    expect(liveHtml).not.toContain(`href="/en/live/${liveSport}"`);
    expect(liveHtml).not.toContain(`data-game="${football.id}"`);
    expect((await page(`/en/live/${liveSport}`, bettor)).status).toBe(404);
    expect((await page(gameUrl, bettor)).status).toBe(404);
    const lineHtml = (await page("/en/line", bettor)).html;
    expect(lineHtml).not.toContain(`href="/en/line/${lineHidden.path}"`);
    expect(lineHtml).toContain('href="/en/line/1-football"');
    expect((await page(`/en/line/${lineHidden.path}`, bettor)).status).toBe(404);
    // The platform's user config carries both lists (SPEC §3).
    const config = await api.expectOk("GET", "/web-api/user/config", { token });
    expect(config.result).toMatchObject({ disallow_line_sport: [lineHidden.id], disallow_live_sport: [football.sportId] });
  });

  it("prepares home's top lists once per feed answer and view: a bettor's hidden sport stays out of his list only, and the top feed polls the same list", async () => {
    // Which games are live depends on the hour: the ones live now are called off (this file's
    // stack is its own) and two of its own go live, a football and a tennis match, so the top
    // list is exactly those two, whatever the hour.
    const own = [await games.liveGame({ gameTimeSec: 600 }), await games.liveGame({ sportId: TENNIS, gameTimeSec: 600 })];
    const ownIds = own.map((g) => g.id).sort((x, y) => x - y);
    const live = ((await (await fetch(`${stack.platformUrl}/sports-api/feed/live`)).json()) as { games: FeedGame[] }).games;
    for (const game of live) if (!ownIds.includes(game.id)) await games.setState(game.id, { status: 5 });
    type TopFeed = { type: string; version: number; games: Array<{ id: number; sportId: number; sportName: string }>; removed: unknown[] };
    const feed = async () => (await (await fetch(`${stack.siteUrl}/en/sports-feed?top=live`)).json()) as TopFeed;
    // The site keeps the top list it read for a second.
    let top!: TopFeed;
    await eventually(async () => {
      top = await feed();
      expect(top.games.map((g) => g.id).sort((x, y) => x - y)).toEqual(ownIds);
    });
    expect(top).toMatchObject({ type: "snapshot", removed: [] });
    // In the page's language, as home shows it.
    expect(top.games.map((g) => [g.sportId, g.sportName]).sort()).toEqual([
      [1, "Football"],
      [TENNIS, "Tennis"],
    ]);
    // Tennis hidden: the bettor's list keeps the football match only.
    const hiddenSport = TENNIS;
    const { token } = (await api.expectOk("POST", "/__test/users", { body: { email: "hidden-top@example.com", password: "Secret123", disallow_live_sport: [hiddenSport] } }, 201)) as { token: string };
    const home = async (headers: Record<string, string> = {}) => (await fetch(`${stack.siteUrl}/en/`, { headers: { ...BOT, ...headers } })).text();
    // Asked together, within one cached feed answer: the guests' list and the bettor's differ.
    // The simulator is paused, so the top feed asked above is the list home shows.
    const [guest, bettor, guestAgain] = await Promise.all([home(), home({ cookie: `user_token=${token}; ua=1; age_confirmed=1` }), home()]);
    for (const html of [guest, guestAgain]) {
      for (const game of own) expect(html).toContain(`data-game="${game.id}"`);
    }
    const [hidden, shown] = [own.filter((g) => g.sportId === hiddenSport), own.filter((g) => g.sportId !== hiddenSport)];
    expect([hidden.length, shown.length]).toEqual([1, 1]);
    for (const game of hidden) expect(bettor).not.toContain(`data-game="${game.id}"`);
    for (const game of shown) expect(bettor).toContain(`data-game="${game.id}"`);
  });
});
