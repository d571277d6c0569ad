import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CookieJar } from "../support/forms";
import { eventually, hooks } from "../support/hooks";
import type { FeedGame } from "../support/sports-feed";
import { type Stack, startStack } from "../support/stack";

// Issue 37, decision 063: while the platform's sports feed is away, the sports pages serve the
// last snapshot the site has, every market suspended, with a notice and no-store; a page with no
// snapshot says so in place with a 503 (never a 500); the next load after the platform is back is
// the live page. The header's balance says "unavailable" in place rather than failing the page.
// The feed is taken away with a "down" fault on /sports-api (the platform closes the connection):
// stopping the whole platform also fails the guards' block check, which sends pages to maintenance.

const BOT = { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
const PAUSED = 'data-testid="betting-paused"';
const UNAVAILABLE = 'data-testid="sports-unavailable"';

interface Page {
  path: string;
  status: number;
  html: string;
  cacheControl: string;
}

describe("sports pages while the platform is away", () => {
  let stack: Stack;
  let line: FeedGame;
  let liveSport: FeedGame;
  const platform = hooks(() => stack.platformUrl);

  beforeAll(async () => {
    stack = await startStack({ sports: true });
    await platform.pauseSimulator();
    const feed = async (section: string) => ((await (await fetch(`${stack.platformUrl}/sports-api/feed/${section}`)).json()) as { games: FeedGame[] }).games;
    const [lineGames, liveGames] = await Promise.all([feed("line"), feed("live")]);
    line = lineGames.find((g) => g.markets.length > 0)!;
    // A live sport of its own: the "no snapshot" test asks for its page only while the feed is away.
    liveSport = liveGames.find((g) => g.sportId !== line.sportId)!;
    expect(line, "a line game with markets").toBeDefined();
    expect(liveSport, "a live game of another sport").toBeDefined();
    // The guest's CSRF cookie, from a page that shows no odds (the site keeps no copy of it).
    expect((await load("/en/login")).status).toBe(200);
  });
  afterEach(async () => {
    await platform.clearFaults();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  /**
   * A page, its redirects to the canonical address followed, for a returning guest: the jar sends
   * the CSRF cookie back, so the answer sets no cookie and its Cache-Control is the page's own.
   */
  const guest = new CookieJar();
  async function load(path: string, headers: Record<string, string> = {}, jar = guest): Promise<Page> {
    let url = `${stack.siteUrl}${path}`;
    for (let hop = 0; hop < 4; hop++) {
      const res = jar.take(await fetch(url, { redirect: "manual", headers: { cookie: jar.header(), ...headers } }));
      const location = res.headers.get("location");
      if (res.status >= 300 && res.status < 400 && location) {
        await res.arrayBuffer();
        url = new URL(location, url).toString();
        continue;
      }
      return { path: new URL(url).pathname, status: res.status, html: await res.text(), cacheControl: res.headers.get("cache-control") ?? "" };
    }
    throw new Error(`too many redirects from ${path}`);
  }

  const gamePath = (g: FeedGame) => `/en/line/${g.sportId}-x/${g.champId}-x/${g.id}-x`;
  const sportsPages = () => ["/en", "/en/line", `/en/line/${line.sportId}-x`, gamePath(line), "/en/top-game", "/en/multi"];
  const pickButtons = (html: string) => html.match(/<button[^>]*name="pick"[^>]*>/g) ?? [];
  /** The no-JavaScript add-to-coupon form of the odds (each coefficient is its submit button). */
  const addForms = (html: string) => html.match(/<form[^>]*action="\/en\/coupon"[^>]*>(?:(?!<\/form>)[\s\S])*?name="intent" value="add"/g) ?? [];

  // Booleans rather than the page in the message: a page is hundreds of KB.
  const has = (page: Page, text: string) => expect(page.html.includes(text), `${page.path} shows ${text}`).toBe(true);
  const hasNot = (page: Page, text: string) => expect(page.html.includes(text), `${page.path} shows ${text}`).toBe(false);

  function expectSuspended(page: Page) {
    expect(page.status, page.path).toBe(200);
    has(page, `<p class="notice notice--warning sports-paused" role="status" ${PAUSED}>`);
    has(page, "Betting is paused while we reconnect to the odds service.");
    expect(addForms(page.html), page.path).toEqual([]);
    for (const button of pickButtons(page.html)) expect(button, page.path).toMatch(/ disabled=""/);
    // No stale page is kept by a CDN or a browser.
    expect(page.cacheControl, page.path).toContain("no-store");
    expect(page.html.trimEnd().endsWith("</html>"), page.path).toBe(true);
  }

  function expectLive(page: Page) {
    expect(page.status, page.path).toBe(200);
    hasNot(page, PAUSED);
    hasNot(page, UNAVAILABLE);
  }

  it("answers 503 with the page's own message in place when it has no snapshot, never a 500", async () => {
    // Nothing has been shown yet: the site has no copy of any sports answer.
    await platform.fault({ path: "/sports-api", mode: "down" });
    for (const path of ["/en", "/en/line", `/en/live/${liveSport.sportId}-x`, gamePath(line), "/en/top-game", "/en/multi"]) {
      const page = await load(path);
      expect(page.status, path).toBe(503);
      has(page, UNAVAILABLE);
      has(page, "Sports odds are not available right now.");
      has(page, 'class="site-header');
      expect(page.cacheControl, path).toContain("no-store");
      expect(addForms(page.html), path).toEqual([]);
    }
    const poll = await fetch(`${stack.siteUrl}/en/sports-feed?section=line`);
    expect(poll.status).toBe(503);
    expect(poll.headers.get("cache-control")).toContain("no-store");

    // Back: the next load is the live page.
    await platform.clearFaults();
    expectLive(await load("/en/line"));
  });

  it("answers the other sports pages with a translated 503, never a 500, while the feed is away", async () => {
    await platform.fault({ path: "/sports-api", mode: "down" });
    for (const path of ["/en/results", "/en/cyber/live", "/en/champs", "/en/marble"]) {
      const page = await load(path);
      expect(page.status, path).not.toBe(500);
      if (page.status === 503) has(page, "Something went wrong on our side. Please try again in a moment.");
    }
  });

  it("serves the last snapshot with every market suspended while the feed is away, and the live page once it is back", async () => {
    // Seen while the platform answers: each page is live, with odds one can add to the coupon.
    const before = new Map<string, Page>();
    for (const path of sportsPages()) {
      const page = await load(path);
      expectLive(page);
      expect(page.cacheControl, path).not.toContain("no-store");
      before.set(path, page);
    }
    expect(addForms(before.get("/en/line")!.html).length).toBeGreaterThan(0);
    expect(pickButtons(before.get("/en/line")!.html).some((b) => !b.includes("disabled"))).toBe(true);
    has(before.get(gamePath(line))!, `data-outcome="${line.markets[0]!.outcomes[0]!.id}"`);

    await platform.fault({ path: "/sports-api", mode: "down" });
    for (const path of sportsPages()) {
      // The micro-caches may still hold the live answers of the last second.
      await eventually(async () => expectSuspended(await load(path)));
      expect((await load(path)).path, path).toBe(before.get(path)!.path);
    }
    // The snapshot's games are there, locked.
    const game = await load(gamePath(line));
    expect(new RegExp(`<button[^>]*disabled=""[^>]*data-outcome="${line.markets[0]!.outcomes[0]!.id}"`).test(game.html)).toBe(true);
    has(game, `id="game-${line.id}"`);

    // A search bot gets the whole page, suspended, and no timer (the root says isBot).
    const bot = await load("/en/line", BOT, new CookieJar());
    expectSuspended(bot);
    has(bot, 'class="game-row');

    // The poll answers the scope's snapshot, marked stale, every outcome locked, with no ETag.
    const poll = await fetch(`${stack.siteUrl}/en/sports-feed?section=line&v=1`);
    expect(poll.status).toBe(200);
    expect(poll.headers.get("etag")).toBeNull();
    expect(poll.headers.get("cache-control")).toContain("no-store");
    const answer = (await poll.json()) as { type: string; stale?: boolean; games: Array<{ markets: Array<{ isBlocked: boolean; outcomes: Array<{ isBlocked: boolean }> }> }> };
    expect(answer.type).toBe("snapshot");
    expect(answer.stale).toBe(true);
    expect(answer.games.length).toBeGreaterThan(0);
    for (const g of answer.games) for (const m of g.markets) expect([m.isBlocked, ...m.outcomes.map((o) => o.isBlocked)].every(Boolean)).toBe(true);

    // Back: the very next load is the live page again, with odds to pick.
    await platform.clearFaults();
    for (const path of sportsPages()) {
      const page = await load(path);
      expectLive(page);
      expect(page.cacheControl, path).not.toContain("no-store");
    }
    expect(addForms((await load("/en/line")).html).length).toBeGreaterThan(0);
    // The poll's copy lives a second in the feed route's micro-cache at most.
    await eventually(async () => {
      const fresh = await fetch(`${stack.siteUrl}/en/sports-feed?section=line`);
      expect(fresh.status).toBe(200);
      expect(((await fresh.json()) as { stale?: boolean }).stale).toBeUndefined();
    });
  });

  it("says the balance is unavailable in the header when the platform cannot give it, and keeps the page", async () => {
    const { token } = await platform.createUser({ email: "away@example.com", password: "Secret123" });
    const cookie = { cookie: `user_token=${token}; ua=1` };
    const up = await load("/en/line", cookie, new CookieJar());
    expect(up.status).toBe(200);
    hasNot(up, "header-balance-unavailable");

    await platform.fault({ path: "/web-api/account/balance", mode: "down" });
    const down = await load("/en/line", cookie, new CookieJar());
    expect(down.status).toBe(200);
    has(down, 'data-testid="header-balance-unavailable"');
    has(down, "Balance unavailable");
    has(down, 'class="game-row');
    const poll = await fetch(`${stack.siteUrl}/en/balance`, { headers: cookie });
    expect(await poll.json()).toEqual({ balance: null, unavailable: true });
  });
});
