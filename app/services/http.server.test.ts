import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { STATUS_CANCELLED, STATUS_NETWORK_ERROR, UpstreamError, createHttpClient, jitteredDelay } from "./http.server";

// A real local HTTP server whose answers each test scripts; no fetch is mocked.
type Script = (n: number, req: { url: string; method: string; body: string; headers: Record<string, unknown> }) => { status?: number; body?: string; delayMs?: number };
let script: Script = () => ({ status: 200, body: "{}" });
let hits = 0;
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const answer = script(hits++, { url: req.url ?? "", method: req.method ?? "", body, headers: req.headers });
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(answer.status ?? 200, { "content-type": "application/json" });
        res.end(answer.body ?? "");
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  hits = 0;
});

const sleeps: number[] = [];
/**
 * A client whose pauses are recorded, not waited. With `clock`, deadlines are read on that
 * hand-driven clock and each pause moves it on, so what fits before a deadline does not depend
 * on how fast this machine answers.
 */
function client(baseUrl = base, clock?: { now: number }) {
  const baseUrls = { web: baseUrl, bff: baseUrl, redirects: baseUrl, blocks: baseUrl, limits: baseUrl, social: baseUrl, captcha: baseUrl, admin: baseUrl, sports: baseUrl };
  return createHttpClient({
    baseUrls,
    defaultTimeoutMs: 500,
    // The pauses are recorded as the policy gives them; jitter has its own test.
    jitter: (ms) => ms,
    sleep: async (ms) => {
      sleeps.push(ms);
      if (clock) clock.now += ms;
    },
    now: clock ? () => clock.now : undefined,
  });
}
const okSchema = z.object({ ok: z.literal(true) });

describe("shared HTTP client", () => {
  it("sends query, JSON body and headers, and parses the answer with zod", async () => {
    let seen: Parameters<Script>[1] | undefined;
    script = (_n, req) => {
      seen = req;
      return { body: JSON.stringify({ ok: true }) };
    };
    const answer = await client()({
      upstream: "bff",
      path: "/x",
      method: "POST",
      query: { a: 1, skip: undefined },
      json: { url: "/ru" },
      headers: { "x-country-code": "KZ" },
      schema: okSchema,
    });
    expect(answer).toEqual({ ok: true });
    expect(seen?.url).toBe("/x?a=1");
    expect(seen?.method).toBe("POST");
    expect(JSON.parse(seen?.body ?? "")).toEqual({ url: "/ru" });
    expect(seen?.headers["x-country-code"]).toBe("KZ");
  });

  it("retries server errors the given number of times, waiting between tries", async () => {
    sleeps.length = 0;
    script = () => ({ status: 503, body: JSON.stringify({ error: { message: "down" } }) });
    const error = await client()({ upstream: "bff", path: "/x", schema: okSchema, retry: { times: 5, delayMs: 1000 } }).catch((e) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.status).toBe(503);
    expect(hits).toBe(6);
    expect(sleeps).toEqual([1000, 1000, 1000, 1000, 1000]);
  });

  it("succeeds when a retry succeeds", async () => {
    script = (n) => (n < 2 ? { status: 500 } : { body: JSON.stringify({ ok: true }) });
    await expect(client()({ upstream: "bff", path: "/x", schema: okSchema, retry: { times: 2, delayMs: 1 } })).resolves.toEqual({ ok: true });
    expect(hits).toBe(3);
  });

  it("does not retry client errors, and joins structured error messages by newline", async () => {
    script = () => ({ status: 400, body: JSON.stringify({ message: "first", errors: [{ message: "second" }, "third"] }) });
    const error = await client()({ upstream: "bff", path: "/x", schema: okSchema, retry: { times: 3, delayMs: 1 } }).catch((e) => e);
    expect(error.kind).toBe("http");
    expect(error.status).toBe(400);
    expect(error.message).toBe("first\nsecond\nthird");
    expect(hits).toBe(1);
  });

  it("treats an answer of the wrong shape as a failure", async () => {
    script = () => ({ body: JSON.stringify({ ok: "yes" }) });
    const error = await client()({ upstream: "bff", path: "/x", schema: okSchema }).catch((e) => e);
    expect(error.kind).toBe("shape");
  });

  it("treats a non-JSON success as a failure unless text is asked for", async () => {
    script = () => ({ body: "<html>" });
    expect((await client()({ upstream: "web", path: "/x", schema: okSchema }).catch((e) => e)).kind).toBe("shape");
    await expect(client()({ upstream: "web", path: "/x", schema: z.string(), responseType: "text" })).resolves.toBe("<html>");
  });

  it("times out slow answers and retries them", async () => {
    script = () => ({ body: JSON.stringify({ ok: true }), delayMs: 2_000 });
    const error = await client()({ upstream: "bff", path: "/x", schema: okSchema, timeoutMs: 100, retry: { times: 1, delayMs: 1 } }).catch((e) => e);
    expect(error.kind).toBe("timeout");
    expect(hits).toBe(2);
  });

  it("maps a cancelled request to status 499", async () => {
    const controller = new AbortController();
    // Cancelled once the server has the request, while its answer is still to come.
    script = () => {
      controller.abort();
      return { body: JSON.stringify({ ok: true }), delayMs: 2_000 };
    };
    // A time limit the answer would meet: only the cancellation can end the call early.
    const error = await client()({ upstream: "bff", path: "/x", schema: okSchema, timeoutMs: 5_000, signal: controller.signal }).catch((e) => e);
    expect(error.kind).toBe("cancelled");
    expect(error.status).toBe(STATUS_CANCELLED);
  });

  it("maps a failed fetch to a network error", async () => {
    const error = await client("http://127.0.0.1:1")({ upstream: "bff", path: "/x", schema: okSchema }).catch((e) => e);
    expect(error.kind).toBe("network");
    expect(error.status).toBe(STATUS_NETWORK_ERROR);
    // Nothing listens there: the request cannot have reached anyone (issue 37).
    expect(error.neverSent).toBe(true);
  });

  it("does not call a request never sent when the connection drops after it was sent", async () => {
    const dropping = createServer((req) => req.on("data", () => {}).on("end", () => req.socket.destroy()));
    await new Promise<void>((r) => dropping.listen(0, "127.0.0.1", r));
    try {
      const url = `http://127.0.0.1:${(dropping.address() as AddressInfo).port}`;
      const error = await client(url)({ upstream: "web", path: "/x", method: "POST", json: { a: 1 }, schema: okSchema }).catch((e) => e);
      expect(error.kind).toBe("network");
      expect(error.neverSent).toBe(false);
    } finally {
      await new Promise<void>((r) => dropping.close(() => r()));
    }
  });

  it("recognises 451 with exception_code 1 as 'terms must be confirmed'", async () => {
    script = () => ({ status: 451, body: JSON.stringify({ exception_code: 1 }) });
    const error = await client()({ upstream: "web", path: "/x", schema: okSchema }).catch((e) => e);
    expect(error.isTermsRequired).toBe(true);
    script = () => ({ status: 451, body: JSON.stringify({ exception_code: 2 }) });
    expect((await client()({ upstream: "web", path: "/x", schema: okSchema }).catch((e) => e)).isTermsRequired).toBe(false);
  });

  it("pauses before a retry the policy's delay plus up to a fifth more", () => {
    expect(jitteredDelay(1000, () => 0)).toBe(1000);
    expect(jitteredDelay(1000, () => 0.5)).toBe(1100);
    expect(jitteredDelay(1000, () => 0.999)).toBeLessThanOrEqual(1200);
  });

  it("gives each attempt only the time left before the deadline, and no retry that cannot fit", async () => {
    sleeps.length = 0;
    // An answer that would come after the deadline, and well within the attempt's own 5 s.
    script = () => ({ body: JSON.stringify({ ok: true }), delayMs: 2_000 });
    const error = await client()({ upstream: "bff", path: "/x", schema: okSchema, timeoutMs: 5_000, retry: { times: 5, delayMs: 100 }, deadline: Date.now() + 400 }).catch((e) => e);
    // Cut at the deadline, not at the attempt's time-out: the answer never arrived.
    expect(error.kind).toBe("timeout");
    expect(error.atDeadline).toBe(true);
    // The cut comes at the deadline, where a retry's pause and 100 ms no longer fit.
    expect(hits).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it("runs the retries that fit before the deadline", async () => {
    sleeps.length = 0;
    script = () => ({ status: 503 });
    const clock = { now: 1_000_000 };
    const error = await client(base, clock)({ upstream: "bff", path: "/x", schema: okSchema, retry: { times: 5, delayMs: 200 }, deadline: clock.now + 650 }).catch((e) => e);
    expect(error.status).toBe(503);
    expect(error.atDeadline).toBe(false);
    // Failures at 0, 200 and 400 ms on the hand clock; a fourth attempt at 600 ms would have
    // under 100 ms left before 650.
    expect(hits).toBe(3);
    expect(sleeps).toEqual([200, 200]);
  });

  it("counts an attempt cut by its own time-out as a time-out, not the deadline's", async () => {
    script = () => ({ body: JSON.stringify({ ok: true }), delayMs: 2_000 });
    const clock = { now: 1_000_000 };
    const error = await client(base, clock)({ upstream: "bff", path: "/x", schema: okSchema, timeoutMs: 100, deadline: clock.now + 60_000 }).catch((e) => e);
    expect(error.kind).toBe("timeout");
    expect(error.atDeadline).toBe(false);
  });

  it("does not call at all once the deadline has passed", async () => {
    const clock = { now: 1_000_000 };
    const error = await client(base, clock)({ upstream: "bff", path: "/x", schema: okSchema, deadline: clock.now - 1 }).catch((e) => e);
    expect(error.kind).toBe("timeout");
    expect(error.atDeadline).toBe(true);
    expect(hits).toBe(0);
  });
});
