import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, csrfToken, getPage, postForm } from "../support/forms";
import { hooks } from "../support/hooks";
import { sportsGames, untilListed } from "../support/sports-games";
import { type Stack, startStack } from "../support/stack";

describe("display settings and section addresses", () => {
  let stack: Stack;
  const games = sportsGames(() => stack.platformUrl);
  beforeAll(async () => {
    stack = await startStack({ sports: true });
    // Paused: a running simulator starts line games between a page and the check of its order
    // (a top game gone live reads as not top), and the games made here stay on the line.
    await games.pause();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("keeps a guest's odds format, view and theme in a cookie, without JavaScript", async () => {
    const jar = new CookieJar();
    const { html } = await getPage(stack.siteUrl, "/en/rules/1", jar);
    expect(html).toContain('action="/en/display-settings"');
    const res = await postForm(stack.siteUrl, "/en/display-settings", jar, { csrf: csrfToken(html), returnTo: "/en/rules/1", odds: "american", view: "1", theme: "0" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/en/rules/1");
    expect(res.headers.getSetCookie().find((c) => c.startsWith("display="))).toMatch(/HttpOnly/i);
    const after = await getPage(stack.siteUrl, "/en/rules/1", jar);
    expect(after.html).toContain('class="theme-light"');
    expect(after.html).toMatch(/<option value="american" selected="">/);
  });

  it("keeps a signed-in bettor's settings on the platform: another device (no cookie) gets them too", async () => {
    const { token } = await hooks(stack.platformUrl).createUser({ email: "display-bettor@example.com", password: "Secret123" });
    const jar = new CookieJar();
    jar.set("user_token", token);
    jar.set("age_confirmed", "1");
    const { html } = await getPage(stack.siteUrl, "/en/rules/1", jar);
    const res = await postForm(stack.siteUrl, "/en/display-settings", jar, { csrf: csrfToken(html), returnTo: "/en/rules/1", odds: "fractional", view: "1", theme: "0" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/en/rules/1");
    // Not a cookie for a bettor: the platform keeps them.
    expect(res.headers.getSetCookie().find((c) => c.startsWith("display="))).toBeUndefined();
    const config = (await (await fetch(`${stack.platformUrl}/web-api/user/config`, { headers: { authorization: `Bearer ${token}` } })).json()) as { result: { display_settings: unknown } };
    // The form's flags come along, off when unticked.
    expect(config.result.display_settings).toEqual({ odds: "fractional", view: 1, theme: 0, compact: 0, bestOnTop: 0, showGameId: 0, teamLogos: 0 });
    // A second device: only the session cookie.
    const other = await fetch(`${stack.siteUrl}/en/rules/1`, { headers: { cookie: `user_token=${token}; age_confirmed=1; ua=1` } });
    const page = await other.text();
    expect(page).toContain('class="theme-light"');
    expect(page).toMatch(/<option value="fractional" selected="">/);
    // The platform refuses a value outside the schema.
    const bad = await fetch(`${stack.platformUrl}/web-api/user/display-settings`, { method: "PUT", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify({ odds: "roman", view: 0, theme: 1 }) });
    expect(bad.status).toBe(400);
  });

  // The page as this jar sees it: its game rows in order and what each setting changes.
  async function lineLook(jar: CookieJar, path = "/en/line/1-football") {
    const { res, html } = await getPage(stack.siteUrl, path, jar);
    expect(res.status, path).toBe(200);
    const rows = [...html.matchAll(/<li class="game-row([^"]*)"[^>]*data-game="(\d+)"/g)].map((m) => ({ id: Number(m[2]), cls: m[1]! }));
    return {
      html,
      ids: rows.map((r) => r.id),
      compactRows: rows.filter((r) => r.cls.includes("game-row--compact")).length,
      marketCells: (html.match(/class="market-cells market-cells--/g) ?? []).length,
      gameIds: (html.match(/data-testid="game-id"/g) ?? []).length,
      badges: (html.match(/class="team-badge[ "]/g) ?? []).length,
    };
  }

  /** The header form's checkbox of a flag: ticked or not (it must be there). */
  function ticked(html: string, flag: string): boolean {
    const box = new RegExp(`<input type="checkbox" name="${flag}"( checked="")? value="1"`).exec(html);
    expect(box, flag).toBeTruthy();
    return box![1] !== undefined;
  }

  async function topIds(): Promise<Set<number>> {
    const feed = (await (await fetch(`${stack.platformUrl}/sports-api/feed/line?sport=1`)).json()) as { games: Array<{ id: number; isTop: boolean }> };
    return new Set(feed.games.filter((g) => g.isTop).map((g) => g.id));
  }

  /** True when no top game follows a game that is not top. */
  function topFirst(ids: number[], top: Set<number>): boolean {
    const firstOther = ids.findIndex((id) => !top.has(id));
    return firstOther < 0 || ids.slice(firstOther).every((id) => !top.has(id));
  }

  it("changes the sports pages with each display flag, kept in a guest's cookie without JavaScript", async () => {
    // Two football games of their own near the top of the line, whatever the day's line holds: one
    // of a league that is not top, then, ten seconds later, one of a top league (the Premier League).
    const champs = ((await (await fetch(`${stack.platformUrl}/sports-api/championships?sport=1`)).json()) as { championships: Array<{ id: number; slug: string; isTop: boolean }> }).championships;
    const other = await games.lineGame({ startInSec: 300 });
    const top = await games.lineGame({ startInSec: 310, champId: champs.find((c) => c.slug === "premier-league" && c.isTop)!.id });
    expect(champs.find((c) => c.id === other.champId)!.isTop).toBe(false);
    await untilListed(stack.siteUrl, "/en/line/1-football", other, top);
    const jar = new CookieJar();
    const before = await lineLook(jar);
    // Defaults: full rows (two markets where a game has them), team logos, no game ids, the line's own order.
    expect(before.ids.length).toBeGreaterThan(10);
    expect(before.compactRows).toBe(0);
    expect(before.marketCells).toBeGreaterThan(before.ids.length);
    expect(before.badges).toBe(2 * before.ids.length);
    expect(before.gameIds).toBe(0);
    // By kick-off: the top game after the other.
    expect(before.ids).toEqual(expect.arrayContaining([other.id, top.id]));
    expect(before.ids.indexOf(top.id)).toBeGreaterThan(before.ids.indexOf(other.id));
    expect(topFirst(before.ids, await topIds())).toBe(false);
    expect(["compact", "bestOnTop", "showGameId", "teamLogos"].map((flag) => ticked(before.html, flag))).toEqual([false, false, false, true]);

    const post = (fields: Record<string, string>) => postForm(stack.siteUrl, "/en/display-settings", jar, { csrf: csrfToken(before.html), returnTo: "/en/line/1-football", odds: "decimal", view: "0", theme: "1", ...fields });
    // Every flag on but logos: an unticked checkbox is not sent, and means off.
    const res = await post({ compact: "1", bestOnTop: "1", showGameId: "1" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/en/line/1-football");
    expect(decodeURIComponent(jar.get("display") ?? "")).toContain("compact=1");
    const on = await lineLook(jar);
    expect(on.compactRows).toBe(on.ids.length);
    expect(on.marketCells).toBeLessThanOrEqual(on.ids.length);
    expect(on.gameIds).toBe(on.ids.length);
    expect(on.html).toContain(`ID ${on.ids[0]}`);
    expect(on.badges).toBe(0);
    // Best matches on top: the top game before the other.
    expect(on.ids.indexOf(top.id)).toBeGreaterThanOrEqual(0);
    expect(on.ids.indexOf(top.id)).toBeLessThan(on.ids.indexOf(other.id));
    expect(topFirst(on.ids, await topIds())).toBe(true);
    expect(["compact", "bestOnTop", "showGameId", "teamLogos"].map((flag) => ticked(on.html, flag))).toEqual([true, true, true, false]);

    // The game page shows the id and, once logos are back on, two badges.
    await post({ showGameId: "1", teamLogos: "1" });
    const gameLink = new RegExp(`href="(/en/line/1-football/\\d+-[^/"]+/${on.ids[0]}-[^"]+)"`).exec(on.html)?.[1];
    expect(gameLink).toBeTruthy();
    const game = await getPage(stack.siteUrl, gameLink!, jar);
    expect(game.html).toContain(`ID ${on.ids[0]}`);
    expect(game.html.match(/class="team-badge[ "]/g)?.length).toBeGreaterThanOrEqual(2);
    const back = await lineLook(jar);
    expect(back.compactRows).toBe(0);
    expect(back.badges).toBe(2 * back.ids.length);

    // Each flag off again.
    await post({});
    const off = await lineLook(jar);
    expect([off.compactRows, off.gameIds, off.badges]).toEqual([0, 0, 0]);
    expect(off.ids.indexOf(top.id)).toBeGreaterThan(off.ids.indexOf(other.id));
    expect(topFirst(off.ids, await topIds())).toBe(false);
  });

  it("leads each row with the handicap and the total in the Asian view, with the match result in the European one", async () => {
    const jar = new CookieJar();
    // Each row's markets, by the names of their groups of odds.
    const rowMarketNames = (html: string) => html.split('<li class="game-row').slice(1).map((row) => [...row.matchAll(/role="group" aria-label="([^"]+)"/g)].map((m) => m[1]));
    const european = rowMarketNames((await lineLook(jar)).html);
    expect(european.length).toBeGreaterThan(10);
    expect(european.every((names) => names[0] === "Match result")).toBe(true);

    const { html } = await getPage(stack.siteUrl, "/en/line/1-football", jar);
    const res = await postForm(stack.siteUrl, "/en/display-settings", jar, { csrf: csrfToken(html), returnTo: "/en/line/1-football", odds: "decimal", view: "1", theme: "1", teamLogos: "1" });
    expect(res.status).toBe(302);
    const asian = rowMarketNames((await lineLook(jar)).html);
    expect(asian.length).toBe(european.length);
    expect(asian.every((names) => names[0] === "Handicap" && /^Total /.test(names[1] ?? ""))).toBe(true);
    expect(asian.some((names) => names.includes("Match result"))).toBe(false);
  });

  it("keeps a bettor's display flags on the platform, for every device", async () => {
    const { token } = await hooks(stack.platformUrl).createUser({ email: "display-flags@example.com", password: "Secret123" });
    const jar = new CookieJar();
    jar.set("user_token", token);
    jar.set("age_confirmed", "1");
    const { html } = await getPage(stack.siteUrl, "/en/line/1-football", jar);
    const res = await postForm(stack.siteUrl, "/en/display-settings", jar, { csrf: csrfToken(html), returnTo: "/en/line/1-football", odds: "decimal", view: "0", theme: "1", compact: "1", showGameId: "1" });
    expect(res.status).toBe(302);
    expect(res.headers.getSetCookie().find((c) => c.startsWith("display="))).toBeUndefined();
    const config = (await (await fetch(`${stack.platformUrl}/web-api/user/config`, { headers: { authorization: `Bearer ${token}` } })).json()) as { result: { display_settings: unknown } };
    expect(config.result.display_settings).toEqual({ odds: "decimal", view: 0, theme: 1, compact: 1, bestOnTop: 0, showGameId: 1, teamLogos: 0 });
    // Another device: the session cookie alone.
    const device = new CookieJar();
    device.set("user_token", token);
    device.set("age_confirmed", "1");
    const look = await lineLook(device);
    expect(look.compactRows).toBe(look.ids.length);
    expect(look.gameIds).toBe(look.ids.length);
    expect(look.badges).toBe(0);
    // The platform refuses a flag outside 0/1.
    const bad = await fetch(`${stack.platformUrl}/web-api/user/display-settings`, { method: "PUT", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify({ odds: "decimal", view: 0, theme: 1, compact: 2 }) });
    expect(bad.status).toBe(400);
  });

  it("refuses a bad value or a missing CSRF token and changes nothing", async () => {
    const jar = new CookieJar();
    const { html } = await getPage(stack.siteUrl, "/en/rules/1", jar);
    const bad = await postForm(stack.siteUrl, "/en/display-settings", jar, { csrf: csrfToken(html), odds: "roman", view: "0", theme: "1" });
    expect(bad.status).toBe(400);
    const badFlag = await postForm(stack.siteUrl, "/en/display-settings", jar, { csrf: csrfToken(html), odds: "decimal", view: "0", theme: "1", compact: "yes" });
    expect(badFlag.status).toBe(400);
    const forged = await postForm(stack.siteUrl, "/en/display-settings", jar, { odds: "decimal", view: "0", theme: "1" });
    expect(forged.status).toBe(403);
    expect(jar.get("display")).toBeUndefined();
  });

  it("answers 404 for a section other than live or line, and for segments that are not id-slugs", async () => {
    for (const path of ["/en/lime", "/en/lines/1-football", "/en/live/football", "/en/line/1_football", "/en/live/1-football/x-premier"]) {
      const res = await fetch(`${stack.siteUrl}${path}`, { redirect: "manual" });
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain("This page could not be found");
    }
  });
});
