import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, csrfToken, getPage, postForm } from "../support/forms";
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
