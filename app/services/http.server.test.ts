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
function client(baseUrl = base, realSleep = false) {
  const baseUrls = { web: baseUrl, bff: baseUrl, redirects: baseUrl, blocks: baseUrl, limits: baseUrl, social: baseUrl, captcha: baseUrl, admin: baseUrl, sports: baseUrl };
  return createHttpClient({
    baseUrls,
    defaultTimeoutMs: 500,
    // The pauses are recorded as the policy gives them; jitter has its own test.
    jitter: (ms) => ms,
    sleep: async (ms) => {
      sleeps.push(ms);
      if (realSleep) await new Promise((r) => setTimeout(r, ms));
    },
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
    script = () => ({ body: JSON.stringify({ ok: true }), delayMs: 1_000 });
    const controller = new AbortController();
    const pending = client()({ upstream: "bff", path: "/x", schema: okSchema, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await pending.catch((e) => e);
    expect(error.kind).toBe("cancelled");
    expect(error.status).toBe(STATUS_CANCELLED);
  });

  it("maps a failed fetch to a network error", async () => {
    const error = await client("http://127.0.0.1:1")({ upstream: "bff", path: "/x", schema: okSchema }).catch((e) => e);
    expect(error.kind).toBe("network");
    expect(error.status).toBe(STATUS_NETWORK_ERROR);
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
    script = () => ({ body: JSON.stringify({ ok: true }), delayMs: 2_000 });
    const started = Date.now();
    const error = await client(base, true)({ upstream: "bff", path: "/x", schema: okSchema, timeoutMs: 5_000, retry: { times: 5, delayMs: 100 }, deadline: started + 400 }).catch((e) => e);
    const elapsed = Date.now() - started;
    expect(error.kind).toBe("timeout");
    // One attempt cut at the deadline; a retry would need its pause and 100 ms more.
    expect(hits).toBe(1);
    expect(sleeps).toEqual([]);
    expect(elapsed).toBeGreaterThanOrEqual(350);
    expect(elapsed).toBeLessThan(1_500);
  });

  it("runs the retries that fit before the deadline", async () => {
    sleeps.length = 0;
    script = () => ({ status: 503 });
    const error = await client(base, true)({ upstream: "bff", path: "/x", schema: okSchema, retry: { times: 5, delayMs: 200 }, deadline: Date.now() + 700 }).catch((e) => e);
    expect(error.status).toBe(503);
    // Fast failures at about 0, 200 and 400 ms; a fourth at 600 ms would leave under 100 ms.
    expect(hits).toBe(3);
    expect(sleeps).toEqual([200, 200]);
  });

  it("does not call at all once the deadline has passed", async () => {
    const error = await client()({ upstream: "bff", path: "/x", schema: okSchema, deadline: Date.now() - 1 }).catch((e) => e);
    expect(error.kind).toBe("timeout");
    expect(hits).toBe(0);
  });
});
