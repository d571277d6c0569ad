import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { loadersStarted } from "~/lib/server-timing.server";

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
