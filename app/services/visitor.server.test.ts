import { createServer } from "node:http";
import type * as DiagnosticsChannel from "node:diagnostics_channel";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createHttpClient } from "./http.server";
import { resolveClientAddress, runAsVisitor, visitorAddress, visitorHeaders } from "./visitor.server";

// Node's diagnostics channel, counted: the module subscribes to it at import (the real subscribe
// still runs).
const subscriptions = vi.hoisted(() => [] as string[]);
vi.mock("node:diagnostics_channel", async (importOriginal) => {
  const actual = await importOriginal<typeof DiagnosticsChannel>();
  return {
    ...actual,
    subscribe: (name: string | symbol, listener: Parameters<typeof actual.subscribe>[1]) => {
      subscriptions.push(String(name));
      actual.subscribe(name, listener);
    },
  };
});

/** Answers each request with what `read` saw inside its handler; gives the server's URL. */
async function serve(read: () => unknown): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ seen: read() ?? null }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe("resolveClientAddress", () => {
  it("takes the socket's address when no trusted header is configured or sent", () => {
    expect(resolveClientAddress("203.0.113.7", undefined)).toBe("203.0.113.7");
    expect(resolveClientAddress("::ffff:203.0.113.7", undefined)).toBe("203.0.113.7");
    expect(resolveClientAddress("2001:db8::1", undefined)).toBe("2001:db8::1");
  });

  it("takes only the last hop of the trusted header: the one our proxy appended", () => {
    expect(resolveClientAddress("10.0.0.1", "198.51.100.9")).toBe("198.51.100.9");
    expect(resolveClientAddress("10.0.0.1", "6.6.6.6, 198.51.100.9")).toBe("198.51.100.9");
    expect(resolveClientAddress("10.0.0.1", "6.6.6.6,198.51.100.9 ")).toBe("198.51.100.9");
    // Repeated headers arrive as an array; the last one's last hop counts.
    expect(resolveClientAddress("10.0.0.1", ["6.6.6.6", "7.7.7.7, 198.51.100.9"])).toBe("198.51.100.9");
  });

  it("takes the last of repeated headers even when each holds a single address", () => {
    expect(resolveClientAddress("10.0.0.1", ["6.6.6.6", "198.51.100.9"])).toBe("198.51.100.9");
  });

  it("keeps an IPv6 address whole even when it ends like a mapped IPv4 one", () => {
    // 64:ff9b::/96 (NAT64) is not ::ffff:0:0/96: writing it as 203.0.113.7 would merge two visitors.
    expect(resolveClientAddress("64:ff9b::ffff:203.0.113.7", undefined)).toBe("64:ff9b::ffff:203.0.113.7");
    expect(resolveClientAddress("10.0.0.1", "64:ff9b::ffff:203.0.113.7")).toBe("64:ff9b::ffff:203.0.113.7");
  });

  it("does not read an address out of a hop that only contains one", () => {
    // A port after a mapped address, or a mapped "IPv4" that is not one: neither is an address.
    expect(resolveClientAddress("10.0.0.1", "::ffff:203.0.113.7:8080")).toBe("10.0.0.1");
    expect(resolveClientAddress("10.0.0.1", "::ffff:999.0.113.7")).toBe("10.0.0.1");
    expect(resolveClientAddress("::ffff:999.0.113.7", undefined)).toBeNull();
  });

  it("falls back to the socket when the header is missing, empty or not an address", () => {
    expect(resolveClientAddress("10.0.0.1", "")).toBe("10.0.0.1");
    expect(resolveClientAddress("10.0.0.1", "198.51.100.9, unknown")).toBe("10.0.0.1");
    expect(resolveClientAddress("10.0.0.1", "198.51.100.9, ")).toBe("198.51.100.9");
    expect(resolveClientAddress("10.0.0.1", [])).toBe("10.0.0.1");
  });

  it("answers null when nothing is an address", () => {
    expect(resolveClientAddress(undefined, undefined)).toBeNull();
    expect(resolveClientAddress("not-an-ip", "also not")).toBeNull();
  });
});

describe("visitorAddress", () => {
  it("is null outside a request of the site server", () => {
    expect(visitorAddress()).toBeNull();
    expect(visitorHeaders()).toEqual({});
  });

  it("reads the request's visitor, with or without a trusted header", () => {
    const visitor = { socketAddress: "::ffff:127.0.0.2", headers: { "x-real-ip": "6.6.6.6, 198.51.100.4" } };
    runAsVisitor(visitor, () => {
      expect(visitorAddress(undefined)).toBe("127.0.0.2");
      expect(visitorAddress("x-real-ip")).toBe("198.51.100.4");
      expect(visitorAddress("x-other")).toBe("127.0.0.2");
    });
  });

  it("keeps each request's visitor apart across awaits", async () => {
    const seen = await Promise.all(
      ["127.0.0.2", "127.0.0.3"].map((socketAddress) =>
        runAsVisitor({ socketAddress, headers: {} }, async () => {
          await new Promise((r) => setTimeout(r, 5));
          return visitorHeaders()["x-client-ip"];
        }),
      ),
    );
    expect(seen).toEqual(["127.0.0.2", "127.0.0.3"]);
  });
});

describe("the site server's requests", () => {
  it("are each seen with the socket's address and the request's headers, through Node's diagnostics channel", async () => {
    const server = await serve(() => [visitorAddress(undefined), visitorAddress("x-real-ip")]);
    try {
      const plain = (await (await fetch(server.url)).json()) as { seen: unknown };
      expect(plain.seen).toEqual(["127.0.0.1", "127.0.0.1"]);
      const proxied = (await (await fetch(server.url, { headers: { "x-real-ip": "198.51.100.4" } })).json()) as { seen: unknown };
      expect(proxied.seen).toEqual(["127.0.0.1", "198.51.100.4"]);
    } finally {
      await server.close();
    }
  });

  it("are listened to once per process, even when a rebuild imports the module again", async () => {
    expect(subscriptions.filter((name) => name === "http.server.request.start")).toHaveLength(1);
    vi.resetModules();
    const again = await import("./visitor.server");
    expect(subscriptions.filter((name) => name === "http.server.request.start")).toHaveLength(1);
    // The copy reads the same requests.
    const server = await serve(() => again.visitorAddress(undefined));
    try {
      expect(await (await fetch(server.url)).json()).toEqual({ seen: "127.0.0.1" });
    } finally {
      await server.close();
    }
  });
});

describe("clientIp and callerOf: the address the platform's limits are keyed by", () => {
  /** The module as the site starts it with this TRUSTED_CLIENT_IP_HEADER (env is read at import). */
  async function startedWith(trustedHeader: string | undefined) {
    vi.stubEnv("TRUSTED_CLIENT_IP_HEADER", trustedHeader);
    vi.resetModules();
    return import("./visitor.server");
  }
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("is the visitor's inside a request; a header no proxy was declared for is ignored", async () => {
    const { callerOf, clientIp, runAsVisitor } = await startedWith(undefined);
    const request = new Request("http://x/", { headers: { "x-real-ip": "6.6.6.6" } });
    runAsVisitor({ socketAddress: "::ffff:198.51.100.23", headers: { "x-real-ip": "6.6.6.6" } }, () => {
      expect(clientIp(request)).toBe("198.51.100.23");
      expect(callerOf(request, "captcha-1")).toEqual({ clientIp: "198.51.100.23", captchaToken: "captcha-1" });
    });
  });

  it("is null outside a request of the site server when no trusted header is configured", async () => {
    const { callerOf, clientIp } = await startedWith(undefined);
    const request = new Request("http://x/", { headers: { "x-real-ip": "6.6.6.6" } });
    expect(clientIp(request)).toBeNull();
    expect(callerOf(request)).toEqual({ clientIp: null, captchaToken: undefined });
  });

  it("outside a request, reads the last hop of TRUSTED_CLIENT_IP_HEADER from the request itself", async () => {
    const { clientIp, runAsVisitor } = await startedWith("X-Real-IP");
    expect(clientIp(new Request("http://x/", { headers: { "x-real-ip": "6.6.6.6, 198.51.100.9" } }))).toBe("198.51.100.9");
    expect(clientIp(new Request("http://x/"))).toBeNull();
    // Inside a request the site server's own view wins.
    runAsVisitor({ socketAddress: "10.0.0.1", headers: { "x-real-ip": "198.51.100.4" } }, () => {
      expect(clientIp(new Request("http://x/", { headers: { "x-real-ip": "6.6.6.6" } }))).toBe("198.51.100.4");
    });
  });
});

describe("every upstream call", () => {
  it("carries the visitor's address in x-client-ip", async () => {
    const seen: Array<string | undefined> = [];
    const server = createServer((req, res) => {
      seen.push(req.headers["x-client-ip"] as string | undefined);
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const baseUrls = { web: base, bff: base, redirects: base, blocks: base, limits: base, social: base, captcha: base, admin: base, sports: base };
    const call = createHttpClient({ baseUrls, defaultTimeoutMs: 2_000, defaultHeaders: visitorHeaders });
    try {
      await runAsVisitor({ socketAddress: "198.51.100.23", headers: {} }, () => call({ upstream: "bff", path: "/x", schema: z.object({}) }));
      await call({ upstream: "bff", path: "/x", schema: z.object({}) });
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
    expect(seen).toEqual(["198.51.100.23", undefined]);
  });
});
