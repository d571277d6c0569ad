import { describe, expect, it } from "vitest";
import { CookieJar, csrfToken, getPage, postForm, postOneTap } from "../support/forms";
import { hooks } from "../support/hooks";
import { callersIn, routeSources } from "../support/route-sources";
import { siteStack } from "../support/suite";

// Issue 11 / decision 025: every place that follows a return address the visitor controls
// keeps the visitor on our pages, whatever the address. Which places those are comes from the
// route table (meta `returns`): the last tests fail when a route declares one that no test here
// tries, or follows an address without declaring it.

const hostile = [
  "/a/..//evil.example/x",
  "/en/../..//evil.example",
  "//evil.example",
  "/\\evil.example",
  "/\\\\evil.example",
  "/%2F%2Fevil.example",
  "%2F%2Fevil.example",
  "https://evil.example/en",
  "https://evil.example/",
  "/en\t/..//evil.example",
  "/%09/evil.example",
  "javascript:alert(1)",
  // A header split, encoded and raw: never a second header, never another host.
  "/%0d%0aLocation:%20https://evil.example",
  "/en%0D%0ASet-Cookie:%20user_token=stolen",
  "/en\r\nLocation: https://evil.example",
  // Past the 2048-character cap: the fallback, whether it would have been ours or not.
  `//evil.example/${"a".repeat(2100)}`,
  `/en/${"a".repeat(2100)}`,
];

const stack = siteStack({ siteEnv: { TRUSTED_CLIENT_IP_HEADER: "x-test-client-ip" } });
const h = hooks(() => stack.platformUrl);
let ip = 20;

/** The route-table return addresses (route id and field) the tests below try with hostile values. */
const tried = new Set<string>();
/** A test of return addresses: `covers` names the route ids and fields (meta `returns`) it tries. */
function returnsTest(name: string, covers: Array<[route: string, field: string]>, fn: () => Promise<void>) {
  for (const [route, field] of covers) tried.add(`${route}:${field}`);
  it(name, fn);
}

/** A browser of its own: a jar and an address, so rate limits never mix the cases. */
function browser() {
  const jar = new CookieJar();
  const n = ip++;
  const headers = { "x-test-client-ip": `198.51.${100 + (n >> 8)}.${n & 255}` };
  return {
    jar,
    get: (path: string) => getPage(stack.siteUrl, path, jar, headers),
    post: (path: string, fields: Record<string, string>) => postForm(stack.siteUrl, path, jar, fields, headers),
    async token(path = "/en/login") {
      return csrfToken((await getPage(stack.siteUrl, path, jar, headers)).html);
    },
  };
}

/**
 * Every link, form target or form value that mentions the hostile address is one of our pages
 * that keeps it only inside its query (the language switcher, the odds and coupon forms keeping
 * the page's own URL to come back to: posted back, it is checked again).
 */
function expectNoHostileLink(html: string) {
  for (const [, , raw] of html.matchAll(/\b(href|action|value|content)="([^"]*evil\.example[^"]*)"/g)) {
    const value = raw!.replaceAll("&amp;", "&");
    const url = new URL(value, stack.siteUrl);
    expect(url.origin, value).toBe(new URL(stack.siteUrl).origin);
    expect(url.pathname, value).not.toContain("evil.example");
  }
}

/** Where a browser on our page would go with this Location: the safe default. */
function expectOurs(location: string | null, fallback: string) {
  expect(location).toBe(fallback);
}

/** A link or Location that is a path of this site: one slash, no control character, our origin. */
function expectSameOriginPath(value: string | null) {
  expect(value).toMatch(/^\/(?![/\\])[^\u0000-\u001f\\]*$/);
  expect(new URL(value!, stack.siteUrl).origin).toBe(new URL(stack.siteUrl).origin);
}

describe("return addresses stay on our pages", () => {
  returnsTest("login: returnTo in the page (GET) and after signing in (POST)", [["login", "returnTo"]], async () => {
    await h.createUser({ email: "ret-login@example.com", password: "Secret123" });
    for (const evil of hostile) {
      const b = browser();
      const page = await b.get(`/en/login?returnTo=${encodeURIComponent(evil)}`);
      expectNoHostileLink(page.html);
      expect(page.html).toContain('name="returnTo" value=""');
      const res = await b.post("/en/login", {
        csrf: csrfToken(page.html),
        formType: "login_password",
        step: "credentials",
        uLogin: "ret-login@example.com",
        uPassword: "Secret123",
        returnTo: evil,
      });
      expect(res.status).toBe(302);
      expectOurs(res.headers.get("location"), "/en");
    }
  });

  it("the redirect_url cookie saved before sign-in", async () => {
    await h.createUser({ email: "ret-cookie@example.com", password: "Secret123" });
    for (const evil of hostile) {
      const b = browser();
      const csrf = await b.token();
      b.jar.set("redirect_url", encodeURIComponent(evil));
      const res = await b.post("/en/login", { csrf, formType: "login_password", step: "credentials", uLogin: "ret-cookie@example.com", uPassword: "Secret123" });
      expect(res.status).toBe(302);
      expectOurs(res.headers.get("location"), "/en");
    }
  });

  returnsTest("the age gate and the maintenance notice", [["age-gate", "returnTo"], ["notice-maintenance", "returnTo"]], async () => {
    for (const evil of hostile) {
      const b = browser();
      const csrf = await b.token();
      const age = await b.post("/en/age-gate", { csrf, returnTo: evil, remember: "1" });
      expect(age.status).toBe(302);
      expectOurs(age.headers.get("location"), "/en");
      const notice = await b.post("/en/notice/maintenance", { csrf, returnTo: evil });
      expect(notice.status).toBe(302);
      expectOurs(notice.headers.get("location"), "/en");
    }
  });

  returnsTest("accountverify and registration keep no hostile continue link", [["user-accountverify", "returnTo"]], async () => {
    const { token } = await h.createUser({ email: "ret-verify@example.com", password: "Secret123" });
    for (const evil of hostile) {
      const b = browser();
      b.jar.set("user_token", token);
      const verify = await b.get(`/en/user/accountverify?returnTo=${encodeURIComponent(evil)}`);
      expect(verify.res.status).toBe(200);
      expectNoHostileLink(verify.html);
      const guest = browser();
      const registration = await guest.get(`/en/registration?returnTo=${encodeURIComponent(evil)}`);
      expectNoHostileLink(registration.html);
    }
  });

  returnsTest("the one-click credentials e-mail form's continue link", [["registration", "continueTo"]], async () => {
    const { token } = await h.createUser({ email: "ret-credentials@example.com", password: "Secret123" });
    for (const evil of hostile) {
      const b = browser();
      const csrf = await b.token("/en/registration/one-click");
      b.jar.set("user_token", token);
      const res = await b.post("/en/registration/one-click", { csrf, intent: "credentials-email", email: "", login: "1", password: "x", continueTo: evil });
      const html = await res.text();
      expect(res.status).toBe(400);
      expectNoHostileLink(html);
    }
  });

  returnsTest("the logout that fails goes back only to our pages", [["logout", "returnTo"]], async () => {
    const { token } = await h.createUser({ email: "ret-logout@example.com", password: "Secret123" });
    await h.fault({ path: "/web-api/auth/logout", mode: "error", status: 503 });
    try {
      for (const evil of [...hostile.slice(0, 3), ...hostile.slice(-2)]) {
        const b = browser();
        b.jar.set("user_token", token);
        const csrf = await b.token("/en/logout");
        const res = await b.post("/en/logout", { csrf, returnTo: evil });
        expect(res.status).toBe(302);
        expectOurs(res.headers.get("location"), "/en");
      }
    } finally {
      await h.clearFaults();
    }
  });

  returnsTest("the ops console's back= parameter", [["ops-redirects", "back"]], async () => {
    const { token } = await h.createUser({ email: "ret-ops@example.com", password: "Secret123", roles: ["player", "ops"] });
    const { id } = await h.addRedirectRule({ source: "/ret-ops-source", target: "/rules/1", code: 301 });
    for (const evil of hostile) {
      const b = browser();
      b.jar.set("user_token", token);
      const csrf = await b.token("/ops/redirects");
      const res = await b.post("/ops/redirects", { csrf, id: String(id), active: "true", back: evil });
      expect(res.status).toBe(302);
      expectOurs(res.headers.get("location"), "/ops/redirects");
    }
    // Our own page is kept.
    const b = browser();
    b.jar.set("user_token", token);
    const csrf = await b.token("/ops/redirects");
    const res = await b.post("/ops/redirects", { csrf, id: String(id), active: "true", back: "/ops/redirects?page=2#x" });
    expect(res.headers.get("location")).toBe("/ops/redirects?page=2");
  });
  returnsTest("registration: returnTo after signing up (POST) goes to our pages only", [["registration", "returnTo"]], async () => {
    for (const evil of hostile) {
      const b = browser();
      const csrf = await b.token("/en/registration");
      const res = await b.post("/en/registration", {
        csrf,
        email: `ret-reg-${Date.now().toString(36)}-${ip}@example.com`,
        password: "Secret123",
        currency: "EUR",
        country_code: "DE",
        bonus_choice: "1",
        terms: "on",
        returnTo: evil,
      });
      expect(res.status, evil).toBe(302);
      const location = res.headers.get("location");
      expectSameOriginPath(location);
      expect(location, evil).not.toContain("evil.example");
    }
  });

  returnsTest("the coupon's forms go back only to our pages", [["coupon", "returnTo"]], async () => {
    for (const evil of hostile) {
      const b = browser();
      const csrf = await b.token("/en/coupon");
      const res = await b.post("/en/coupon", { csrf, intent: "clear", returnTo: evil });
      expect(res.status, evil).toBe(302);
      expectOurs(res.headers.get("location"), "/en/coupon");
    }
    // Our own page is kept, without its fragment.
    const b = browser();
    const res = await b.post("/en/coupon", { csrf: await b.token("/en/coupon"), intent: "clear", returnTo: "/en/line?filter=today#x" });
    expect(res.headers.get("location")).toBe("/en/line?filter=today");
  });

  returnsTest("the place form's refusal links back only to our pages", [["coupon-place", "returnTo"]], async () => {
    const { userId, token } = await h.createUser({ email: "ret-place@example.com", password: "Secret123", termsAccepted: true });
    // One kopeck on the account: a stake of 10.00 is refused by the platform, with the page that
    // offers the way back (a hostile address refused by the form would be a 400 instead).
    await h.post("/__test/ledger/deposit", { userId, amount: 1 });
    const game = (await h.post("/__test/bets/games", { status: 1 })) as { outcomes: Record<string, number> };
    for (const evil of hostile) {
      const b = browser();
      b.jar.set("user_token", token);
      const csrf = await b.token("/en/coupon");
      const res = await b.post("/en/coupon/place", { csrf, key: `ret-place-${ip}-abcdef`, typeId: "0", amount: "10", changeCoefAction: "2", bets: `${game.outcomes["1::1"]}:2.1:P`, returnTo: evil });
      const html = await res.text();
      expect(res.status, evil).toBe(422);
      expect(html).toContain('data-code="insufficient_balance"');
      expectNoHostileLink(html);
      expect(html, evil).toContain('href="/en/coupon"');
    }
  });

  returnsTest("the display settings go back only to our pages", [["display-settings", "returnTo"]], async () => {
    for (const evil of hostile) {
      const b = browser();
      const csrf = await b.token("/en/display-settings");
      const res = await b.post("/en/display-settings", { csrf, odds: "decimal", view: "0", theme: "0", returnTo: evil });
      expect(res.status, evil).toBe(302);
      expectOurs(res.headers.get("location"), "/en");
    }
  });

  returnsTest(
    "Google sign-in: the one-tap result link and the sign-in it makes go only to our pages",
    [["login-google", "upstream"], ["login-social", "returnTo"]],
    async () => {
      for (const evil of hostile) {
        const b = browser();
        // The target saved before sign-in is hostile too.
        b.jar.set("redirect_url", encodeURIComponent(evil));
        const credential = await h.socialCredential({ email: `ret-tap-${Date.now().toString(36)}-${ip}@example.com`, name: "Tap" });
        const posted = await postOneTap(stack.siteUrl, b.jar, credential, { "x-test-client-ip": `198.51.${100 + (ip >> 8)}.${ip & 255}` });
        expect(posted.status, evil).toBe(302);
        const link = posted.headers.get("location")!;
        expectSameOriginPath(link);
        expect(link).toMatch(/^\/en\/login\/social\?/);
        const signedIn = await b.get(`${link}&returnTo=${encodeURIComponent(evil)}`);
        expect(signedIn.res.status, evil).toBe(302);
        expect(b.jar.get("user_token"), evil).toBeTruthy();
        expectOurs(signedIn.res.headers.get("location"), "/en");
      }
    },
  );

  returnsTest("the ops block rules' back= parameter", [["ops-blocks", "back"]], async () => {
    const { token } = await h.createUser({ email: "ret-ops-blocks@example.com", password: "Secret123", roles: ["player", "ops"] });
    const { id } = await h.addBlockRule({ kind: "path", pattern: "/ret-ops-blocks-source", reason: 4 });
    for (const evil of hostile) {
      const b = browser();
      b.jar.set("user_token", token);
      const csrf = await b.token("/ops/blocks");
      const res = await b.post("/ops/blocks", { csrf, intent: "toggle", id: String(id), active: "false", back: evil });
      expect(res.status, evil).toBe(302);
      expectOurs(res.headers.get("location"), "/ops/blocks");
    }
  });

  it("the language switcher keeps a hostile address only as a path of ours", async () => {
    for (const evil of hostile.filter((e) => e.length < 1000)) {
      const b = browser();
      // In the query, and as the page's own path (where a link keeping it is a path of ours all the same).
      const inQuery = [`/en/login?returnTo=${encodeURIComponent(evil)}`, `/en/rules/1?next=${encodeURIComponent(evil)}`];
      for (const page of [...inQuery, `/en/${encodeURI(evil.replace(/^\/+/, ""))}`]) {
        const { res, html } = await b.get(page);
        if (res.status >= 300 && res.status < 400) {
          expectSameOriginPath(res.headers.get("location"));
          continue;
        }
        const links = [...html.matchAll(/<a href="([^"]*)"[^>]*class="lang-switcher__link"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
        // A page of ours has the switcher (the bare 404 of an address without a language has none).
        if (inQuery.includes(page)) expect(links.length, page).toBeGreaterThan(1);
        for (const link of links) {
          expectSameOriginPath(link);
          expect(link, page).toMatch(/^\/[a-z]{2}(\/|\?|$)/);
        }
        if (inQuery.includes(page)) expectNoHostileLink(html);
        else for (const [, , raw] of html.matchAll(/\b(href|action|src)="([^"]*)"/g)) expect(new URL(raw!.replaceAll("&amp;", "&"), stack.siteUrl).host, page).not.toBe("evil.example");
      }
    }
  });
});

describe("every return address of the route table is tried", () => {
  it("each route's declared return addresses (meta `returns`) have a test above", () => {
    const declared = routeSources.flatMap((r) => r.returns.map((field) => `${r.id}:${field}`));
    expect(declared.filter((d) => !tried.has(d)), "return addresses no test here tries").toEqual([]);
    expect([...tried].filter((t) => !declared.includes(t)), "tests of return addresses the route table does not declare").toEqual([]);
  });

  it("a route that follows a return address declares it", () => {
    // The helpers that take an address and follow it; their own modules only define them.
    const follows = ["safeReturnPath", "afterAuthTarget", "signedInRedirect"];
    const undeclared = routeSources
      .filter((r) => r.returns.length === 0 && callersIn(r, follows, ["lib/return-to.server.ts", "forms/sign-in.server.ts"]).length > 0)
      .map((r) => r.id);
    expect(undeclared, "routes that follow a return address without `returns` in app/route-table.mjs").toEqual([]);
  });
});
