import { describe, expect, it } from "vitest";
import { CookieJar, csrfToken, getPage, postForm } from "../support/forms";
import { hooks } from "../support/hooks";
import { siteStack } from "../support/suite";

// Issue 11 / decision 025: every place that follows a return address the visitor controls
// keeps the visitor on our pages, whatever the address.

const hostile = [
  "/a/..//evil.example/x",
  "/en/../..//evil.example",
  "//evil.example",
  "/\\evil.example",
  "/%2F%2Fevil.example",
  "https://evil.example/en",
  "/en\t/..//evil.example",
  "javascript:alert(1)",
];

const stack = siteStack({ siteEnv: { TRUSTED_CLIENT_IP_HEADER: "x-test-client-ip" } });
const h = hooks(() => stack.platformUrl);
let ip = 20;

/** A browser of its own: a jar and an address, so rate limits never mix the cases. */
function browser() {
  const jar = new CookieJar();
  const headers = { "x-test-client-ip": `198.51.100.${ip++}` };
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

/** Where a browser on our page would go with this Location. */
function expectOurs(location: string | null, fallback: string) {
  expect(location).toBe(fallback);
}

describe("return addresses stay on our pages", () => {
  it("login: returnTo in the page (GET) and after signing in (POST)", async () => {
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

  it("the age gate and the maintenance notice", async () => {
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

  it("accountverify and registration keep no hostile continue link", async () => {
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

  it("the one-click credentials e-mail form's continue link", async () => {
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

  it("the logout that fails goes back only to our pages", async () => {
    const { token } = await h.createUser({ email: "ret-logout@example.com", password: "Secret123" });
    await h.fault({ path: "/web-api/auth/logout", mode: "error", status: 503 });
    try {
      for (const evil of hostile.slice(0, 3)) {
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

  it("the ops console's back= parameter", async () => {
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
});
