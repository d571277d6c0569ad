import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createFaultState, faultMiddleware } from "./faults.ts";

/** An app behind the fault middleware whose slow fault waits on a pause the test releases. */
function setup() {
  const state = createFaultState();
  const pauses: Array<{ ms: number; release: () => void }> = [];
  const handled: string[] = [];
  const app = new Hono();
  app.use("*", faultMiddleware(state, (ms) => new Promise<void>((release) => pauses.push({ ms, release }))));
  app.get("/web-api/session/check", (c) => {
    handled.push(c.req.path);
    return c.json({ userId: null });
  });
  return { app, state, pauses, handled };
}

/** Lets the request get as far as it can without the test doing anything more. */
const settle = () => new Promise((r) => setImmediate(r));

describe("the slow fault", () => {
  it("holds the request for its delay before the API sees it, then answers normally and says so", async () => {
    const { app, state, pauses, handled } = setup();
    state.add({ path: "/web-api/", mode: "slow", delayMs: 800, status: 503, remaining: null });
    const answer = app.request("/web-api/session/check");
    await settle();
    expect(pauses.map((p) => p.ms)).toEqual([800]);
    expect(handled).toEqual([]);
    expect(state.inFlightUnder("/web-api/")).toBe(1);
    pauses[0]!.release();
    const res = await answer;
    expect(handled).toEqual(["/web-api/session/check"]);
    expect(await res.json()).toEqual({ userId: null });
    expect(res.headers.get("server-timing")).toBe('fault;desc="slow";dur=800');
    expect(state.inFlightUnder("/web-api/")).toBe(0);
  });

  it("leaves other paths alone and counts no hook in flight", async () => {
    const { app, state, pauses } = setup();
    state.add({ path: "/blocks-api/", mode: "slow", delayMs: 800, status: 503, remaining: null });
    const res = await app.request("/web-api/session/check");
    expect(res.headers.get("server-timing")).toBeNull();
    expect(pauses).toEqual([]);
    await app.request("/__test/hits");
    expect(state.inFlightUnder("/")).toBe(0);
  });
});

describe("a fault for one key", () => {
  it("affects only requests with that Idempotency-Key, and is used up by them alone", async () => {
    const { app, state } = setup();
    state.add({ path: "/web-api/", mode: "error", delayMs: 0, status: 503, remaining: 1, key: "mine-123" });
    expect((await app.request("/web-api/session/check")).status).toBe(200);
    expect((await app.request("/web-api/session/check", { headers: { "idempotency-key": "theirs-456" } })).status).toBe(200);
    expect((await app.request("/web-api/session/check", { headers: { "idempotency-key": "mine-123" } })).status).toBe(503);
    expect((await app.request("/web-api/session/check", { headers: { "idempotency-key": "mine-123" } })).status).toBe(200);
  });
});
