import { describe, expect, it } from "vitest";
import { CookieJar, csrfToken, getPage, postForm } from "../support/forms";
import { hooks } from "../support/hooks";
import { siteStack } from "../support/suite";

// Reflected and stored XSS: what a visitor or an ops user typed comes back in pages (the sports
// search, a refused form, a 404's address, user names in the header and the ops console, ops
// notes, patterns and switches) only as text. Each page is checked in its raw HTML: the payload
// never appears as markup, no element carries an event handler or a javascript: address, every
// script carries the page's CSP nonce, and every inline script still parses — so a payload in the
// loader data (decision 056's data script, with the prepared texts spliced into it) cannot close
// it. Kept markup (decision 055) is shared between viewers: one visitor's address must not show
// in another's page at all.

const stack = siteStack({ sports: true });
const h = hooks(() => stack.platformUrl);

const PAYLOADS = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "</script><script>alert(1)</script>",
  "javascript:alert(1)",
  "{{constructor.constructor('alert(1)')()}}",
  // Line and paragraph separators end a line in old JavaScript parsers: a data script must escape them.
  "a\u2028b\u2029</script><!--",
];
const EN = { "accept-language": "en" };

/** Text as React writes it into HTML (text and attribute values alike). */
const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The page's markup holds nothing a payload could have made: no element with an event-handler
 * attribute, no javascript: address, no script without the CSP nonce, no inline script that does
 * not parse or that a payload could close (`</script`, `<!--`, raw line separators).
 */
function expectNoInjectedElement(html: string, where: string) {
  const opens = html.match(/<script\b/gi)?.length ?? 0;
  expect(html.match(/<\/script>/gi)?.length ?? 0, `${where}: every script is closed once`).toBe(opens);
  for (const [, attributes, body] of html.matchAll(SCRIPT)) {
    expect(attributes, `${where}: a script without the page's nonce`).toMatch(/\bnonce="[^"]+"/);
    if (/\bsrc=|type="module"/.test(attributes!)) continue;
    expect(body, `${where}: a script body a payload could close`).not.toMatch(/<\/?script|<!--|[\u2028\u2029]/i);
    // Compiled, not run: a payload that broke out of a string would be a syntax error here.
    expect(() => new Function(body!), `${where}: an inline script that does not parse`).not.toThrow();
  }
  const markup = html.replace(SCRIPT, "<script></script>");
  for (const [, name, attributes] of markup.matchAll(/<([a-zA-Z][\w:-]*)((?:\s+[^\s=>"'/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*\/?>/g)) {
    for (const [, attribute, value] of attributes!.matchAll(/\s([^\s=>"'/]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>"']+))?/g)) {
      expect(attribute!.toLowerCase(), `${where}: <${name}> with an event handler`).not.toMatch(/^on/);
      if (/^(href|src|action|formaction|xlink:href)$/i.test(attribute!)) {
        expect((value ?? "").replace(/^["']|["']$/g, "").trim(), `${where}: <${name} ${attribute}>`).not.toMatch(/^javascript:/i);
      }
    }
  }
}

/**
 * `payload` is on the page only as text: never as it was typed where that would be markup, shown
 * escaped once (not twice: the visitor reads what they typed) when `shown`, and nothing injected.
 */
function expectOnlyEscaped(html: string, payload: string, where: string, shown = true) {
  if (/[<>"]/.test(payload)) expect(html, `${where}: the payload as markup`).not.toContain(payload);
  if (shown) {
    expect(html, `${where}: the payload shown as text`).toContain(escaped(payload));
    if (escaped(payload) !== payload) expect(html, `${where}: the payload escaped twice`).not.toContain(escaped(escaped(payload)));
  }
  expectNoInjectedElement(html, where);
}

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

async function signedIn(user: Parameters<ReturnType<typeof hooks>["createUser"]>[0]) {
  const created = await h.createUser({ password: "Secret123", termsAccepted: true, ...user });
  const jar = new CookieJar();
  jar.set("user_token", created.token);
  return { ...created, jar };
}

describe("reflected: what a visitor sends comes back only as text", () => {
  it("the sports search query", async () => {
    for (const payload of PAYLOADS) {
      const { res, html } = await getPage(stack.siteUrl, `/en/search?q=${encodeURIComponent(payload)}`, new CookieJar(), EN);
      expect(res.status).toBe(200);
      expectOnlyEscaped(html, payload, `search ${JSON.stringify(payload)}`);
    }
  });

  it("query parameters and paths other pages show or keep (the outbox filter, the debugger, a 404, a list's return address)", async () => {
    for (const payload of PAYLOADS) {
      const q = encodeURIComponent(payload);
      for (const [page, shown] of [
        [`/en/dev/outbox?to=${q}`, true],
        [`/en/debugger?url=${q}`, true],
        [`/en/line?ref=${q}`, false],
        [`/en/login?returnTo=${q}`, false],
        [`/en/${q}`, false],
      ] as const) {
        const { html } = await getPage(stack.siteUrl, page, new CookieJar(), EN);
        expectOnlyEscaped(html, payload, `${page}`, shown);
      }
    }
  });

  it("a refused login and a refused registration echo what was typed as text", async () => {
    for (const payload of PAYLOADS) {
      const jar = new CookieJar();
      const ip = { "x-test-client-ip": `203.0.113.${seq % 250}` };
      const login = await postForm(stack.siteUrl, "/en/login", jar, { csrf: csrfToken((await getPage(stack.siteUrl, "/en/login", jar, EN)).html), formType: "login_password", step: "credentials", uLogin: payload, uPassword: "Wrong1234" }, { ...EN, ...ip });
      expect(login.status).toBeLessThan(500);
      expectOnlyEscaped(await login.text(), payload, `login ${JSON.stringify(payload)}`, false);
      const registration = await postForm(
        stack.siteUrl,
        "/en/registration/full",
        jar,
        { csrf: csrfToken((await getPage(stack.siteUrl, "/en/registration/full", jar, EN)).html), name: payload, email: payload, password: "x", currency: "EUR", country_code: "DE" },
        { ...EN, ...ip },
      );
      expect(registration.status).toBe(400);
      expectOnlyEscaped(await registration.text(), payload, `registration ${JSON.stringify(payload)}`, false);
      seq++;
    }
  });

  it("the data script of a page carries the payload only escaped, beside the prepared texts spliced into it", async () => {
    for (const payload of PAYLOADS) {
      const { html } = await getPage(stack.siteUrl, `/en/search?q=${encodeURIComponent(payload)}`, new CookieJar(), EN);
      const data = [...html.matchAll(SCRIPT)].map(([, , body]) => body!).filter((body) => body.includes("__remixContext"));
      expect(data.length).toBeGreaterThan(0);
      // The data script holds the query as JSON inside a string, with <, >, & and the separators as \u escapes.
      const inScript = JSON.stringify(JSON.stringify(payload).slice(1, -1)).slice(1, -1).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
      expect(data.join(""), JSON.stringify(payload)).toContain(inScript);
      // The sports menu, a prepared text spliced in as bytes (decision 056), is there too.
      expect(data.join("")).toContain("football");
    }
  });
});

describe("stored: user names and the ops console's texts come back only as text", () => {
  it("a user's login in the header, and as the bettor of a VIP bet in the ops console", async () => {
    const ops = await signedIn({ email: `xss-ops-${unique()}@example.com`, roles: ["player", "ops"] });
    for (const payload of PAYLOADS) {
      const bettor = await signedIn({ login: payload, email: `xss-${unique()}@example.com` });
      const home = await getPage(stack.siteUrl, "/en", bettor.jar, EN);
      expectOnlyEscaped(home.html, payload, `header of ${JSON.stringify(payload)}`);

      // A VIP bet waits for ops with the bettor named.
      await h.post("/__test/ledger/deposit", { userId: bettor.userId, amount: 100_000_000 });
      const game = (await h.post("/__test/bets/games", { status: 1 })) as { outcomes: Record<string, number> };
      const coupon = await getPage(stack.siteUrl, "/en/coupon", bettor.jar, EN);
      const sent = await postForm(stack.siteUrl, "/en/coupon/place", bettor.jar, {
        csrf: csrfToken(coupon.html),
        key: `xss-vip-${unique()}`,
        typeId: "0",
        amount: "150000",
        changeCoefAction: "2",
        bets: `${game.outcomes["1::1"]}:2.1:P`,
        vipBet: "1",
      });
      expect(sent.status).toBe(302);
    }
    const queue = await getPage(stack.siteUrl, "/ops/vip-bets", ops.jar, EN);
    for (const payload of PAYLOADS) expectOnlyEscaped(queue.html, payload, `VIP queue ${JSON.stringify(payload)}`);
  });

  it("ops notes, block patterns and switches, on their pages, in the audit log and in refused forms", async () => {
    for (const payload of PAYLOADS) {
      // The ops user's own login is the audit log's actor.
      const ops = await signedIn({ login: `ops ${payload}`, email: `xss-ops-${unique()}@example.com`, roles: ["player", "ops"] });
      const token = async (page: string) => csrfToken((await getPage(stack.siteUrl, page, ops.jar, EN)).html);
      const id = unique();
      const rule = await postForm(stack.siteUrl, "/ops/redirects/new", ops.jar, { csrf: await token("/ops/redirects/new"), intent: "save", source: `/xss-${id}`, target: "/rules/1", code: "301", priority: "0", active: "on", note: payload }, EN);
      expect(rule.status, "redirect rule saved").toBe(302);
      const block = await postForm(stack.siteUrl, "/ops/blocks", ops.jar, { csrf: await token("/ops/blocks"), intent: "create", kind: "user_agent", pattern: `xss-${id}-${payload}`, reason: "4", appliesTo: "all", priority: "0", note: payload }, EN);
      expect(block.status, "block rule answered").toBeLessThan(500);
      expectOnlyEscaped(await block.text(), payload, `block rule answer ${JSON.stringify(payload)}`, false);
      // A path the switch refuses is named in its message.
      const paths = await postForm(stack.siteUrl, "/ops/switches", ops.jar, { csrf: await token("/ops/switches"), intent: "urlsToRedirectTo404", paths: `/xss-${id}\n${payload}` }, EN);
      expect(paths.status).toBe(400);
      expectOnlyEscaped(await paths.text(), payload, `switch refusal ${JSON.stringify(payload)}`);

      // Shown: the rule found by its source (its note), the audit log's newest entries (the actor,
      // the note and pattern in before and after); kept in a filter or tried: the rest.
      for (const [page, shown] of [
        [`/ops/redirects?q=${encodeURIComponent(`/xss-${id}`)}`, true],
        [`/ops/redirects?q=${encodeURIComponent(payload)}`, false],
        ["/ops/blocks", false],
        ["/ops/audit", true],
        ["/ops/switches", false],
        [`/ops/try?url=${encodeURIComponent(payload)}`, false],
      ] as const) {
        const { res, html } = await getPage(stack.siteUrl, page, ops.jar, EN);
        expect(res.status, page).toBe(200);
        expectOnlyEscaped(html, payload, `${page} ${JSON.stringify(payload)}`, shown);
      }
    }
  });

  it("a block appeal's message on the bettor's own page", async () => {
    for (const payload of PAYLOADS) {
      const banned = await signedIn({ email: `xss-appeal-${unique()}@example.com`, ban_level: 1 });
      const page = await getPage(stack.siteUrl, "/en/block-appeal-history", banned.jar, EN);
      const res = await postForm(stack.siteUrl, "/en/block-appeal-history", banned.jar, { csrf: csrfToken(page.html), message: `Please review: ${payload}` }, EN);
      expect(res.status).toBeLessThan(400);
      const after = await getPage(stack.siteUrl, "/en/block-appeal-history", banned.jar, EN);
      expectOnlyEscaped(after.html, `Please review: ${payload}`, `appeal ${JSON.stringify(payload)}`);
    }
  });
});

describe("kept markup (decision 055) never carries one visitor's text into another's page", () => {
  const ODDS = ["decimal", "american", "fractional", "hongkong", "malay", "indonesian"];

  /** A guest's display cookie of its own (a variant of the kept rows no one has asked for yet). */
  async function displayCookie(round: number): Promise<string> {
    const jar = new CookieJar();
    const { html } = await getPage(stack.siteUrl, "/en/display-settings", jar, EN);
    const flags = { ...(round & 1 ? { compact: "1" } : {}), ...(round & 2 ? { showGameId: "1" } : {}), ...(round & 4 ? { teamLogos: "1" } : {}) };
    const res = await postForm(stack.siteUrl, "/en/display-settings", jar, { csrf: csrfToken(html), odds: ODDS[round % ODDS.length]!, view: "0", theme: "0", ...flags, returnTo: "/en" }, EN);
    expect(res.status).toBe(302);
    return jar.get("display")!;
  }

  it("a list page asked for with a payload in its address, then by another visitor without one", async () => {
    await h.pauseSimulator();
    try {
      const marker = "xss-kept-<script>alert(1)</script>";
      for (let round = 0; round < 8; round++) {
        const display = await displayCookie(round);
        const withDisplay = () => {
          const jar = new CookieJar();
          jar.set("display", display);
          return jar;
        };
        for (const path of ["/en/line", "/en/live"]) {
          // Someone has seen the list (it is kept from its second viewer on); the payload's visitor
          // is then the first with these display settings, so the rows kept for them are the
          // rows the next visitor with the same settings is served.
          await getPage(stack.siteUrl, path, new CookieJar(), EN);
          const attacker = await getPage(stack.siteUrl, `${path}?ref=${encodeURIComponent(marker)}`, withDisplay(), EN);
          expectOnlyEscaped(attacker.html, marker, `${path} with the payload`, false);
          // A list page keeps its own address (query and all) to come back to after a click on an odd.
          expect(attacker.html, `${path} keeps its address`).toContain("xss-kept-");
          const other = await getPage(stack.siteUrl, path, withDisplay(), EN);
          expect(other.html, `${path}: another visitor's page`).not.toContain("xss-kept-");
          expect(other.html, `${path}: the rows`).toContain('class="outcomes-form__rows"');
          expectNoInjectedElement(other.html, path);
        }
      }
    } finally {
      await h.resumeSimulator();
    }
  });
});
