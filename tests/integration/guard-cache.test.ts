import { afterEach, describe, expect, it } from "vitest";
import { CookieJar, csrfToken, getPage, postForm } from "../support/forms";
import { eventually, hooks } from "../support/hooks";
import { siteStack } from "../support/suite";

// The micro-cache of the guards' answers (issue 12, decision 048), as production runs it. The TTL
// is 3 s here, not 1 s, so "within the TTL" holds on a slow machine.
const stack = siteStack({ guardCache: true, siteEnv: { GUARD_CACHE_MS: "3000", UPSTREAM_TIMEOUT_MS: "1500" } });
const h = hooks(() => stack.platformUrl);

afterEach(async () => {
  await h.clearFaults();
});

let n = 0;
const unique = () => `${Date.now().toString(36)}-${n++}`;
const get = (path: string, userAgent = "Mozilla/5.0 cache-test") =>
  fetch(`${stack.siteUrl}${path}`, { headers: { "accept-language": "en", "user-agent": userAgent }, redirect: "manual" });

describe("the guards' answers are reused for the TTL, per question", () => {
  it("many page views of one URL by one kind of visitor ask each API once", async () => {
    const path = `/en?visit=${unique()}`;
    await h.resetHits();
    for (let i = 0; i < 5; i++) expect((await get(path)).status).toBe(200);
    expect(await h.hits("/blocks-api/")).toBe(1);
    expect(await h.hits("/redirects-api/")).toBe(1);
  });

  it("a block API outage shows at once to a question not asked yet, and to the rest after the TTL", async () => {
    const path = `/en?outage=${unique()}`;
    expect((await get(path)).status).toBe(200);
    await h.fault({ path: "/blocks-api/", mode: "error", status: 500 });
    // The same question: the answer of a moment ago.
    expect((await get(path)).status).toBe(200);
    // Another user-agent, another URL: asked now, so the outage shows.
    const otherAgent = await get(path, "Mozilla/5.0 another-agent");
    expect(otherAgent.headers.get("location")).toBe("/en/maintenance");
    expect((await get(`${path}&more=1`)).headers.get("location")).toBe("/en/maintenance");
    // A failure is never kept: the same question is asked again.
    await h.resetHits();
    await get(path, "Mozilla/5.0 another-agent");
    expect(await h.hits("/blocks-api/")).toBeGreaterThan(0);
    await eventually(async () => expect((await get(path)).headers.get("location")).toBe("/en/maintenance"));
  });

  it("a rule added on the platform shows after the TTL; a rule saved in this site's ops console at once", async () => {
    const onPlatform = `/cache-platform-${unique()}`;
    expect((await get(`/en${onPlatform}`)).status).toBe(404);
    const rule = await h.addRedirectRule({ source: onPlatform, target: "/rules/1", code: 302 });
    try {
      expect((await get(`/en${onPlatform}`)).status).toBe(404);
      await eventually(async () => expect((await get(`/en${onPlatform}`)).headers.get("location")).toBe("/en/rules/1"));
    } finally {
      await h.deleteRedirectRule(rule.id);
    }

    const viaOps = `/cache-ops-${unique()}`;
    expect((await get(`/en${viaOps}`)).status).toBe(404);
    const { token } = await h.createUser({ login: `ops-cache-${unique()}`, roles: ["player", "ops"], termsAccepted: true });
    const jar = new CookieJar();
    jar.set("user_token", token);
    const headers = { "accept-language": "en" };
    const { html } = await getPage(stack.siteUrl, "/ops/redirects/new", jar, headers);
    const saved = await postForm(
      stack.siteUrl,
      "/ops/redirects/new",
      jar,
      { csrf: csrfToken(html), intent: "save", source: viaOps, target: "/rules/1", code: "302", priority: "0", active: "on", note: "" },
      headers,
    );
    expect(saved.status).toBe(302);
    expect((await get(`/en${viaOps}`)).headers.get("location")).toBe("/en/rules/1");
  });
});
