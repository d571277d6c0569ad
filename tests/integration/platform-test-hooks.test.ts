import { beforeEach, describe, expect, it } from "vitest";
import { eventually } from "../support/hooks";
import { databases } from "../support/stack";
import { platformStack } from "../support/suite";

describe.each(databases)("platform test hooks on %s", (db) => {
  describe("when PLATFORM_TEST_HOOKS is off", () => {
    const stack = platformStack(db, { platformEnv: { PLATFORM_TEST_HOOKS: "0" } });

    it("answers every /__test path with a plain 404", async () => {
      for (const [method, path] of [
        ["POST", "/__test/users"],
        ["POST", "/__test/redirect-rules"],
        ["DELETE", "/__test/redirect-rules/1"],
        ["POST", "/__test/block-rules"],
        ["PUT", "/__test/config/termsUpdatedAt"],
        ["POST", "/__test/faults"],
        ["DELETE", "/__test/faults"],
        ["GET", "/__test/hits?path=/"],
        ["GET", "/__test/in-flight?path=/"],
      ] as const) {
        const res = await fetch(`${stack.platformUrl}${path}`, { method, body: method === "GET" || method === "DELETE" ? undefined : "{}" });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect((await res.json()).error.code).toBe("not_found");
      }
    });

    it("still serves the APIs", async () => {
      const res = await fetch(`${stack.platformUrl}/web-api/session/check`);
      expect(await res.json()).toEqual({ userId: null });
    });
  });

  describe("when PLATFORM_TEST_HOOKS=1", () => {
    const stack = platformStack(db, { platformEnv: { PLATFORM_TEST_HOOKS: "1" } });
    beforeEach(async () => {
      await call("DELETE", "/__test/faults");
      await call("DELETE", "/__test/hits");
    });

    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${stack.platformUrl}${path}`, {
        method,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const addFault = async (fault: Record<string, unknown>) => {
      const res = await call("POST", "/__test/faults", fault);
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as { id: number }).id;
    };
    const sessionCheck = () => call("GET", "/web-api/session/check");
    const blockCheck = () => call("POST", "/blocks-api/api/v2/block", { isAuth: false, url: "/ru" });
    const inFlight = async (path: string) => ((await (await call("GET", `/__test/in-flight?path=${encodeURIComponent(path)}`)).json()) as { count: number }).count;
    const hits = async (path: string) => ((await (await call("GET", `/__test/hits?path=${encodeURIComponent(path)}`)).json()) as { count: number }).count;

    it("'down' closes the connection: fetch fails with a network error", async () => {
      await addFault({ path: "/blocks-api/", mode: "down" });
      await expect(blockCheck()).rejects.toThrow(TypeError);
      await expect(blockCheck()).rejects.toThrow(/fetch failed/);
      expect((await sessionCheck()).status).toBe(200);
    });

    it("'slow' waits, then answers normally", async () => {
      await addFault({ path: "/web-api/session", mode: "slow", delayMs: 800 });
      const res = await sessionCheck();
      // The answer names the wait it was held for (the wait itself: platform/apis/faults.test.ts).
      expect(res.headers.get("server-timing")).toBe('fault;desc="slow";dur=800');
      expect(await res.json()).toEqual({ userId: null });
      expect((await sessionCheck()).headers.get("server-timing")).toBe('fault;desc="slow";dur=800');
      expect((await blockCheck()).headers.get("server-timing")).toBeNull();
    });

    it("counts the requests still being handled under a path", async () => {
      // Held far longer than the test looks: the count is read while the request waits.
      await addFault({ path: "/web-api/session", mode: "slow", delayMs: 30_000, remaining: 1 });
      const held = new AbortController();
      const pending = fetch(`${stack.platformUrl}/web-api/session/check`, { signal: held.signal }).catch(() => null);
      await eventually(async () => expect(await inFlight("/web-api/")).toBe(1));
      expect(await inFlight("/blocks-api/")).toBe(0);
      await sessionCheck();
      expect(await inFlight("/web-api/")).toBe(1);
      held.abort();
      await pending;
    });

    it("'error' answers the status (503 by default) with the error shape", async () => {
      await addFault({ path: "/web-api/", mode: "error", remaining: 1 });
      const first = await sessionCheck();
      expect(first.status).toBe(503);
      expect((await first.json()).error.code).toBe("fault_injected");
      await addFault({ path: "/blocks-api/", mode: "error", status: 502 });
      expect((await blockCheck()).status).toBe(502);
      expect((await sessionCheck()).status).toBe(200);
    });

    it("'shape' answers 200 with a body of the wrong shape", async () => {
      await addFault({ path: "/bff-api/config/", mode: "shape" });
      const res = await call("GET", "/bff-api/config/all.json?lang=ru");
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ unexpected: true });
    });

    it("affects only `remaining` requests, and the newest matching fault wins", async () => {
      await addFault({ path: "/web-api/", mode: "error", status: 500 });
      await addFault({ path: "/web-api/session/", mode: "shape", remaining: 2 });
      expect(await (await sessionCheck()).json()).toEqual({ unexpected: true });
      expect(await (await sessionCheck()).json()).toEqual({ unexpected: true });
      expect((await sessionCheck()).status).toBe(500);
    });

    it("clears every fault at once, and never faults the hooks or /health", async () => {
      await addFault({ path: "/", mode: "down" });
      expect((await call("GET", "/health")).status).toBe(200);
      expect((await call("GET", "/__test/hits?path=/")).status).toBe(200);
      await expect(sessionCheck()).rejects.toThrow(TypeError);
      expect((await call("DELETE", "/__test/faults")).status).toBe(200);
      expect((await sessionCheck()).status).toBe(200);
    });

    it("refuses malformed faults with 400", async () => {
      for (const fault of [
        { path: "web-api", mode: "down" },
        { path: "/web-api", mode: "explode" },
        { path: "/web-api", mode: "error", status: 200 },
        { path: "/web-api", mode: "slow", delayMs: -1 },
        { path: "/web-api", mode: "down", remaining: 0 },
      ]) {
        expect((await call("POST", "/__test/faults", fault)).status, JSON.stringify(fault)).toBe(400);
      }
    });

    it("counts every request to the upstream APIs per path, faulted or not", async () => {
      await sessionCheck();
      await sessionCheck();
      await call("GET", "/bff-api/config/all.json?lang=en");
      await call("GET", "/bff-api/rules/1?lang=en");
      await blockCheck();
      await addFault({ path: "/redirects-api/", mode: "error", remaining: 1 });
      await call("POST", "/redirects-api/api/v1/redirect-light", { url: "/vulkan" });
      await call("POST", "/redirects-api/api/v1/redirect-light", { url: "/vulkan" });
      await call("GET", "/health");

      expect(await hits("/web-api")).toBe(2);
      expect(await hits("/web-api/session/check")).toBe(2);
      expect(await hits("/bff-api/")).toBe(2);
      expect(await hits("/bff-api/config")).toBe(1);
      expect(await hits("/blocks-api")).toBe(1);
      expect(await hits("/redirects-api")).toBe(2);
      expect(await hits("/")).toBe(7);
      expect(await hits("/health")).toBe(0);

      expect((await call("DELETE", "/__test/hits")).status).toBe(200);
      expect(await hits("/")).toBe(0);
    });

    it("sets site config keys and country overrides, checked against the config schema", async () => {
      const set = (key: string, body: unknown) => call("PUT", `/__test/config/${key}`, body);
      expect((await set("inactiveMinutes", { value: 45 })).status).toBe(200);
      expect((await (await call("GET", "/bff-api/config/all.json?lang=ru")).json()).inactiveMinutes).toBe(45);

      expect((await set("ageRestriction", { value: { age: 21, enabled: true }, country: "de" })).status).toBe(200);
      const de = await (await call("GET", "/bff-api/config/all.json?lang=de", undefined)).json();
      expect(de.ageRestriction).toEqual({ age: 18, enabled: false });
      const deByHeader = await (
        await fetch(`${stack.platformUrl}/bff-api/config/all.json?lang=de`, { headers: { "x-country-code": "DE" } })
      ).json();
      expect(deByHeader.ageRestriction).toEqual({ age: 21, enabled: true });

      for (const [key, body] of [
        ["inactiveMinutes", { value: "soon" }],
        ["inactiveMinutes", {}],
        ["noSuchKey", { value: 1 }],
        ["maintenance", { value: { isActive: true } }],
        ["inactiveMinutes", { value: 5, country: "DEU" }],
      ] as const) {
        const res = await set(key, body);
        expect(res.status, `${key} ${JSON.stringify(body)}`).toBe(400);
        expect((await res.json()).error.code).toBe("bad_request");
      }
      // A refused change leaves the stored config as it was.
      expect((await (await call("GET", "/bff-api/config/all.json?lang=ru")).json()).inactiveMinutes).toBe(45);
    });
  });
});
