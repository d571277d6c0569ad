import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, csrfToken, getPage, postForm } from "../support/forms";
import { eventually, hooks } from "../support/hooks";
import { type Stack, startStack } from "../support/stack";

// The ops console over HTTP, as a browser without JavaScript uses it: plain GETs and form posts
// with the CSRF token, against the real platform's admin API. The site keeps its real config
// cache here: changes must reach it through the config version it polls every 2 s.
let stack: Stack;
let h: ReturnType<typeof hooks>;
let opsLogin: string;
let opsToken: string;
let playerToken: string;

const EN = { "accept-language": "en" };

beforeAll(async () => {
  stack = await startStack();
  h = hooks(stack.platformUrl);
  opsLogin = `ops-it-${Date.now().toString(36)}`;
  opsToken = (await h.createUser({ login: opsLogin, roles: ["player", "ops"], termsAccepted: true })).token;
  playerToken = (await h.createUser({ roles: ["player"], termsAccepted: true })).token;
});
afterAll(async () => {
  await stack?.stop();
});

function jarFor(token: string | null): CookieJar {
  const jar = new CookieJar();
  if (token) jar.set("user_token", token);
  return jar;
}
const opsJar = () => jarFor(opsToken);

const page = (path: string, jar = opsJar()) => getPage(stack.siteUrl, path, jar, EN);

/** Posts a console form as a browser would: read the page's CSRF token first. */
async function submit(path: string, fields: Record<string, string>, jar = opsJar()) {
  const { html } = await page(path, jar);
  const res = await postForm(stack.siteUrl, path, jar, { csrf: csrfToken(html), ...fields }, EN);
  return { res, html: await res.text() };
}

/** The site's answer for a visitor (no cookies), redirects not followed. */
const visit = (path: string) => fetch(`${stack.siteUrl}${path}`, { redirect: "manual", headers: EN });

async function adminApi(path: string) {
  const res = await fetch(`${stack.platformUrl}/admin-api/v1${path}`, { headers: { authorization: `Bearer ${opsToken}` } });
  expect(res.status).toBe(200);
  return res.json();
}
const decode = (html: string) => html.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&gt;/g, ">").replace(/&lt;/g, "<").replace(/&amp;/g, "&");

const opsPages = ["/ops", "/ops/redirects", "/ops/redirects/new", "/ops/redirects/1", "/ops/try", "/ops/transfer", "/ops/export.json", "/ops/switches", "/ops/blocks", "/ops/audit", "/ops/vip-bets"];

describe("who may see the console", () => {
  for (const [who, token] of [
    ["a guest", null],
    ["a player", "player"],
  ] as const) {
    it(`is the ordinary 404 for ${who}, page by page, and for /ru/ops`, async () => {
      const jar = jarFor(token === "player" ? playerToken : null);
      const ordinary = await page("/en/no-such-page-at-all", jar);
      expect(ordinary.res.status).toBe(404);
      // Exactly what any unknown path without a language prefix gets: the same path under the
      // visitor's language, which is the ordinary 404.
      const unknown = await page("/no-such-area/at-all", jar);
      expect(unknown.res.status).toBe(302);
      expect(unknown.res.headers.get("location")).toBe("/en/no-such-area/at-all");
      for (const path of opsPages) {
        const first = await page(path, jar);
        expect(first.res.status, path).toBe(302);
        expect(first.res.headers.get("location"), path).toBe(`/en${path}`);
        expect(first.html, path).toBe("");
      }
      for (const path of [...opsPages.map((p) => `/en${p}`), "/ru/ops", "/ru/ops/switches"]) {
        const { res, html } = await page(path, jar);
        expect(res.status, path).toBe(404);
        expect(html, path).not.toContain("Operations console");
        expect(html, path).not.toContain("Операционная консоль");
        expect(html, path).not.toContain('"ops-');
      }
    });

    it(`refuses ${who}'s form posts with 404 and changes nothing`, async () => {
      const jar = jarFor(token === "player" ? playerToken : null);
      // A valid CSRF token and cookie (taken from an ops page) do not help either.
      const opsSide = opsJar();
      const { html } = await page("/ops/switches", opsSide);
      jar.set("csrf", opsSide.get("csrf")!);
      const before = await adminApi("/switches");
      for (const path of ["/ops/switches", "/ops/blocks", "/ops/transfer", "/ops/redirects/new"]) {
        const res = await postForm(stack.siteUrl, path, jar, { csrf: csrfToken(html), intent: "availableRoutes", routes: "1" }, EN);
        expect(res.status, path).toBe(404);
        await res.text();
      }
      expect((await adminApi("/switches")).availableRoutes).toEqual(before.availableRoutes);
    });
  }

  it("renders every page for an ops user, not indexed", async () => {
    const titles: Record<string, string> = {
      "/ops/redirects": "Redirect rules",
      "/ops/try": "Try a URL",
      "/ops/transfer": "Import and export",
      "/ops/switches": "Site switches",
      "/ops/blocks": "Block rules",
      "/ops/audit": "Audit log",
    };
    for (const [path, title] of Object.entries(titles)) {
      const { res, html } = await page(path);
      expect(res.status, path).toBe(200);
      expect(html, path).toContain(`>${title}</h1>`);
      expect(html, path).toContain('content="noindex, nofollow"');
    }
    const home = await page("/ops");
    expect(home.res.status).toBe(302);
    expect(home.res.headers.get("location")).toBe("/ops/redirects");
  });

  it("refuses a change without the CSRF token", async () => {
    const jar = opsJar();
    await page("/ops/switches", jar);
    const res = await postForm(stack.siteUrl, "/ops/switches", jar, { intent: "availableRoutes", routes: "47, 52" }, EN);
    expect(res.status).toBe(403);
    await res.text();
  });
});

describe("redirect rules from the console", () => {
  it("creates a rule with the form and the site redirects within seconds", async () => {
    const { res } = await submit("/ops/redirects/new", { source: "/ops-it-old", target: "/rules/1", code: "302", active: "on", priority: "0", note: "", intent: "save" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/ops\/redirects\?saved=\d+$/);
    await eventually(async () => {
      const answer = await visit("/en/ops-it-old");
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe("/en/rules/1");
    });
  });

  it("refuses a rule that would make a loop, and shows the loop", async () => {
    const first = await submit("/ops/redirects/new", { source: "/ops-it-loop-a", target: "/ops-it-loop-b", code: "301", active: "on", intent: "save" });
    expect(first.res.status).toBe(302);
    const { res, html } = await submit("/ops/redirects/new", { source: "/ops-it-loop-b", target: "/ops-it-loop-a", code: "301", active: "on", intent: "save" });
    expect(res.status).toBe(400);
    const text = decode(html);
    expect(text).toContain("This rule would create a redirect loop.");
    expect(text).toContain("Redirect loop:");
    expect(text).toMatch(/\/ops-it-loop-[ab][^<]* → [^<]*\/ops-it-loop-[ab]/);
    const rules = await adminApi("/redirect-rules?source=/ops-it-loop-b");
    expect(rules.items.filter((r: { source: string }) => r.source === "/ops-it-loop-b")).toHaveLength(0);
  });

  it("refuses an external host until it is on redirectAllowedHosts", async () => {
    const rule = { source: "/ops-it-partner", target: "https://partner-it.example/offer", code: "302", active: "on", intent: "save" };
    const refused = await submit("/ops/redirects/new", rule);
    expect(refused.res.status).toBe(400);
    expect(decode(refused.html)).toContain("The target's host is not on the allow-list of external hosts.");

    const hosts = await submit("/ops/switches", { intent: "redirectAllowedHosts", hosts: "partner-it.example\n" });
    expect(hosts.res.status).toBe(302);
    expect(hosts.res.headers.get("location")).toBe("/ops/switches?saved=redirectAllowedHosts#redirectAllowedHosts");
    expect((await adminApi("/switches")).redirectAllowedHosts.value).toEqual(["partner-it.example"]);

    const allowed = await submit("/ops/redirects/new", rule);
    expect(allowed.res.status).toBe(302);
    await eventually(async () => {
      const answer = await visit("/en/ops-it-partner");
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe("https://partner-it.example/offer");
    });
  });

  it("tries a URL and shows redirect-light's answer with its chain", async () => {
    const { res, html } = await page(`/ops/try?url=${encodeURIComponent("/en/ops-it-old")}`);
    expect(res.status).toBe(200);
    const text = decode(html);
    expect(text).toContain("The site redirects with 302 to /en/rules/1.");
    expect(text).toContain("Step 1");
    expect(text).toMatch(/rule \d+: \/ops-it-old -&gt; \/rules\/1|rule \d+: \/ops-it-old -> \/rules\/1/);
    const loop = decode((await page(`/ops/try?url=${encodeURIComponent("/en/ops-it-loop-a")}`)).html);
    expect(loop).toContain("The site redirects with 301 to /en/ops-it-loop-b.");
    const bad = await page(`/ops/try?url=${encodeURIComponent("not a url")}`);
    expect(bad.res.status).toBe(200);
    expect(decode(bad.html)).toContain("This is not a URL the redirect service can check.");
  });
});

describe("import and export", () => {
  it("exports every rule as a JSON download", async () => {
    const res = await fetch(`${stack.siteUrl}/ops/export.json`, { headers: { cookie: `user_token=${opsToken}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="redirect-rules-\d{4}-\d{2}-\d{2}\.json"$/);
    const file = await res.json();
    expect(file.version).toBe(1);
    expect(file.rules.some((r: { source: string }) => r.source === "/ops-it-old")).toBe(true);
  });

  it("an import with one bad row shows the row and changes nothing", async () => {
    const before = await adminApi("/redirect-rules/export");
    const rules = [
      { source: "/ops-it-import-good", target: "/rules/1", code: 301 },
      { source: "ops-it-import-bad", target: "/rules/1", code: 301 },
    ];
    const { res, html } = await submit("/ops/transfer", { json: JSON.stringify({ rules }), mode: "append" });
    expect(res.status).toBe(400);
    const text = decode(html);
    expect(text).toContain("The import has invalid rows; nothing was imported.");
    expect(text).toContain("Rows with problems (nothing was imported)");
    expect(text).toMatch(/<td>2<\/td><td class="mono">source<\/td>/);
    const after = await adminApi("/redirect-rules/export");
    expect(after.rules).toEqual(before.rules);
    expect((await visit("/en/ops-it-import-good")).status).not.toBe(301);
  });

  it("says so when the text is not JSON, and asks to confirm a replace", async () => {
    const notJson = await submit("/ops/transfer", { json: "{ rules: oops", mode: "append" });
    expect(notJson.res.status).toBe(400);
    expect(decode(notJson.html)).toContain("This is not valid JSON:");
    const unconfirmed = await submit("/ops/transfer", { json: "[]", mode: "replace" });
    expect(unconfirmed.res.status).toBe(400);
    expect(decode(unconfirmed.html)).toContain("Tick the box to confirm that every existing rule will be replaced.");
  });

  it("imports good rules, all of them", async () => {
    const { res } = await submit("/ops/transfer", { json: JSON.stringify([{ source: "/ops-it-imported", target: "/rules/1", code: 301 }]), mode: "append" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/ops/transfer?imported=1&mode=append");
    expect(decode((await page("/ops/transfer?imported=1&mode=append")).html)).toContain("1 rule imported.");
  });
});

describe("switches", () => {
  it("shows each switch's value, who changed it and when", async () => {
    const text = decode((await page("/ops/switches")).html);
    expect(text).toContain(`Last changed by ${opsLogin}`);
    expect(text).toContain('["partner-it.example"]');
    expect(text).toContain("Times are in the site's time zone, UTC");
  });

  it("validates with translated messages and changes nothing", async () => {
    const before = await adminApi("/switches");
    const window = await submit("/ops/switches", { intent: "maintenance", startedAt: "2030-01-02T10:00", endedAt: "2030-01-02T09:00", webState: "0" });
    expect(window.res.status).toBe(400);
    expect(decode(window.html)).toContain("The end must be after the start.");
    const routes = await submit("/ops/switches", { intent: "availableRoutes", routes: "47, abc" });
    expect(routes.res.status).toBe(400);
    expect(decode(routes.html)).toContain("“abc” is not a feature number");
    const paths = await submit("/ops/switches", { intent: "urlsToRedirectTo404", paths: "/lotto\nno-slash" });
    expect(paths.res.status).toBe(400);
    expect(decode(paths.html)).toContain("“no-slash” is not a path");
    expect(await adminApi("/switches")).toEqual(before);
  });

  it("a list form without its field saves nothing; an emptied field clears the list on purpose", async () => {
    const set = await submit("/ops/switches", { intent: "urlsToRedirectTo404", paths: "/ops-it-kept" });
    expect(set.res.status).toBe(302);
    const before = await adminApi("/switches");
    expect(before.urlsToRedirectTo404.value).toEqual(["/ops-it-kept"]);
    for (const intent of ["urlsToRedirectTo404", "availableRoutes", "redirectAllowedHosts"]) {
      const missing = await submit("/ops/switches", { intent });
      expect(missing.res.status, intent).toBe(400);
      expect(decode(missing.html), intent).toContain("The form could not be read. Please send it again from the page.");
    }
    expect(await adminApi("/switches")).toEqual(before);
    const cleared = await submit("/ops/switches", { intent: "urlsToRedirectTo404", paths: "" });
    expect(cleared.res.status).toBe(302);
    expect((await adminApi("/switches")).urlsToRedirectTo404.value).toEqual([]);
  });

  it.each(["nan", "localhost", "127.0.0.1", "partner", "partner.123"])("refuses %s as an external redirect host", async (host) => {
    const before = await adminApi("/switches");
    const { res, html } = await submit("/ops/switches", { intent: "redirectAllowedHosts", hosts: `partner-it.example\n${host}` });
    expect(res.status).toBe(400);
    expect(decode(html)).toContain(`“${host}” is not a host name.`);
    expect(await adminApi("/switches")).toEqual(before);
  });

  it("answers an unknown intent with a 400 and a translated message, and changes nothing", async () => {
    const before = await adminApi("/switches");
    for (const fields of [{ intent: "dropEverything", hosts: "" }, { routes: "47" }] as Array<Record<string, string>>) {
      const { res, html } = await submit("/ops/switches", fields);
      expect(res.status).toBe(400);
      // Shown on the page in words, not as a dictionary key.
      expect(decode(html)).toMatch(/role="alert">The request could not be processed\.</);
    }
    expect(await adminApi("/switches")).toEqual(before);
  });

  it("previews the maintenance page and notice without saving", async () => {
    const before = await adminApi("/switches");
    const { res, html } = await submit("/ops/switches", {
      intent: "previewMaintenance",
      startedAt: "2030-01-02T10:00",
      endedAt: "2030-01-02T12:00",
      notifyStartedAt: "2030-01-01T10:00",
      notifyEndedAt: "2030-01-02T10:00",
      webState: "0",
    });
    expect(res.status).toBe(200);
    const text = decode(html);
    expect(text).toContain("The server is down for maintenance from");
    expect(text).toContain("The site will be unavailable from");
    expect(text).toContain('value="2030-01-02T10:00"');
    expect(await adminApi("/switches")).toEqual(before);
  });

  it("maintenance on sends visitors to the maintenance page, off brings them back", async () => {
    const on = await submit("/ops/switches", { intent: "maintenance", isActive: "on", startedAt: "2030-01-02T10:00", endedAt: "2030-01-02T12:00", webState: "0" });
    expect(on.res.status).toBe(302);
    const stored = (await adminApi("/switches")).maintenance.value;
    expect(stored.isActive).toBe(true);
    expect(stored.web_state).toBe(0);
    await eventually(async () => {
      const res = await visit("/en/rules/1");
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/en/maintenance");
    });
    // The console stays reachable during maintenance.
    expect((await page("/ops/switches")).res.status).toBe(200);
    const off = await submit("/ops/switches", { intent: "maintenance", webState: "0" });
    expect(off.res.status).toBe(302);
    await eventually(async () => {
      expect((await visit("/en/rules/1")).status).toBe(200);
    });
  });
});

describe("block rules", () => {
  it("creates a block rule, asks to confirm the delete, deletes it", async () => {
    const created = await submit("/ops/blocks", { intent: "create", kind: "path", pattern: "/ops-it-blocked", reason: "16", appliesTo: "all", priority: "0", note: "integration" });
    expect(created.res.status).toBe(302);
    const id = /created=(\d+)/.exec(created.res.headers.get("location") ?? "")?.[1];
    expect(id).toBeDefined();
    await eventually(async () => {
      const res = await visit("/en/ops-it-blocked");
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toContain("/en/suspension");
    });
    const list = decode((await page("/ops/blocks")).html);
    expect(list).toContain("/ops-it-blocked");
    expect(list).toContain("16 — suspension");

    const unconfirmed = await submit("/ops/blocks", { intent: "delete", id: id!, back: "/ops/blocks" });
    expect(unconfirmed.res.status).toBe(400);
    expect(decode(unconfirmed.html)).toContain("Tick Confirm to delete the rule.");
    const deleted = await submit("/ops/blocks", { intent: "delete", id: id!, confirmDelete: "on", back: "/ops/blocks" });
    expect(deleted.res.status).toBe(302);
    expect(deleted.res.headers.get("location")).toBe(`/ops/blocks?deleted=${id}`);
    await eventually(async () => {
      expect((await visit("/en/ops-it-blocked")).status).toBe(404);
    });
  });

  it("refuses a bad pattern with a translated message", async () => {
    const { res, html } = await submit("/ops/blocks", { intent: "create", kind: "country", pattern: "Kazakhstan", reason: "1", appliesTo: "all", priority: "0" });
    expect(res.status).toBe(400);
    expect(decode(html)).toContain("A country is two letters, e.g. KZ.");
  });
});

describe("audit log", () => {
  it("shows each change: who, when, what, before and after", async () => {
    const all = decode((await page("/ops/audit")).html);
    expect(all).toContain(`by ${opsLogin}`);
    for (const change of ["/ops-it-old", "/ops-it-partner", "/ops-it-blocked", "/ops-it-imported", "partner-it.example"]) expect(all).toContain(change);
    const switches = decode((await page("/ops/audit?entity=switch")).html);
    expect(switches).toContain("value.isActive");
    expect(switches).toContain("redirectAllowedHosts");
    expect(switches).not.toContain("/ops-it-blocked");
    const blocks = decode((await page("/ops/audit?entity=block_rule")).html);
    expect(blocks).toMatch(/>Deleted<\/span>/);
    expect(blocks).toMatch(/>Created<\/span>/);
  });
});

describe("when the admin API is down or slow", () => {
  afterEach(async () => {
    await h.clearFaults();
  });

  const UNAVAILABLE = "The admin service is not answering.";
  const rulesWith = async (source: string) =>
    (await adminApi(`/redirect-rules?q=${encodeURIComponent(source)}`)).items.filter((r: { source: string }) => r.source === source);

  /** Opens the new-rule form, then posts it once the fault is in place. */
  async function saveRuleDuring(fault: Parameters<typeof h.fault>[0], source: string) {
    const jar = opsJar();
    const { html: form } = await page("/ops/redirects/new", jar);
    await h.fault(fault);
    const fields = { csrf: csrfToken(form), source, target: "/rules/1", code: "301", active: "on", priority: "0", note: "", intent: "save" };
    const res = await postForm(stack.siteUrl, "/ops/redirects/new", jar, fields, EN);
    return { res, html: decode(await res.text()) };
  }

  it.each(["down", "error"] as const)("a page says so clearly when the admin API is %s", async (mode) => {
    await h.fault({ path: "/admin-api/", mode, status: 503 });
    for (const path of ["/ops/redirects", "/ops/switches", "/ops/blocks", "/ops/audit"]) {
      const { res, html } = await page(path);
      expect(res.status, path).toBe(503);
      expect(decode(html), path).toContain(UNAVAILABLE);
    }
  });

  it.each(["down", "error"] as const)("a save while the admin API is %s says so and saves nothing", async (mode) => {
    const source = `/ops-it-${mode}-save`;
    const { res, html } = await saveRuleDuring({ path: "/admin-api/", mode, status: 503 }, source);
    expect(res.status).toBe(503);
    expect(html).toContain(UNAVAILABLE);
    await h.clearFaults();
    expect(await rulesWith(source)).toEqual([]);
  });

  it("a switch saved while the admin API is down keeps its old value", async () => {
    const before = (await adminApi("/switches")).urlsToRedirectTo404.value;
    const jar = opsJar();
    const { html: form } = await page("/ops/switches", jar);
    await h.fault({ path: "/admin-api/", mode: "down" });
    const res = await postForm(stack.siteUrl, "/ops/switches", jar, { csrf: csrfToken(form), intent: "urlsToRedirectTo404", paths: "/ops-it-down-404" }, EN);
    expect(res.status).toBe(503);
    expect(decode(await res.text())).toContain(UNAVAILABLE);
    await h.clearFaults();
    expect((await adminApi("/switches")).urlsToRedirectTo404.value).toEqual(before);
  });

  it("a slow admin API gives up at the site's upstream time-out with a clear error, and the rule is whole or absent", async () => {
    const source = "/ops-it-slow-save";
    const timeouts = () =>
      stack.siteLog().filter((l) => l.event === "upstream.failed" && l.path === "/admin-api/v1/redirect-rules" && l.kind === "timeout").length;
    const timeoutsBefore = timeouts();
    // Slower than the site's 5 s upstream time-out; the platform still handles the request after it.
    const { res, html } = await saveRuleDuring({ path: "/admin-api/v1/redirect-rules", mode: "slow", delayMs: 6_500, remaining: 1 }, source);
    expect(res.status).toBe(503);
    expect(html).toContain(UNAVAILABLE);
    // The site gave up on its own time-out (not on a refusal or a closed connection): its log says so.
    await eventually(async () => expect(timeouts()).toBe(timeoutsBefore + 1));
    // Whatever the platform does with the late request, it does all of it or none of it: every
    // state seen until the platform has handled the request to its end, and after.
    const whole = [["/rules/1", 301, true]];
    const ruleState = async () => (await rulesWith(source)).map((r: { target: string; code: number; active: boolean }) => [r.target, r.code, r.active]);
    const seen: unknown[] = [];
    await eventually(async () => {
      seen.push(await ruleState());
      expect(await h.inFlight("/admin-api/")).toBe(0);
    }, 15_000);
    seen.push(await ruleState());
    for (const state of seen) expect([[], whole]).toContainEqual(state);
  });
});
