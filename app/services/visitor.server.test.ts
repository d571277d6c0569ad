import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createHttpClient } from "./http.server";
import { resolveClientAddress, runAsVisitor, visitorAddress, visitorHeaders } from "./visitor.server";

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
