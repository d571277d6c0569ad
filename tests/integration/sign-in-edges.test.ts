import { describe, expect, it } from "vitest";
import { CookieJar, csrfToken, getPage, postForm, postOneTap } from "../support/forms";
import { hooks } from "../support/hooks";
import { siteStack } from "../support/suite";

// Issue 11, sign-in edge cases.

const stack = siteStack({ siteEnv: { TRUSTED_CLIENT_IP_HEADER: "x-test-client-ip" } });
const h = hooks(() => stack.platformUrl);
let ip = 60;

describe("the CSRF token", () => {
  it("rotates at login and at logout, and a token from before login is refused after it", async () => {
    await h.createUser({ email: "rotate@example.com", password: "Secret123" });
    const jar = new CookieJar();
    const headers = { "x-test-client-ip": `198.51.100.${ip++}` };
    const guestPage = await getPage(stack.siteUrl, "/en/login", jar, headers);
    const guestToken = csrfToken(guestPage.html);
    const guestCookie = jar.get("csrf");
    // Stable while nothing changes.
    expect(csrfToken((await getPage(stack.siteUrl, "/en/login", jar, headers)).html)).toBe(guestToken);

    const login = await postForm(stack.siteUrl, "/en/login", jar, { csrf: guestToken, formType: "login_password", step: "credentials", uLogin: "rotate@example.com", uPassword: "Secret123" }, headers);
    expect(login.status).toBe(302);
    const signedIn = await getPage(stack.siteUrl, "/en/logout", jar, headers);
    const userToken = csrfToken(signedIn.html);
    expect(userToken).not.toBe(guestToken);
    expect(jar.get("csrf")).not.toBe(guestCookie);
    const setCookie = signedIn.res.headers.getSetCookie().find((c) => c.startsWith("csrf="))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);

    // A form carrying the token from before login is refused now.
    const stale = await postForm(stack.siteUrl, "/en/logout", jar, { csrf: guestToken }, headers);
    expect(stale.status).toBe(403);
    expect(jar.get("user_token")).toBeTruthy();

    const out = await postForm(stack.siteUrl, "/en/logout", jar, { csrf: userToken }, headers);
    expect(out.status).toBe(302);
    const after = await getPage(stack.siteUrl, "/en/login", jar, headers);
    const afterToken = csrfToken(after.html);
    expect(afterToken).not.toBe(userToken);
    expect(afterToken).not.toBe(guestToken);
  });
});

describe("one-tap", () => {
  it("sends the numeric country id when the visitor's country comes from the country header", async () => {
    const credential = await h.socialCredential({ email: `tap-country-${Date.now()}@example.com`, name: "Tap Country" });
    const posted = await postOneTap(stack.siteUrl, new CookieJar(), credential, { "x-country-code": "RU", "x-test-client-ip": `198.51.100.${ip++}` });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toMatch(/^\/en\/login\/social\?/);
  });
});
