import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Stack, startStack } from "../support/stack";
import { authClient } from "./platform-auth-client";

// bets-on-your: the platform counts the selections of recent coupons (GET /sports-api/popular)
// and the site lists them, most bettors first, each a coefficient that adds it to the coupon.

const BOT = { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
const LANGUAGES = ["ru", "en", "de", "tr", "uk", "kk", "az", "ar", "fa"];

interface FeedGame {
  id: number;
  home: { name: string };
  markets: Array<{ id: number; blocked: boolean; outcomes: Array<{ id: number; coef: number; blocked: boolean }> }>;
}

describe("bets on yours", () => {
  let stack: Stack;
  const api = authClient(() => stack.platformUrl);
  beforeAll(async () => {
    stack = await startStack({ sports: true });
    await fetch(`${stack.platformUrl}/__test/sports/pause`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
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
    const line = ((await (await fetch(`${stack.platformUrl}/sports-api/feed/line`)).json()) as { games: FeedGame[] }).games;
    const open = line
      .map((g) => ({ game: g, outcomes: g.markets.filter((m) => !m.blocked).flatMap((m) => m.outcomes.filter((o) => !o.blocked)) }))
      .filter((g) => g.outcomes.length >= 2);
    const [first, second] = [open[0]!, open[1]!];
    const a = first.outcomes[0]!;
    const b = second.outcomes[0]!;
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
      expect(html.indexOf(`value="${a.id}"`), lng).toBeGreaterThan(0);
      expect(html.indexOf(`value="${a.id}"`), lng).toBeLessThan(html.indexOf(`value="${b.id}"`));
      expect(html, lng).toContain(first.game.home.name.replace(/&/g, "&amp;"));
    }
  });
});
