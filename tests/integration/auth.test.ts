import { describe, expect, it } from "vitest";
import { CookieJar, ONE_TAP_CSRF, csrfToken, getPage, postForm, postOneTap } from "../support/forms";
import { hooks } from "../support/hooks";
import { siteStack } from "../support/suite";

// Each test signs in from its own address, as the platform's captcha and rate limits count
// failures per address too.
const stack = siteStack({ siteEnv: { TRUSTED_CLIENT_IP_HEADER: "x-test-client-ip" } });
const h = hooks(() => stack.platformUrl);

let address = 10;
const ips = new WeakMap<CookieJar, string>();
function ipOf(jar: CookieJar) {
  if (!ips.has(jar)) ips.set(jar, `198.51.100.${address++}`);
  return { "x-test-client-ip": ips.get(jar)! };
}

async function loginForm(jar: CookieJar, fields: Record<string, string>, path = "/en/login") {
  const { html } = await getPage(stack.siteUrl, path, jar, ipOf(jar));
  return postForm(stack.siteUrl, "/en/login", jar, { csrf: csrfToken(html), formType: "login_password", step: "credentials", ...fields }, ipOf(jar));
}

const captchaIdIn = (html: string) => /name="captchaId" value="([^"]+)"/.exec(html)?.[1];

/** Four wrong passwords for `uLogin`, so the form asks for a captcha: the page that asks, and its captcha's id. */
async function failUntilCaptcha(jar: CookieJar, uLogin: string) {
  let html = "";
  for (let i = 0; i < 4; i++) {
    const res = await loginForm(jar, { uLogin, uPassword: `wrong-${i}` });
    html = await res.text();
  }
  const id = captchaIdIn(html);
  expect(id).toBeTruthy();
  return { html, id: id! };
}

/** The credentials again from the page that asked for a captcha, with the captcha solved. */
async function loginWithCaptcha(jar: CookieJar, asked: { html: string; id: string }, uLogin: string, uPassword: string) {
  const fields = { formType: "login_password", step: "credentials", uLogin, uPassword, captchaId: asked.id, captchaAnswer: await h.captchaAnswer(asked.id) };
  return postForm(stack.siteUrl, "/en/login", jar, { csrf: csrfToken(asked.html), ...fields }, ipOf(jar));
}

describe("sign-in over plain forms", () => {
  it("signs in with a fresh HttpOnly, SameSite token every time, and the old one stops working after logout", async () => {
    await h.createUser({ email: "twice@example.com", password: "Secret123" });
    const first = new CookieJar();
    const res1 = await loginForm(first, { uLogin: "twice@example.com", uPassword: "Secret123", save: "on" });
    expect(res1.status).toBe(302);
    const cookie = res1.headers.getSetCookie().find((c) => c.startsWith("user_token="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Expires=/);
    expect(first.get("ua")).toBe("1");

    const second = new CookieJar();
    await loginForm(second, { uLogin: "twice@example.com", uPassword: "Secret123" });
    expect(second.get("user_token")).toBeTruthy();
    expect(second.get("user_token")).not.toBe(first.get("user_token"));

    // Signed in: the header shows the account.
    const home = await getPage(stack.siteUrl, "/en", first);
    expect(home.html).toContain("user-chip");

    // Logout ends the first session on the platform and clears its cookies.
    const logoutPage = await getPage(stack.siteUrl, "/en/logout", first);
    const out = await postForm(stack.siteUrl, "/en/logout", first, { csrf: csrfToken(logoutPage.html) });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/en");
    expect(first.get("user_token")).toBeUndefined();
    const oldToken = res1.headers
      .getSetCookie()
      .find((c) => c.startsWith("user_token="))!
      .split(";")[0]!;
    const stale = await fetch(`${stack.siteUrl}/en/session`, { headers: { cookie: oldToken } });
    expect(await stale.json()).toMatchObject({ signedIn: false });
    // The second session is untouched.
    const other = await fetch(`${stack.siteUrl}/en/session`, { headers: { cookie: second.header() } });
    expect(await other.json()).toMatchObject({ signedIn: true });
  });

  it("shows a translated error next to the form and never echoes the password", async () => {
    await h.createUser({ email: "echo@example.com", password: "Secret123" });
    const jar = new CookieJar();
    const res = await loginForm(jar, { uLogin: "echo@example.com", uPassword: "NotThePassword-987" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("The login or password is incorrect.");
    expect(html).not.toContain("NotThePassword-987");
    expect(html).toContain('value="echo@example.com"');
    expect(jar.get("user_token")).toBeUndefined();
  });

  it("asks for a captcha after repeated failures and lets a solved one through", async () => {
    await h.createUser({ email: "captcha@example.com", password: "Secret123" });
    const jar = new CookieJar();
    const asked = await failUntilCaptcha(jar, "captcha@example.com");
    expect(asked.html).toContain("data:image/svg+xml");
    const ok = await loginWithCaptcha(jar, asked, "captcha@example.com", "Secret123");
    expect(ok.status).toBe(302);
    expect(jar.get("user_token")).toBeTruthy();
  });

  it("after a solved captcha and a wrong password, says wrong password and gives a fresh captcha", async () => {
    await h.createUser({ email: "captcha-wrong@example.com", password: "Secret123" });
    const jar = new CookieJar();
    const asked = await failUntilCaptcha(jar, "captcha-wrong@example.com");
    const res = await loginWithCaptcha(jar, asked, "captcha-wrong@example.com", "still-wrong");
    expect(res.status).toBe(400);
    const after = await res.text();
    expect(after).toContain("The login or password is incorrect.");
    const nextId = captchaIdIn(after);
    expect(nextId).toBeTruthy();
    expect(nextId).not.toBe(asked.id);
    expect(jar.get("user_token")).toBeUndefined();
  });

  it("offers the phone forms one option per dialling code, the first chosen, sent to the browser as one prepared list", async () => {
    const { html } = await getPage(stack.siteUrl, "/en/login?form=phone_password", new CookieJar());
    const select = /<select[^>]*name="phone_code"[^>]*>(.*?)<\/select>/s.exec(html)?.[1] ?? "";
    const options = [...select.matchAll(/<option value="(\d+)"( selected="")?>([^<]*)<\/option>/g)];
    expect(options.length).toBeGreaterThan(5);
    expect(options[0]![2]).toBe(' selected=""');
    expect(options.filter((o) => o[2])).toHaveLength(1);
    expect(new Set(options.map((o) => o[1])).size).toBe(options.length);
    expect(options.find((o) => o[1] === "7")?.[3]).toMatch(/^RU, KZ \+7$/);
    // A data request (the modal's) carries the codes as one JSON text, not value by value.
    const data = await (await fetch(`${stack.siteUrl}/en/login.data?form=phone_password`)).text();
    const lists = (JSON.parse(data.split("\n")[0]!) as unknown[]).filter((v): v is string => typeof v === "string" && v.startsWith("[{\"tel_code\""));
    expect(lists).toHaveLength(1);
    expect((JSON.parse(lists[0]!) as Array<{ tel_code: string }>).map((c) => c.tel_code)).toEqual(options.map((o) => o[1]));
  });

  it("keeps an open-redirect attempt in the return URL on the site", async () => {
    await h.createUser({ email: "return@example.com", password: "Secret123" });
    for (const evil of ["https://evil.example/", "//evil.example/x", "/\\evil.example"]) {
      const jar = new CookieJar();
      const res = await loginForm(jar, { uLogin: "return@example.com", uPassword: "Secret123", returnTo: evil });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/en");
    }
    const jar = new CookieJar();
    const good = await loginForm(jar, { uLogin: "return@example.com", uPassword: "Secret123", returnTo: "/en/rules/2" });
    expect(good.headers.get("location")).toBe("/en/rules/2");
  });

  it("refuses a cross-site POST (another origin, no CSRF token, or a token without its cookie)", async () => {
    await h.createUser({ email: "csrf@example.com", password: "Secret123" });
    const fields = { formType: "login_password", step: "credentials", uLogin: "csrf@example.com", uPassword: "Secret123" };
    // A browser posting from another site sends its Origin: Remix refuses the action outright.
    const crossSite = await fetch(`${stack.siteUrl}/en/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: new URLSearchParams(fields),
    });
    expect(crossSite.status).toBeGreaterThanOrEqual(400);
    expect(crossSite.headers.getSetCookie().some((c) => c.startsWith("user_token="))).toBe(false);
    // Without an Origin, the missing CSRF token is refused by our own check.
    const bare = await fetch(`${stack.siteUrl}/en/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    expect(bare.status).toBe(403);
    expect(bare.headers.getSetCookie().some((c) => c.startsWith("user_token="))).toBe(false);

    const victim = new CookieJar();
    const { html } = await getPage(stack.siteUrl, "/en/login", victim);
    const stolenToken = csrfToken(html);
    const attacker = new CookieJar();
    const forged = await postForm(stack.siteUrl, "/en/login", attacker, {
      csrf: stolenToken,
      formType: "login_password",
      step: "credentials",
      uLogin: "csrf@example.com",
      uPassword: "Secret123",
    });
    expect(forged.status).toBe(403);
  });

  it("applies a saved redirect target once after sign-in", async () => {
    const { token } = await h.createUser({ email: "saved@example.com", password: "Secret123", ban_level: 0 });
    expect(token).toBeTruthy();
    const jar = new CookieJar();
    // A page that needs sign-in saves itself as the target.
    const protectedPage = await getPage(stack.siteUrl, "/en/block-appeal-history", jar, ipOf(jar));
    expect(protectedPage.res.status).toBe(302);
    expect(jar.get("redirect_url")).toBeTruthy();
    const res = await loginForm(jar, { uLogin: "saved@example.com", uPassword: "Secret123" }, "/en/login");
    expect(res.headers.get("location")).toBe("/en/block-appeal-history");
    expect(jar.get("redirect_url")).toBeUndefined();
  });
});

describe("social one-tap", () => {
  it("signs in with the provider's credential posted by the prompt (double-submit CSRF)", async () => {
    const credential = await h.socialCredential({ email: `tap-${Date.now()}@example.com`, name: "Tap User" });
    const jar = new CookieJar();
    const posted = await postOneTap(stack.siteUrl, jar, credential);
    expect(posted.status).toBe(302);
    const next = posted.headers.get("location")!;
    expect(next).toMatch(/^\/en\/login\/social\?/);
    const signIn = await getPage(stack.siteUrl, next, jar);
    expect(signIn.res.status).toBe(302);
    expect(jar.get("user_token")).toBeTruthy();
  });

  it("binds the result link to the browser that started it: opened elsewhere it signs nobody in (login CSRF)", async () => {
    const credential = await h.socialCredential({ email: `tap-csrf-${Date.now()}@example.com`, name: "Attacker" });
    // The attacker runs one-tap with their own account and keeps the result link.
    const attacker = new CookieJar();
    const posted = await postOneTap(stack.siteUrl, attacker, credential);
    expect(posted.status).toBe(302);
    const link = posted.headers.get("location")!;
    expect(link).toMatch(/^\/en\/login\/social\?/);
    // The state cookie: HttpOnly, SameSite=Lax, a short life.
    const state = posted.headers.getSetCookie().find((c) => c.startsWith("one_tap_state="))!;
    const attributes = state.split(";").map((a) => a.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/", "max-age=300"]));
    expect(posted.headers.get("cache-control")).toBe("private, no-store");

    // The victim opens it: no cookie, or a state cookie of the victim's own earlier attempt.
    for (const victimState of [undefined, attacker.get("one_tap_state")!.replace(/^./, (c) => (c === "A" ? "B" : "A"))]) {
      const victim = new CookieJar();
      if (victimState) victim.set("one_tap_state", victimState);
      const opened = await getPage(stack.siteUrl, link, victim);
      expect(opened.res.status).toBe(403);
      expect(victim.get("user_token")).toBeUndefined();
      expect(opened.html).toContain("This sign-in link was opened in a different browser from the one where you started signing in");
    }
    const ru = await getPage(stack.siteUrl, link.replace(/^\/en\//, "/ru/"), new CookieJar());
    expect(ru.res.status).toBe(403);
    expect(ru.html).toContain("Эта ссылка для входа открыта не в том браузере");

    // The pass was not spent by the refusals: the browser that started it still signs in.
    const own = await getPage(stack.siteUrl, link, attacker);
    expect(own.res.status).toBe(302);
    expect(attacker.get("user_token")).toBeTruthy();
    expect(attacker.get("one_tap_state")).toBeUndefined();
  });

  it("refuses a credential without the matching g_csrf_token cookie", async () => {
    const jar = new CookieJar();
    const posted = await postForm(stack.siteUrl, "/en/login/google-one-tap", jar, { credential: "x".repeat(40), g_csrf_token: ONE_TAP_CSRF });
    expect(posted.status).toBe(403);
  });
});
