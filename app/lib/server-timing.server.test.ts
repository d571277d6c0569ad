import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { guardsTook, loadersStarted, serverTimingHeader, tookFallback } from "./server-timing.server";

describe("Server-Timing", () => {
  it("names the fallbacks a request took after its times, once each", () => {
    const context = {} as AppLoadContext;
    loadersStarted(context);
    guardsTook(context, 3_000);
    tookFallback(context, "redirects", "deadline");
    tookFallback(context, "session", "failed");
    tookFallback(context, "session", "deadline");
    const parts = serverTimingHeader(context, performance.now()).split(", ");
    expect(parts.map((p) => p.split(";")[0])).toEqual(["guards", "loader", "redirects", "session"]);
    expect(parts.slice(2)).toEqual(['redirects;desc="deadline"', 'session;desc="deadline"']);
  });

  it("names none for a request that took none", () => {
    const context = {} as AppLoadContext;
    loadersStarted(context);
    expect(serverTimingHeader(context, performance.now())).not.toContain("desc");
  });
});
