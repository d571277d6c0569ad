import { describe, expect, it } from "vitest";
import { siteStack } from "../support/suite";
import kk from "../../app/i18n/locales/kk/common.json";

describe("site shell over HTTP", () => {
  const stack = siteStack();

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${stack.siteUrl}${path}`, { headers, redirect: "manual" });

  it("redirects an unprefixed path to the default language, keeping the query", async () => {
    const res = await get("/?utm_source=x&b=2");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/ru?utm_source=x&b=2");
  });

  it("detects the browser language, then prefers the language cookie", async () => {
    expect((await get("/", { "accept-language": "fr-FR, de;q=0.8" })).headers.get("location")).toBe("/de");
    expect((await get("/", { "accept-language": "de", cookie: "lng=tr" })).headers.get("location")).toBe("/tr");
    // A cookie with a language that is not allowed is ignored.
    expect((await get("/", { cookie: "lng=xx" })).headers.get("location")).toBe("/ru");
  });

  it("treats a prefix that is not two letters as part of the path", async () => {
    const res = await get("/rules/1");
    expect(res.headers.get("location")).toBe("/ru/rules/1");
    const longer = await get("/abc");
    expect(longer.status).toBe(302);
    expect(longer.headers.get("location")).toBe("/ru/abc");
  });

  it("answers 404 for a two-letter prefix that is not an allowed language", async () => {
    const res = await get("/zz");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Страница не найдена");
  });

  it("renders the home page with the shell, language and SEO tags", async () => {
    const res = await get("/en");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain("<title>Sports betting and casino online — Arena Bet</title>");
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/en"\/>/);
    expect(html).toContain('hrefLang="ar"');
    expect(html).toContain('class="site-header"');
    expect(html).toContain('class="site-footer"');
    expect(html).toContain("18+");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("marks the current section in the header and the bottom bar, for a section's own page and the pages below it", async () => {
    const nav = (html: string) => html.slice(html.indexOf('<nav class="site-nav"'), html.indexOf("</nav>", html.indexOf('<nav class="site-nav"')));
    const bottom = (html: string) => html.slice(html.indexOf('<nav class="bottom-nav"'), html.indexOf("</nav>", html.indexOf('<nav class="bottom-nav"')));
    const live = await (await get("/en/live/1-football")).text();
    expect(nav(live)).toMatch(/<a href="\/en\/live" class="site-nav__link active" aria-current="page"/);
    expect(nav(live).match(/aria-current/g)).toHaveLength(1);
    expect(bottom(live)).toMatch(/<a href="\/en\/live" class="bottom-nav__item active" aria-current="page"/);
    expect(bottom(live).match(/aria-current/g)).toHaveLength(1);
    const home = await (await get("/en")).text();
    expect(nav(home)).not.toContain("aria-current");
    expect(bottom(home)).not.toContain("aria-current");
  });

  it("tells where a page's time went in Server-Timing: guards, loaders and render, on documents and data requests", async () => {
    const part = /^[a-z-]+;dur=\d+\.\d$/;
    const page = await get("/en/login");
    expect(page.status).toBe(200);
    const timing = (page.headers.get("server-timing") ?? "").split(", ");
    expect(timing.map((t) => t.split(";")[0])).toEqual(["guards", "loader", "render"]);
    for (const t of timing) expect(t).toMatch(part);
    const data = await get("/en/login.data");
    expect(data.status).toBe(200);
    expect((data.headers.get("server-timing") ?? "").split(", ").map((t) => t.split(";")[0])).toEqual(["guards", "loader"]);
  });

  it("stores the chosen language in an HttpOnly, SameSite cookie", async () => {
    const res = await get("/de");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("lng=")) ?? "";
    expect(cookie).toMatch(/^lng=de;/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // Already stored: nothing to set.
    const again = await get("/de", { cookie: "lng=de" });
    expect(again.headers.getSetCookie().some((c) => c.startsWith("lng="))).toBe(false);
  });

  it("renders Arabic and Persian right-to-left", async () => {
    expect(await (await get("/ar")).text()).toContain('<html lang="ar" dir="rtl">');
    expect(await (await get("/fa")).text()).toContain('<html lang="fa" dir="rtl">');
  });

  it("shows the 404 page inside the shell for an unknown path", async () => {
    const res = await get("/en/no-such-page");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("This page could not be found");
    expect(html).toContain('class="site-header"');
    expect(html).toContain('class="site-footer"');
    expect(html).toContain('content="noindex"');
  });

  it("keeps single-fetch data requests working", async () => {
    const ok = await get("/en.data");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toContain("text/x-script");
    const missing = await get("/en/no-such-page.data");
    expect(missing.status).toBe(404);
  });

  it("serves each language's dictionary for the browser in two parts, the site's and the operations console's, cacheable per build", async () => {
    const res = await get("/locales/kk/common.json?v=abc");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
    const common = (await res.json()) as Record<string, unknown>;
    const ops = (await (await get("/locales/kk/ops.json?v=abc")).json()) as Record<string, unknown>;
    expect((common.header as Record<string, string>).login).toBeTruthy();
    expect(common).not.toHaveProperty("ops");
    expect(Object.keys(ops)).toEqual(["ops"]);
    // Together, the whole dictionary the server translates with.
    expect({ ...common, ...ops }).toEqual(kk);
    expect((await get("/locales/xx/common.json")).status).toBe(404);
    expect((await get("/locales/kk/admin.json")).status).toBe(404);
  });

  it("asks for the page's dictionary parts from the document's head, at the address the browser's script fetches", async () => {
    const html = await (await get("/kk/rules/1")).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const preloads = [...head.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)"\/>/g)].map((m) => m[1]);
    const version = /"version":\s*"([0-9a-f]+)"/.exec(html)?.[1];
    expect(version).toBeTruthy();
    expect(preloads).toEqual([`/locales/kk/common.json?v=${version}`]);
    expect((await get(preloads[0]!)).status).toBe(200);
  });
});
