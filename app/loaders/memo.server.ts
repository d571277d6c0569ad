import { ACTION_GUARD_DEADLINE_MS, GUARD_DEADLINE_MS } from "~/constants";
import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { loadersStarted } from "~/lib/server-timing.server";
import { UpstreamError } from "~/services/http.server";

/**
 * Per-request memo: every loader of one page view shares one result per key, so parallel
 * loaders make each upstream call once. Remix hands each loader its own copy of the Request,
 * but one load context object per request, so that is the key; it is freed with the request.
 */
const store = new WeakMap<AppLoadContext, Map<string, Promise<unknown>>>();

/** What a loader or action receives that the guards need. */
export type RequestArgs = Pick<LoaderFunctionArgs, "request" | "params" | "context">;

export function perRequest<T>(context: AppLoadContext, key: string, compute: () => Promise<T>): Promise<T> {
  let entries = store.get(context);
  if (!entries) {
    // Every loader's first step is a memoised call (the site context), so this is their start.
    loadersStarted(context);
    entries = new Map();
    store.set(context, entries);
  }
  let value = entries.get(key) as Promise<T> | undefined;
  if (!value) {
    value = compute();
    entries.set(key, value);
  }
  return value;
}

const deadlines = new WeakMap<AppLoadContext, number>();

/**
 * The one deadline of a page's guard calls (redirect rules, block check, session; decision
 * 021): started by the first call that asks for it, the same instant for every later one of
 * the request, so calls that go out together wait for one clock, not one each.
 */
export function requestDeadline(context: AppLoadContext, ms: number): number {
  let at = deadlines.get(context);
  if (at === undefined) {
    at = Date.now() + ms;
    deadlines.set(context, at);
  }
  return at;
}

export class DeadlinePassedError extends Error {
  constructor() {
    super("passed the page's deadline");
    this.name = "DeadlinePassedError";
  }
}

/** Settles with the promise, or rejects once `deadline` (epoch ms) passes; the work itself goes on. */
export function beforeDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlinePassedError()), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Why a guard call ended without an answer: the page's deadline came, or the upstream failed. */
export function failureReason(error: unknown): "deadline" | "failed" {
  return error instanceof DeadlinePassedError || (error instanceof UpstreamError && error.atDeadline) ? "deadline" : "failed";
}

/** A read (GET or HEAD: a page view or a client navigation's data), as opposed to a form post. */
export function isReadRequest(request: Request): boolean {
  return request.method === "GET" || request.method === "HEAD";
}

/**
 * The guards' deadline for this request: a page read gets GUARD_DEADLINE_MS; a form post waits
 * up to ACTION_GUARD_DEADLINE_MS, because giving up would throw away what the visitor sent (a
 * bet, a password change) or send them to the maintenance page with it.
 */
export function guardDeadline({ request, context }: Pick<RequestArgs, "request" | "context">): number {
  return requestDeadline(context, isReadRequest(request) ? GUARD_DEADLINE_MS : ACTION_GUARD_DEADLINE_MS);
}
