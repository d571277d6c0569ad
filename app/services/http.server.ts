import { STATUS_CODES } from "node:http";
import { Agent, type FormData as UndiciFormData, request } from "undici";
import type { z } from "zod";
import { env, type Upstream, upstreamBase } from "~/env.server";
import { log } from "./log.server";
import { visitorHeaders } from "./visitor.server";

/**
 * The one HTTP client for every upstream call: explicit time-outs, retries, the status
 * mapping of SPEC §8 and zod parsing of every answer.
 */

export type UpstreamErrorKind = "http" | "network" | "timeout" | "cancelled" | "shape";

/** Status of a cancelled request ("status close"), as the error catalogue names it. */
export const STATUS_CANCELLED = 499;
/** Failed fetch: there is no HTTP status; 0 marks "network error". */
export const STATUS_NETWORK_ERROR = 0;
export const STATUS_TIMEOUT = 504;

export class UpstreamError extends Error {
  constructor(
    readonly kind: UpstreamErrorKind,
    readonly status: number,
    message: string,
    readonly body?: unknown,
    /** A time-out because the caller's deadline came, not the attempt's own time limit. */
    readonly atDeadline = false,
    /** The request never reached the upstream (no connection was made): it cannot have acted. */
    readonly neverSent = false,
  ) {
    super(message);
    this.name = "UpstreamError";
  }

  /** SPEC §8: 451 with exception_code 1 means the user must confirm new terms. */
  get isTermsRequired(): boolean {
    const body = this.body as { exception_code?: unknown } | undefined;
    return this.status === 451 && body?.exception_code === 1;
  }
}

/**
 * Whether an upstream failure means "the platform is away" (decisions 063, 064): no connection, a
 * time-out, a 5xx or an answer of the wrong shape. A 4xx is the platform's answer to the question
 * and a cancellation is the caller's own: neither is served from a copy.
 */
export function isOutage(error: unknown): boolean {
  if (!(error instanceof UpstreamError)) return false;
  return error.kind === "network" || error.kind === "timeout" || error.kind === "shape" || (error.kind === "http" && error.status >= 500);
}

export interface RetryPolicy {
  /** Retries after the first attempt. */
  times: number;
  delayMs: number;
}

export interface UpstreamCall<S extends z.ZodTypeAny> {
  upstream: Upstream;
  path: string;
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Record<string, string | number | boolean | undefined | null>;
  json?: unknown;
  /** Sent as multipart/form-data (undici writes the boundary). */
  form?: FormData;
  headers?: Record<string, string | undefined>;
  /** Every answer is parsed; a wrong shape is logged and fails the call. */
  schema: S;
  timeoutMs?: number;
  retry?: RetryPolicy;
  signal?: AbortSignal;
  /**
   * When the caller stops waiting (epoch ms; decision 021). Each attempt gets at most the time
   * left, and a retry is made only when its pause and a useful attempt still fit before it.
   */
  deadline?: number;
  /** For answers that are not JSON (SPEC §7: the session call's answer is not parsed). */
  responseType?: "json" | "text";
}

export interface HttpClientOptions {
  baseUrls: Record<Upstream, string>;
  defaultTimeoutMs: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The clock deadlines are read on (epoch ms; default Date.now): tests drive it by hand. */
  now?: () => number;
  /** Headers of every call, read per call (the visitor's address: decision 012). */
  defaultHeaders?: () => Record<string, string>;
  /** The pause before a retry, from the policy's delay (default: up to 20 % longer at random). */
  jitter?: (delayMs: number) => number;
}

/**
 * Retries of many copies of the site after one upstream hiccup should not arrive in step: each
 * pause is the spec's delay (SPEC §9, the least it allows) plus up to a fifth more at random.
 */
export function jitteredDelay(delayMs: number, random = Math.random): number {
  return Math.round(delayMs * (1 + 0.2 * random()));
}

/** An attempt with less time than this before the deadline is not worth starting. */
export const MIN_ATTEMPT_MS = 100;

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Joins the messages of a structured error answer by newline (SPEC §8). */
export function structuredErrorMessage(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const b = body as Record<string, unknown>;
  const messages: string[] = [];
  const push = (v: unknown) => {
    if (typeof v === "string" && v.trim()) messages.push(v.trim());
  };
  const error = b.error as Record<string, unknown> | string | undefined;
  if (typeof error === "string") push(error);
  else if (error && typeof error === "object") push(error.message);
  push(b.message);
  push(b.title);
  if (Array.isArray(b.errors)) {
    for (const e of b.errors) push(typeof e === "string" ? e : (e as Record<string, unknown>)?.message);
  }
  return messages.length ? messages.join("\n") : null;
}

/** A failure worth one more try: no answer, or the upstream's own error (5xx). */
export function isRetryable(error: UpstreamError): boolean {
  return error.kind === "network" || error.kind === "timeout" || (error.kind === "http" && error.status >= 500);
}

/**
 * Keep-alive connections to the upstreams. undici's request() rather than fetch: fetch builds a
 * WHATWG Request, Response, Headers and web streams for every call, and a page makes several
 * (a third of the site's CPU on the place action; issue 12).
 */
const upstreamAgent = new Agent({ keepAliveTimeout: 4_000 });

export function createHttpClient(options: HttpClientOptions) {
  const sleep = options.sleep ?? abortableSleep;
  const now = options.now ?? Date.now;
  const jitter = options.jitter ?? ((ms: number) => jitteredDelay(ms));

  async function attempt<S extends z.ZodTypeAny>(call: UpstreamCall<S>): Promise<z.infer<S>> {
    const url = new URL(call.path, options.baseUrls[call.upstream]);
    for (const [k, v] of Object.entries(call.query ?? {})) {
      if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    }
    const headers: Record<string, string> = { accept: "application/json" };
    for (const [k, v] of Object.entries(options.defaultHeaders?.() ?? {})) headers[k.toLowerCase()] = v;
    for (const [k, v] of Object.entries(call.headers ?? {})) if (v !== undefined) headers[k.toLowerCase()] = v;
    let body: string | UndiciFormData | undefined;
    if (call.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(call.json);
    } else if (call.form) {
      // The runtime's FormData is the one undici reads; only the two type declarations differ.
      body = call.form as unknown as UndiciFormData;
    }

    const limit = call.timeoutMs ?? options.defaultTimeoutMs;
    const left = call.deadline === undefined ? limit : call.deadline - now();
    if (left <= 0) throw new UpstreamError("timeout", STATUS_TIMEOUT, `Deadline passed: ${url.pathname}`, undefined, true);
    // One controller for the time limit and the caller's cancellation (AbortSignal.any costs more).
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, Math.min(limit, left));
    const onCancel = () => controller.abort();
    call.signal?.addEventListener("abort", onCancel, { once: true });
    if (call.signal?.aborted) controller.abort();
    const failed = (reading: boolean) => {
      if (call.signal?.aborted) return new UpstreamError("cancelled", STATUS_CANCELLED, "Request cancelled");
      if (timedOut) {
        return left < limit
          ? new UpstreamError("timeout", STATUS_TIMEOUT, `Deadline reached: ${url.pathname}`, undefined, true)
          : new UpstreamError("timeout", STATUS_TIMEOUT, `Timed out: ${url.pathname}`);
      }
      return reading ? new UpstreamError("network", STATUS_NETWORK_ERROR, "Network error while reading the answer") : null;
    };
    let status: number;
    let text: string;
    try {
      let response: Awaited<ReturnType<typeof request>>;
      try {
        response = await request(url, { method: call.method ?? "GET", headers, body, signal: controller.signal, dispatcher: upstreamAgent });
      } catch (error) {
        const code = (error as { code?: string }).code;
        const neverSent = code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "EAI_AGAIN";
        throw failed(false) ?? new UpstreamError("network", STATUS_NETWORK_ERROR, `Network error: ${(error as Error).message}`, undefined, false, neverSent);
      }
      status = response.statusCode;
      try {
        // Always read the body to the end: an unread body keeps the connection busy.
        text = await response.body.text();
      } catch {
        throw failed(true)!;
      }
    } finally {
      clearTimeout(timer);
      call.signal?.removeEventListener("abort", onCancel);
    }
    const ok = status >= 200 && status < 300;

    let payload: unknown = text;
    if (call.responseType !== "text" && text) {
      try {
        payload = JSON.parse(text);
      } catch {
        payload = undefined;
        if (ok) {
          log.warn("upstream.shape", { upstream: call.upstream, path: url.pathname, reason: "not JSON" });
          throw new UpstreamError("shape", 502, `Answer of ${url.pathname} is not JSON`);
        }
      }
    }

    if (!ok) {
      const message = structuredErrorMessage(payload) ?? `${status} ${STATUS_CODES[status] ?? ""}`.trim();
      throw new UpstreamError("http", status, message, payload);
    }

    const parsed = call.schema.safeParse(payload);
    if (!parsed.success) {
      log.warn("upstream.shape", {
        upstream: call.upstream,
        path: url.pathname,
        issues: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join(".")}: ${i.message}`),
      });
      throw new UpstreamError("shape", 502, `Answer of ${url.pathname} has the wrong shape`, payload);
    }
    return parsed.data;
  }

  return async function callUpstream<S extends z.ZodTypeAny>(call: UpstreamCall<S>): Promise<z.infer<S>> {
    const retry = call.retry ?? { times: 0, delayMs: 0 };
    let pausedMs = 0;
    for (let n = 0; ; n++) {
      try {
        return await attempt(call);
      } catch (error) {
        const e = error as UpstreamError;
        const pause = n < retry.times ? jitter(retry.delayMs) : 0;
        const noTime = call.deadline !== undefined && now() + pause + MIN_ATTEMPT_MS > call.deadline;
        if (n >= retry.times || !isRetryable(e) || call.signal?.aborted || noTime) {
          if (e.kind !== "http" || e.status >= 500) {
            log.warn("upstream.failed", { upstream: call.upstream, path: call.path, kind: e.kind, status: e.status, attempts: n + 1, pausedMs });
          }
          throw e;
        }
        pausedMs += pause;
        try {
          await sleep(pause, call.signal);
        } catch {
          throw new UpstreamError("cancelled", STATUS_CANCELLED, "Request cancelled");
        }
      }
    }
  };
}

export const callUpstream = createHttpClient({
  baseUrls: upstreamBase,
  defaultTimeoutMs: env.UPSTREAM_TIMEOUT_MS,
  defaultHeaders: visitorHeaders,
});
