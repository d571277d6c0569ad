import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, csrfToken, getPage, postForm } from "../support/forms";
import { hooks } from "../support/hooks";
import { type FeedGame } from "../support/sports-feed";
import { currentSeason, homeWin, sportsGames, untilListed } from "../support/sports-games";
import { type Stack, startStack } from "../support/stack";

// The sports pages over HTTP against a real platform: complete HTML for bots, 404s, the feed's
// ETag/304, and the coupon built without JavaScript (form posts into the signed cookie). A test
// about one game makes it (on the line, live or finished) rather than taking one the day's
// catalogue offers, so what it checks does not depend on the day it runs.

const BOT = { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
const LANGUAGES = ["ru", "en", "de", "tr", "uk", "kk", "az", "ar", "fa"];
/** A name as React writes it into HTML text (real team names carry "&" and apostrophes). */
const asHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

describe("sports pages over HTTP", () => {
  let stack: Stack;
  let live: FeedGame[];
  let line: FeedGame[];
  const games = sportsGames(() => stack.platformUrl);
  beforeAll(async () => {
    stack = await startStack({ sports: true });
    // A paused simulator keeps the games made here live (or on the line) for the whole file; a
    // running one would start or finish them while the tests look for them on the pages.
    await hooks(stack.platformUrl).pauseSimulator();
    const feed = async (section: string) => ((await (await fetch(`${stack.platformUrl}/sports-api/feed/${section}`)).json()) as { games: FeedGame[] }).games;
    [live, line] = await Promise.all([feed("live"), feed("line")]);
    // Say what the simulator reports rather than failing every test below blind. (Once in CI both
    // came back empty: another worker's platform without sports had been given the same port and
    // answered for this one; freePort now gives each worker ports of its own.)
    if (live.length === 0 || line.length === 0) {
      const status = await (await fetch(`${stack.platformUrl}/__test/sports/status`)).text();
      throw new Error(`the feed has ${live.length} live and ${line.length} line games; the simulator says ${status}`);
    }
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${stack.siteUrl}${path}`, { headers, redirect: "manual" });
  /** A football game of its own, finished 2 : 1 (settled, so a result). */
  const finishedGame = async () => {
    const game = await games.liveGame({ gameTimeSec: 600 });
    return games.setState(game.id, { status: 4, scores: [[1, 0], [1, 1]] });
  };

  it("has live and line games to show", () => {
    expect(live.length).toBeGreaterThan(0);
    expect(line.length).toBeGreaterThan(0);
  });

  it("renders the home page with top live and line games, the sports menu and the coupon", async () => {
    const res = await get("/en", BOT);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('class="sports-menu"');
    expect(html).toContain('data-testid="coupon"');
    expect(html).toMatch(/class="game-row( game-row--live)?"/);
    expect(html).toMatch(/<button[^>]*name="pick" value="\d+:\d+"/);
  });

  it("writes home's prepared lists into the page's data as a data request carries them (decision 056)", async () => {
    /** The long strings of turbo-stream's lines: the prepared lists (game lists, sports menu). */
    const longStrings = (lines: string[]) =>
      lines
        .flatMap((line) => (line.startsWith("[") ? (JSON.parse(line) as unknown[]) : []))
        .filter((v): v is string => typeof v === "string" && v.length > 2048)
        .sort();
    // Twice: the second view takes the texts' escaped bytes from the store the first one filled.
    await (await get("/en")).text();
    const html = await (await get("/en")).text();
    expect(html).not.toContain("\uE000");
    const inPage = [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script>/g)].map((m) => (JSON.parse(m[1]!) as string).trimEnd());
    const fromData = (await (await get("/en.data")).text()).split("\n").filter(Boolean);
    const pageLists = longStrings(inPage);
    expect(pageLists.length).toBeGreaterThanOrEqual(3);
    for (const list of pageLists) expect(() => JSON.parse(list)).not.toThrow();
    expect(pageLists).toEqual(longStrings(fromData));
  });

  it("renders the live and line sections in every language, with title, canonical and alternates", async () => {
    for (const lng of LANGUAGES) {
      for (const section of ["live", "line"]) {
        const res = await get(`/${lng}/${section}`, BOT);
        expect(res.status, `${lng}/${section}`).toBe(200);
        const html = await res.text();
        expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://127\\.0\\.0\\.1:\\d+/${lng}/${section}"/>`));
        expect(html).toContain('hrefLang="x-default"');
        expect(html).toContain('class="champ-card"');
        expect(html).toContain('class="crumbs"');
      }
    }
  });

  it("lists a sport and a championship, and redirects a wrong slug to the canonical address", async () => {
    const game = await games.liveGame({ gameTimeSec: 600 });
    await untilListed(stack.siteUrl, `/en/live/${game.sportId}-${game.sportSlug}`, game);
    const sport = await get(`/en/live/${game.sportId}`, BOT);
    expect(sport.status).toBe(301);
    const sportPath = sport.headers.get("location")!;
    expect(sportPath).toBe(`/en/live/${game.sportId}-${game.sportSlug}`);
    const sportPage = await get(sportPath, BOT);
    expect(sportPage.status).toBe(200);
    const html = await sportPage.text();
    expect(html).toContain(`data-game="${game.id}"`);
    const champHref = new RegExp(`href="(/en/live/${game.sportId}-${game.sportSlug}/${game.champId}-[a-z0-9-]*)"`).exec(html)?.[1];
    expect(champHref).toBeTruthy();
    const champ = await get(champHref!, BOT);
    expect(champ.status).toBe(200);
    expect(await champ.text()).toContain(`data-game="${game.id}"`);
  });

  it("shows a game with every market, grouped, and a finished game with its result", async () => {
    const game = await games.lineGame();
    const redirect = await get(`/en/line/${game.sportId}/${game.champId}/${game.id}`, BOT);
    expect(redirect.status).toBe(301);
    const page = await get(redirect.headers.get("location")!, BOT);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('class="scoreboard');
    expect(html).toContain('class="market-group"');
    expect(html).toContain(asHtml(game.home.name));
    // A line game under /live goes to /line.
    const wrongSection = await get(`/en/live/${game.sportId}/${game.champId}/${game.id}`, BOT);
    expect(wrongSection.status).toBe(301);
    expect(wrongSection.headers.get("location")).toMatch(/^\/en\/line\//);

    const done = await finishedGame();
    const finished = await get(`/en/live/${done.sportId}/${done.champId}/${done.id}`, BOT);
    const finishedPage = finished.status === 301 ? await get(finished.headers.get("location")!, BOT) : finished;
    expect(finishedPage.status).toBe(200);
    const finishedHtml = await finishedPage.text();
    expect(finishedHtml).toContain('class="scoreboard__result"');
    expect(finishedHtml).toContain('data-testid="score" aria-live="polite">2 : 1<');
    expect(finishedHtml).not.toContain('name="pick"');
  });

  it("answers unknown sports, championships and games with the site's 404 page", async () => {
    const game = await games.lineGame();
    for (const path of ["/en/live/999999-nope", `/en/line/${game.sportId}-x/999999-nope`, `/en/line/${game.sportId}-x/${game.champId}-x/99999999-nope`]) {
      const res = await get(path, BOT);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html).toContain("This page could not be found");
      expect(html).toContain('class="site-header"');
    }
  });

  it("serves the feed with an ETag, 304 when nothing changed, and a snapshot for a garbage version", async () => {
    const first = await get("/en/sports-feed?section=line");
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    const body = (await first.json()) as { type: string; version: number; games: unknown[] };
    expect(body.type).toBe("snapshot");
    expect(body.games.length).toBeGreaterThan(0);
    const again = await get("/en/sports-feed?section=line", { "if-none-match": etag });
    expect([200, 304]).toContain(again.status);
    if (again.status === 200) expect(again.headers.get("etag")).not.toBe(etag);
    else expect(await again.text()).toBe("");
    const garbage = await get("/en/sports-feed?section=line&v=abc");
    expect(garbage.status).toBe(200);
    expect(((await garbage.json()) as { type: string }).type).toBe("snapshot");
    const bad = await get("/en/sports-feed?section=nope");
    expect(bad.status).toBe(400);
    const unknown = await get("/en/sports-feed?game=99999999");
    expect(unknown.status).toBe(404);
  });

  it("answers a poll with the current version with 304 and no body", async () => {
    const game = await games.lineGame();
    const first = await get(`/en/sports-feed?game=${game.id}`);
    const { version } = (await first.json()) as { version: number };
    const again = await get(`/en/sports-feed?game=${game.id}&v=${version}`);
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
  });

  it("adds an odd to the cookie coupon without JavaScript and returns to the same game on the page", async () => {
    const jar = new CookieJar();
    const game = await games.lineGame();
    const outcome = homeWin(game);
    const { html } = await getPage(stack.siteUrl, "/en/line", jar);
    // One form holds the page's list: each odds button names its game and outcome.
    expect(html).toMatch(/<button[^>]*name="pick" value="\d+:\d+"/);
    expect(html.match(/<form[^>]*action="\/en\/coupon"/g)?.length).toBe(1);
    const fields = { csrf: csrfToken(html), intent: "add", pick: `${game.id}:${outcome.id}`, returnTo: "/en/line" };
    const res = await postForm(stack.siteUrl, "/en/coupon", jar, fields);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/en/line#game-${game.id}`);
    expect(jar.get("coupon")).toMatch(/^v1\./);
    // Twice is still one bet.
    await postForm(stack.siteUrl, "/en/coupon", jar, fields);
    const coupon = await getPage(stack.siteUrl, "/en/coupon", jar);
    expect(coupon.html).toContain(`data-bet="${outcome.id}"`);
    expect(coupon.html.match(new RegExp(`data-bet="${outcome.id}"`, "g"))).toHaveLength(1);
    expect(coupon.html).toMatch(/data-testid="coupon-count">1</);
    // Removing it empties the coupon.
    const removed = await postForm(stack.siteUrl, "/en/coupon", jar, { csrf: fields.csrf, intent: "remove", betId: String(outcome.id), returnTo: "/en/coupon" });
    expect(removed.status).toBe(302);
    expect((await getPage(stack.siteUrl, "/en/coupon", jar)).html).toMatch(/data-testid="coupon-count">0</);
  });

  it("shows an odd in the coupon pressed to its bettor, though guests' rows are rendered once and kept", async () => {
    // Guests are shown the same rows (decision 055: the server renders them once per answer).
    const guest = async () => (await (await get("/en/line")).text()).match(/<div class="outcomes-form__rows">[\s\S]*<\/div><\/form>/)?.[0];
    const [first, second] = await Promise.all([guest(), guest()]);
    expect(first).toMatch(/name="pick"/);
    expect(second).toBe(first);
    // The home win of a game of its own, kicking off in five minutes: near the top of the line.
    const game = await games.lineGame({ startInSec: 300 });
    const pick = `${game.id}:${homeWin(game).id}`;
    await untilListed(stack.siteUrl, "/en/line", game);
    const jar = new CookieJar();
    const { html } = await getPage(stack.siteUrl, "/en/line", jar);
    // Open (a locked one is disabled before aria-pressed).
    expect(html).toContain(`<button type="submit" name="pick" value="${pick}" class="odd" aria-pressed="false"`);
    const res = await postForm(stack.siteUrl, "/en/coupon", jar, { csrf: csrfToken(html), intent: "add", pick, returnTo: "/en/line" });
    expect(res.status).toBe(302);
    const button = (page: string) => page.match(new RegExp(`<button[^>]*value="${pick}"[^>]*>`))?.[0];
    const own = await getPage(stack.siteUrl, "/en/line", jar);
    expect(button(own.html)).toContain('aria-pressed="true"');
    expect(own.html.match(/name="pick"[^>]*aria-pressed="true"/g)).toHaveLength(1);
    // A guest just after still sees it unpressed.
    expect(button(await (await get("/en/line")).text())).toContain('aria-pressed="false"');
  });

  it("refuses an unknown outcome with a translated reason and keeps the coupon", async () => {
    const game = await games.lineGame();
    const jar = new CookieJar();
    const { html } = await getPage(stack.siteUrl, "/de/line", jar);
    const res = await postForm(stack.siteUrl, "/de/coupon", jar, { csrf: csrfToken(html), intent: "add", pick: `${game.id}:999999999`, returnTo: "/de/line" });
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("Diese Auswahl wird nicht mehr angeboten.");
    expect(jar.get("coupon")).toBeUndefined();
    for (const pick of [`${game.id}`, `${game.id}:1:2`, `x:1`, ""]) {
      const bad = await postForm(stack.siteUrl, "/de/coupon", jar, { csrf: csrfToken(html), intent: "add", pick, returnTo: "/de/line" });
      expect(bad.status).toBe(400);
    }
    expect(jar.get("coupon")).toBeUndefined();
    const forged = await postForm(stack.siteUrl, "/de/coupon", jar, { intent: "clear" });
    expect(forged.status).toBe(403);
  });

  it("serves the other sports pages: top games, results, statistics, team, cyber sport", async () => {
    const done = await finishedGame();
    const teamId = done.home.id;
    const pages: Array<[string, number, string]> = [
      ["/en/top-game", 200, 'class="champ-card"'],
      ["/en/results", 200, 'class="results-table"'],
      ["/en/results/live", 200, 'class="results-table"'],
      ["/en/results/zone", 200, 'class="results-table"'],
      [`/en/results?q=${encodeURIComponent(done.home.name)}`, 200, asHtml(done.home.name)],
      ["/en/statistic", 200, 'class="results-table standings"'],
      [`/en/statistic?sport=${done.sportId}&champ=${done.champId}&team1=${teamId}&team2=${done.away.id}`, 200, 'data-testid="h2h"'],
      ["/en/statisticpopup", 200, "standings-title"],
      [`/en/team/${teamId}`, 200, asHtml(done.home.name)],
      ["/en/cyber/real", 200, "Counter-Strike"],
      ["/en/cyber/counter-strike", 200, 'class="sports-head__title"'],
      ["/en/cyber/counter-strike/champs", 200, 'class="multi-pick"'],
      ["/en/epl", 200, "England. Premier League"],
      ["/en/epl/final", 200, 'class="sports-head__title"'],
      ["/en/scf", 200, 'class="sports-head__title"'],
      ["/en/ipl", 200, "Indian Premier League"],
      // A cricket table counts runs, not goals.
      ["/en/ipl", 200, ">Runs</th>"],
      ["/en/ipl/final", 200, 'class="sports-head__title"'],
      ["/en/europaleague", 200, "UEFA Europa League"],
      ["/en/europaleague/final", 200, 'class="sports-head__title"'],
      ["/en/fifacwc", 200, "FIFA Club World Cup"],
      ["/en/fifacwc/final", 200, 'class="sports-head__title"'],
      ["/en/champs", 200, 'class="champs-index"'],
      [`/en/champs/${done.champId}`, 200, done.home.name],
      ["/en/champs/99999999", 404, "This page could not be found"],
      ["/en/champs/abc", 404, "This page could not be found"],
      ["/en/epl/game/99999999", 404, "This page could not be found"],
      ["/en/results/bogus", 404, "This page could not be found"],
      ["/en/team/99999999", 404, "This page could not be found"],
      ["/en/cyber/nope", 404, "This page could not be found"],
    ];
    for (const [path, status, text] of pages) {
      const res = await get(path, BOT);
      expect(res.status, path).toBe(status);
      expect(await res.text(), path).toContain(text);
    }
    const cyber = await get("/en/cyber", BOT);
    expect(cyber.status).toBe(302);
    expect(cyber.headers.get("location")).toBe("/en/cyber/real");
  });

  it("has a game page and a final for every championship special, and a 404 for another championship's game", async () => {
    const champs = ((await (await fetch(`${stack.platformUrl}/sports-api/championships`)).json()) as { championships: Array<{ id: number; slug: string; sportId: number; sportSlug: string }> }).championships;
    // Championships carry bare names: other sports have a "Premier League" too.
    for (const [special, sport, slug] of [["europaleague", "football", "uefa-europa-league"], ["fifacwc", "football", "fifa-club-world-cup"], ["ipl", "cricket", "indian-premier-league"], ["epl", "football", "premier-league"]] as const) {
      const champ = currentSeason(champs.filter((c) => c.sportSlug === sport), slug);
      // A game of its own in the championship, on the line.
      const game = await games.lineGame({ sportId: champ.sportId, champId: champ.id });
      const res = await get(`/en/${special}/game/${game.id}`, BOT);
      expect(res.status, special).toBe(301);
      expect(res.headers.get("location"), special).toMatch(new RegExp(`^/en/line/${champ.sportId}-${sport}/${champ.id}-${champ.slug}/${game.id}-`));
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(await (await get(`/en/${special}`, BOT)).text())?.[1];
      expect(canonical, special).toMatch(new RegExp(`/en/${special}$`));
    }
    const other = champs.find((c) => c.slug === "premier-league" && c.sportSlug === "football")!;
    const eplGame = await games.lineGame({ champId: other.id });
    expect((await get(`/en/ipl/game/${eplGame.id}`, BOT)).status).toBe(404);
  });

  it("names a generated championship's country once, and every sport in every language", async () => {
    const html = await (await get("/en/line", BOT)).text();
    expect(html).not.toMatch(/(\b[A-Z][a-z]+)\. \1\. /);
    const sports = ((await (await fetch(`${stack.platformUrl}/sports-api/catalogue`)).json()) as { sports: Array<{ slug: string }> }).sports;
    for (const lng of LANGUAGES) {
      const dict = JSON.parse(readFileSync(new URL(`../../app/i18n/locales/${lng}/common.json`, import.meta.url), "utf8")) as { sports: { sportSlug: Record<string, string> } };
      for (const sport of sports) expect(dict.sports.sportSlug[sport.slug], `${lng}: ${sport.slug}`).toBeTruthy();
    }
    const champs = await (await get("/ru/champs", BOT)).text();
    expect(champs).toContain("Крикет");
    expect(champs).toContain("<title>Результаты чемпионатов");
  });

  it("remembers the games of multi-live, chosen without JavaScript", async () => {
    const jar = new CookieJar();
    const { html } = await getPage(stack.siteUrl, "/en/multi", jar);
    expect(html).toContain('class="multi-pick"');
    // Live, and kept live: the simulator is paused.
    const game = await games.liveGame({ gameTimeSec: 600 });
    // The page reads the live feed the live list reads.
    await untilListed(stack.siteUrl, "/en/live", game);
    const res = await postForm(stack.siteUrl, "/en/multi", jar, { csrf: csrfToken(html), intent: "add", gameId: String(game.id) });
    expect(res.status).toBe(302);
    const after = await getPage(stack.siteUrl, "/en/multi", jar);
    expect(after.html).toContain(`class="multi-panel" id="game-${game.id}"`);
    const bad = await postForm(stack.siteUrl, "/en/multi", jar, { csrf: csrfToken(html), intent: "add", gameId: "x" });
    expect(bad.status).toBe(400);
  });
});

describe("outrights and marble races on the pages", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ sports: true });
    await hooks(stack.platformUrl).pauseSimulator();
  });
  afterAll(async () => {
    await stack?.stop();
  });
  const get = (path: string) => fetch(`${stack.siteUrl}${path}`, { headers: BOT, redirect: "manual" });

  it("shows a top league's outright on its special page and on its own game page, in every language", async () => {
    const champs = (await (await fetch(`${stack.platformUrl}/sports-api/championships?sport=1`)).json()) as { championships: { id: number; slug: string }[] };
    // The season being played: after the moved real season, the league's next one (decision 014).
    const epl = currentSeason(champs.championships, "premier-league");
    const { game } = (await (await fetch(`${stack.platformUrl}/sports-api/championships/${epl.id}/outright`)).json()) as { game: { id: number; runners: { name: string }[] } };
    for (const lng of LANGUAGES) {
      const html = await (await get(`/${lng}/epl`)).text();
      expect(html).toContain('class="outright"');
      for (const r of game.runners) expect(html).toContain(r.name.replace(/&/g, "&amp;"));
    }
    // Its game address (from a coupon or the history) is a real page with the winner market.
    const page = await get(`/en/line/1-football/${epl.id}-${epl.slug}/${game.id}`);
    const final = page.status === 301 ? await get(page.headers.get("location")!) : page;
    expect(final.status).toBe(200);
    expect(await final.text()).toContain("Championship winner");
  });

  it("sends a marble race's game address to its card on the marble page", async () => {
    const feed = (await (await fetch(`${stack.platformUrl}/sports-api/feed/line?sport=50`)).json()) as { games: { id: number; champId: number }[] };
    const race = feed.games[0]!;
    const res = await get(`/en/line/50-marble/${race.champId}-x/${race.id}`);
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(`/en/marble#game-${race.id}`);
    const html = await (await get("/en/marble")).text();
    expect(html).toContain(`id="game-${race.id}"`);
  });
});
