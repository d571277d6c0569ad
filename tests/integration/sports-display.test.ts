import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, csrfToken, getPage, postForm } from "../support/forms";
import { hooks } from "../support/hooks";
import { type Stack, startStack } from "../support/stack";

describe("quick display settings and section addresses", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ sports: true });
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
    expect(config.result.display_settings).toEqual({ odds: "fractional", view: 1, theme: 0 });
    // A second device: only the session cookie.
    const other = await fetch(`${stack.siteUrl}/en/rules/1`, { headers: { cookie: `user_token=${token}; age_confirmed=1; ua=1` } });
    const page = await other.text();
    expect(page).toContain('class="theme-light"');
    expect(page).toMatch(/<option value="fractional" selected="">/);
    // The platform refuses a value outside the schema.
    const bad = await fetch(`${stack.platformUrl}/web-api/user/display-settings`, { method: "PUT", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify({ odds: "roman", view: 0, theme: 1 }) });
    expect(bad.status).toBe(400);
  });

  it("refuses a bad value or a missing CSRF token and changes nothing", async () => {
    const jar = new CookieJar();
    const { html } = await getPage(stack.siteUrl, "/en/rules/1", jar);
    const bad = await postForm(stack.siteUrl, "/en/display-settings", jar, { csrf: csrfToken(html), odds: "roman", view: "0", theme: "1" });
    expect(bad.status).toBe(400);
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
