import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

    // The site serves its copy of the config until the copy is too old (three seconds here):
    // ask until it has to fetch the config and cannot, and time that request.
    let down: Response;
    let elapsed: number;
    const giveUp = Date.now() + 20_000;
    for (;;) {
      const started = Date.now();
      down = await fetch(`${stack.siteUrl}/en`);
      elapsed = Date.now() - started;
      if (down.status !== 200 || Date.now() > giveUp) break;
      await down.arrayBuffer();
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(down.status).toBe(500);
    expect(await down.text()).toContain("The site is temporarily unavailable");
    // Five retries one second apart before giving up (SPEC §9).
    expect(elapsed).toBeGreaterThanOrEqual(5_000);

    await stack.startPlatform();
    const up = await fetch(`${stack.siteUrl}/en`);
    expect(up.status).toBe(200);
  });
});
