import { beforeAll, describe, expect, it } from "vitest";
import { CookieJar, csrfToken, getPage, postForm } from "../support/forms";
import { hooks } from "../support/hooks";
import { pageUrl, samplePages } from "../support/pages";
import { siteStack } from "../support/suite";

// Issue 11, pages that lie: every route marked sign-in-required sends a guest to the login page
// with a return address and back after signing in (SPEC §5); block-appeal-history sends a
// player who is not banned to the language root.

const stack = siteStack({ siteEnv: { TRUSTED_CLIENT_IP_HEADER: "x-test-client-ip" } });
const h = hooks(() => stack.platformUrl);
let ip = 40;
beforeAll(async () => {
  await h.createUser({ email: "walk@example.com", password: "Secret123" });
});

const signInRequired = samplePages.filter((p) => p.auth);

describe("sign-in-required routes", () => {
  it("are in the route table (the walk is not empty)", () => {
    expect(signInRequired.map((p) => p.id)).toEqual(expect.arrayContaining(["block-appeal-history", "confirm-terms", "user-accountverify"]));
  });

  for (const lng of ["en", "ar"]) {
    for (const page of signInRequired) {
      it(`${lng} ${page.id}: a guest goes to login with a return address and comes back after signing in`, async () => {
        const jar = new CookieJar();
        const headers = { "x-test-client-ip": `198.51.100.${ip++}` };
        const path = pageUrl(lng, page);
        const { res } = await getPage(stack.siteUrl, path, jar, headers);
        expect(res.status).toBe(302);
        expect(res.headers.get("location")).toBe(`/${lng}/login?returnTo=${encodeURIComponent(path)}`);
        expect(jar.get("redirect_url")).toBeTruthy();

        const login = await getPage(stack.siteUrl, res.headers.get("location")!, jar, headers);
        expect(login.res.status).toBe(200);
        expect(login.html).toContain(`name="returnTo" value="${path.replaceAll("&", "&amp;")}"`);
        const signedIn = await postForm(
          stack.siteUrl,
          `/${lng}/login`,
          jar,
          { csrf: csrfToken(login.html), formType: "login_password", step: "credentials", uLogin: "walk@example.com", uPassword: "Secret123", returnTo: path },
          headers,
        );
        expect(signedIn.status).toBe(302);
        expect(signedIn.headers.get("location")).toBe(path);
        expect(jar.get("user_token")).toBeTruthy();
      });
    }
  }
});

describe("block-appeal-history", () => {
  it("sends a player who is not banned to the language root, and shows a banned one the page", async () => {
    const { token } = await h.createUser({ email: "not-banned@example.com", password: "Secret123" });
    const res = await fetch(`${stack.siteUrl}/en/block-appeal-history`, { headers: { cookie: `user_token=${token}` }, redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/en");

    const banned = await h.createUser({ email: "banned-walk@example.com", password: "Secret123", ban_level: 45 });
    const page = await fetch(`${stack.siteUrl}/en/block-appeal-history`, { headers: { cookie: `user_token=${banned.token}` }, redirect: "manual" });
    expect(page.status).toBe(200);
    const html = await page.text();
    // The appeal box points aria-describedby only at a message that exists.
    expect(html).not.toContain('aria-describedby="appeal-error"');
  });

  it("marks a refused appeal invalid, ties it to its message and focuses it without JavaScript", async () => {
    const { token } = await h.createUser({ email: "banned-appeal@example.com", password: "Secret123", ban_level: 45 });
    const jar = new CookieJar();
    jar.set("user_token", token);
    const page = await getPage(stack.siteUrl, "/en/block-appeal-history", jar);
    const res = await postForm(stack.siteUrl, "/en/block-appeal-history", jar, { csrf: csrfToken(page.html), message: "short" });
    expect(res.status).toBe(400);
    const html = await res.text();
    const textarea = /<textarea[^>]*>/.exec(html)?.[0] ?? "";
    expect(textarea).toContain('aria-invalid="true"');
    expect(textarea).toContain('aria-describedby="appeal-error"');
    expect(textarea).toContain("autofocus");
    expect(html).toMatch(/<p id="appeal-error"[^>]*>[^<]+<\/p>/);
  });
});
