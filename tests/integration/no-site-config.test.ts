import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Stack, startStack } from "../support/stack";

// The config is cached for a second here so the test sees the platform go and come back.
describe("site without its config", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ siteEnv: { CONFIG_CACHE_SECONDS: "1" } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("shows the 'no site config' page (500) while the platform is down, and recovers by itself", async () => {
    expect((await fetch(`${stack.siteUrl}/en`)).status).toBe(200);
    await stack.stopPlatform();
    await new Promise((r) => setTimeout(r, 1_100));

    const started = Date.now();
    const down = await fetch(`${stack.siteUrl}/en`);
    const elapsed = Date.now() - started;
    expect(down.status).toBe(500);
    expect(await down.text()).toContain("The site is temporarily unavailable");
    // Five retries one second apart before giving up (SPEC §9).
    expect(elapsed).toBeGreaterThanOrEqual(5_000);

    await stack.startPlatform();
    const up = await fetch(`${stack.siteUrl}/en`);
    expect(up.status).toBe(200);
  });
});
