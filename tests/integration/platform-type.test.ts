import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Stack, startStack } from "../support/stack";

const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";

describe("platform_type with a mobile site configured", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ siteEnv: { MOBILE_SITE_ORIGIN: "https://m.bet.example" } });
  });
  afterAll(async () => {
    await stack?.stop();
  });
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${stack.siteUrl}${path}`, { headers, redirect: "manual" });

  it("sends a phone to the mobile site, adding platform_type=mobile", async () => {
    const res = await get("/ru/rules/1?x=1", { "user-agent": iphone });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://m.bet.example/ru/rules/1?x=1&platform_type=mobile");
  });

  it("forces the variant the parameter names, and remembers desktop", async () => {
    expect((await get("/ru?platform_type=mobile")).headers.get("location")).toContain("platform_type=mobile");
    const desktop = await get("/ru?platform_type=desktop", { "user-agent": iphone });
    expect(desktop.status).toBe(200);
    const cookie = desktop.headers.getSetCookie().find((c) => c.startsWith("platform_type=desktop"));
    expect(cookie).toBeTruthy();
    // Every cookie of the table is Secure on an https (or production) site; this one once lacked it.
    expect(cookie).toMatch(/; Secure/);
    expect((await get("/ru", { "user-agent": iphone, cookie: cookie!.split(";")[0]! })).status).toBe(200);
  });

  it("keeps a desktop browser here", async () => {
    expect((await get("/ru")).status).toBe(200);
  });
});
