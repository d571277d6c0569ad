import type { HttpBindings } from "@hono/node-server";
import type { MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { apiError } from "./http.ts";

/**
 * Test-only fault injection and request counting, so tests of the site can see how it behaves
 * when an upstream is down, slow, failing or answering nonsense, and how often it calls.
 * State is per process and in memory: it exists only while PLATFORM_TEST_HOOKS=1.
 */

/**
 * "crash" runs the request to its end (a transaction it opens commits) and then kills the process
 * with SIGKILL before a byte of the answer leaves: the caller sees a reset connection and must
 * learn the outcome by retrying (the platform's crash-safety tests).
 */
/**
 * "drop" runs the request to its end too and then closes the connection without an answer, the
 * process alive: the caller does not know whether its request acted (issue 37's unknown outcome).
 */
export type FaultMode = "down" | "slow" | "error" | "shape" | "crash" | "drop";

export interface Fault {
  id: number;
  path: string;
  mode: FaultMode;
  delayMs: number;
  status: number;
  /** Requests still to affect; null = until cleared. */
  remaining: number | null;
  /** Only requests with this Idempotency-Key (a test among others on one platform faults its own). */
  key?: string;
}

/** Upstreams whose requests are counted. */
const COUNTED = ["/bff-api", "/redirects-api", "/blocks-api", "/web-api", "/captcha-api", "/social-api"];

export function createFaultState() {
  let nextId = 1;
  let faults: Fault[] = [];
  const hits = new Map<string, number>();
  const inFlight = new Map<string, number>();

  return {
    add(fault: Omit<Fault, "id">): number {
      const id = nextId++;
      faults.push({ ...fault, id });
      return id;
    },
    clear() {
      faults = [];
    },
    /** Takes one use of the newest fault covering `path` (and the request's key, if it names one), if any. */
    take(path: string, key?: string): Fault | null {
      for (let i = faults.length - 1; i >= 0; i--) {
        const fault = faults[i]!;
        if (!path.startsWith(fault.path) || (fault.key !== undefined && fault.key !== key)) continue;
        if (fault.remaining !== null) {
          fault.remaining -= 1;
          if (fault.remaining <= 0) faults.splice(i, 1);
        }
        return fault;
      }
      return null;
    },
    count(path: string) {
      if (COUNTED.some((p) => path === p || path.startsWith(`${p}/`))) hits.set(path, (hits.get(path) ?? 0) + 1);
    },
    hitsUnder(prefix: string): number {
      let sum = 0;
      for (const [path, n] of hits) if (path.startsWith(prefix)) sum += n;
      return sum;
    },
    resetHits() {
      hits.clear();
    },
    /** A request under `path` came in; the function returned marks it handled to its end. */
    begin(path: string): () => void {
      inFlight.set(path, (inFlight.get(path) ?? 0) + 1);
      return () => {
        const left = (inFlight.get(path) ?? 1) - 1;
        if (left > 0) inFlight.set(path, left);
        else inFlight.delete(path);
      };
    },
    /** Requests under `prefix` still being handled (held by a slow fault, or at work). */
    inFlightUnder(prefix: string): number {
      let sum = 0;
      for (const [path, n] of inFlight) if (path.startsWith(prefix)) sum += n;
      return sum;
    },
  };
}

export type FaultState = ReturnType<typeof createFaultState>;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Counts the request, then applies the newest matching fault, and keeps it in the in-flight count
 * until it is handled (a late request's outcome is known once it leaves). The hooks, /health and /ready
 * are exempt. `sleep` is the slow fault's wait (a test's own clock).
 */
export function faultMiddleware(state: FaultState, sleep: (ms: number) => Promise<void> = wait): MiddlewareHandler<{ Bindings: Partial<HttpBindings> }> {
  return async (c, next) => {
    const path = c.req.path;
    state.count(path);
    if (path === "/health" || path === "/ready" || path === "/__test" || path.startsWith("/__test/")) return next();
    const handled = state.begin(path);
    try {
      const fault = state.take(path, c.req.header("idempotency-key"));
      if (!fault) return await next();
      switch (fault.mode) {
        case "down": {
          // Close the TCP connection without a byte of answer: the caller's fetch fails.
          const socket = c.env?.incoming?.socket;
          if (!socket) return apiError(c, 500, "fault_unsupported", "No socket to close outside the Node server");
          socket.destroy();
          return new Response(null);
        }
        case "slow":
          await sleep(fault.delayMs);
          await next();
          // The answer names what held it (the tests of the fault itself read it).
          c.res.headers.append("Server-Timing", `fault;desc="slow";dur=${fault.delayMs}`);
          return;
        case "error":
          return apiError(c, fault.status as ContentfulStatusCode, "fault_injected", `Injected ${fault.status} for ${fault.path}`);
        case "shape":
          return c.json({ unexpected: true }, 200);
        case "drop": {
          await next();
          const socket = c.env?.incoming?.socket;
          if (!socket) return apiError(c, 500, "fault_unsupported", "No socket to close outside the Node server");
          socket.destroy();
          return new Response(null);
        }
        case "crash":
          await next();
          process.kill(process.pid, "SIGKILL");
          return new Promise<never>(() => {});
      }
    } finally {
      handled();
    }
  };
}
