import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, untilSiteAnswers } from "../support/hooks";
import { type Stack, startStack } from "../support/stack";

// The config is cached for a second here, and served two seconds past that while it cannot be
// refreshed (decision 020; 15 minutes in production), so the test sees the platform go and
// come back.
describe("site without its config", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ siteEnv: { CONFIG_CACHE_SECONDS: "1", CONFIG_STALE_SECONDS: "2" } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("shows the 'no site config' page (500) while the platform is down, and recovers by itself", async () => {
    expect((await fetch(`${stack.siteUrl}/en`)).status).toBe(200);
    await stack.stopPlatform();

    // The site serves its copy of the config until the copy is too old (three seconds here),
    // meanwhile sending pages to maintenance (the block check cannot answer either); then a page
    // has to load the config, and cannot.
    let down = { status: 0, body: "" };
    await untilSiteAnswers(
      stack.siteUrl,
      "/en",
      (answer) => {
        down = answer;
        return answer.status >= 500;
      },
      { timeoutMs: 30_000 },
    );
    expect(down.status).toBe(500);
    expect(down.body).toContain("The site is temporarily unavailable");
    // Every load of the config that gave up (the background refresh of the copy, then the
    // page's own) made the five retries, each after a pause of at least a second (SPEC §9).
    const failedLoads = () => stack.siteLog().filter((l) => l.event === "upstream.failed" && l.path === "/bff-api/config/all.json");
    await eventually(async () => expect(failedLoads().length).toBeGreaterThan(0));
    for (const load of failedLoads()) {
      expect(load.attempts).toBe(6);
      expect(load.pausedMs).toBeGreaterThanOrEqual(5_000);
    }

    await stack.startPlatform();
    const up = await fetch(`${stack.siteUrl}/en`);
    expect(up.status).toBe(200);
  });
});
