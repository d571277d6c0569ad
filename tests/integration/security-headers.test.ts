import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hooks } from "../support/hooks";
import { startSite } from "../../scripts/processes.mjs";
import { type Stack, freePort, startStack } from "../support/stack";
import { siteStack } from "../support/suite";

// Issue 11, headers (decision 024).

/** A GET with a Host header of our choosing (fetch would not let us forge it). */
function getWithHost(base: string, path: string, host: string): Promise<{ status: number; body: string }> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname: url.hostname, port: url.port, path: url.pathname + url.search, headers: { host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("headers of a site on a plain-http origin", () => {
  const stack = siteStack();
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${stack.siteUrl}${path}`, { headers, redirect: "manual" });

  it("puts a fresh nonce on every script and a strict CSP on every page", async () => {
    const first = await get("/en");
    const csp = first.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([A-Za-z0-9+/=]{22,})'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(first.headers.get("content-security-policy-report-only")).toBeNull();
    const html = await first.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(2);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // No inline event handler anywhere (a nonce policy would block it).
    expect(html).not.toMatch(/<[^>]+\son[a-z]+=/i);
    const second = await get("/en");
    expect(second.headers.get("content-security-policy")).not.toBe(csp);
  });

  it("sends the referrer, type and permissions policies on pages and data requests, no HSTS on http", async () => {
    for (const res of [await get("/ru/rules/1"), await get("/ru/rules/1.data"), await get("/en/login")]) {
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("permissions-policy")).toMatch(/camera=\(\)/);
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("keeps signed-in pages and anything that sets a cookie out of shared caches", async () => {
    const { token } = await hooks(stack.platformUrl).createUser({ email: "cache@example.com", password: "Secret123" });
    const cookie = `user_token=${token}; ua=1`;
    // A signed-in page, even when it sets no cookie.
    const warm = await get("/en", { cookie });
    const csrf = warm.headers.getSetCookie().find((c) => c.startsWith("csrf="))?.split(";")[0] ?? "";
    const signedIn = await get("/en", { cookie: `${cookie}; lng=en; ${csrf}` });
    expect(signedIn.headers.getSetCookie()).toEqual([]);
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect((await get("/en/rules/1.data", { cookie })).headers.get("cache-control")).toBe("private, no-store");
    // A guest answer that sets a cookie (the language cookie here).
    const guest = await get("/de");
    expect(guest.headers.getSetCookie().some((c) => c.startsWith("lng="))).toBe(true);
    expect(guest.headers.get("cache-control")).toBe("private, no-store");
    // The sign-in redirect that saves the page to come back to.
    const toLogin = await get("/en/confirm-terms");
    expect(toLogin.status).toBe(302);
    expect(toLogin.headers.getSetCookie().some((c) => c.startsWith("redirect_url="))).toBe(true);
    expect(toLogin.headers.get("cache-control")).toBe("private, no-store");
  });

  it("answers 414 to a path and query over 4096 characters before any upstream call", async () => {
    const h = hooks(stack.platformUrl);
    await get("/en"); // config cached
    const longest = `/en/rules/1?q=${"a".repeat(4096 - "/en/rules/1?q=".length)}`;
    expect(longest.length).toBe(4096);
    await h.resetHits();
    const ok = await get(longest);
    expect(ok.status).toBe(200);
    expect(await h.hits("/")).toBeGreaterThan(0);
    await h.resetHits();
    for (const path of [`${longest}a`, `/en/${"x".repeat(5000)}`, `/en/rules/1.data?q=${"a".repeat(4100)}`]) {
      const res = await get(path);
      expect(res.status).toBe(414);
    }
    expect(await h.hits("/")).toBe(0);
  });

  it("answers 400 to a Host that is not ours, and canonical links never take it", async () => {
    const own = new URL(stack.siteUrl).host;
    const forged = await getWithHost(stack.siteUrl, "/en", "evil.example");
    expect(forged.status).toBe(400);
    expect(forged.body).not.toContain("evil.example");
    const ours = await getWithHost(stack.siteUrl, "/en", own);
    expect(ours.status).toBe(200);
    expect(ours.body).toContain(`<link rel="canonical" href="http://${own}/en"/>`);
  });
});

describe("headers of a site behind an https public origin, CSP in report-only mode", () => {
  let stack: Stack;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    stack = await startStack({
      sitePort: port,
      siteEnv: { PUBLIC_ORIGIN: "https://arena.example", ALLOWED_HOSTS: `127.0.0.1:${port}`, CSP_REPORT_ONLY: "1" },
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("sends HSTS, the report-only policy, and canonical links on the public origin", async () => {
    const res = await fetch(`${stack.siteUrl}/en`);
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(res.headers.get("content-security-policy")).toBeNull();
    expect(res.headers.get("content-security-policy-report-only")).toContain("'strict-dynamic'");
    const html = await res.text();
    expect(html).toContain('<link rel="canonical" href="https://arena.example/en"/>');
    expect(html).not.toContain(`127.0.0.1:${port}/en"`);
    // The public host is ours too; any other is not.
    expect((await getWithHost(stack.siteUrl, "/en", "arena.example")).status).toBe(200);
    expect((await getWithHost(stack.siteUrl, "/en", "localhost")).status).toBe(400);
  });
});

describe("production start-up", () => {
  it("refuses to start without PUBLIC_ORIGIN or ALLOWED_HOSTS, so links never come from Host", async () => {
    const port = await freePort();
    await expect(
      startSite({
        port,
        quiet: true,
        env: { NODE_ENV: "production", SESSION_SECRET: "test-secret-test-secret-test-secret-0123", ALLOWED_HOSTS: "" },
      }),
    ).rejects.toThrow(/PUBLIC_ORIGIN or ALLOWED_HOSTS is required in production/);
  });
});
