import { useMemo } from "react";

/**
 * A loader value the server wrote as JSON once, for every request that shows it (decision 052).
 * Remix's turbo-stream encodes a loader's data value by value on every request: for home's two
 * game lists, about a thousand entries and most of a millisecond per view. A list many viewers
 * share is stringified once per feed answer instead, and turbo-stream passes the string on as
 * one value. `type` is never sent: it only carries the value's type to `usePreparedJson`.
 */
export interface PreparedJson<T extends object> {
  readonly json: string;
  readonly type?: T;
}

/**
 * The values prepared in this process, by their prepared object: the server renders from the
 * value itself rather than parsing the text back (the object reaches the render as the loader
 * returned it). The browser gets the text through turbo-stream, a new object, and parses it.
 */
const values = new WeakMap<PreparedJson<object>, object>();

/**
 * Set on the server (`handoff-splices.server.ts`, decision 056): remembers each prepared text, so
 * that a page's data script can carry it ready-escaped.
 */
export const preparedTexts: { remember?: (json: string) => void } = {};

export function prepareJson<T extends object>(value: T): PreparedJson<T> {
  const prepared: PreparedJson<T> = { json: JSON.stringify(value) };
  values.set(prepared, value);
  preparedTexts.remember?.(prepared.json);
  return prepared;
}

/** The value, parsed once per text: the same object on every render until the data changes. */
export function usePreparedJson<T extends object>(prepared: PreparedJson<T>): T {
  const own = values.get(prepared) as T | undefined;
  const { json } = prepared;
  return useMemo(() => own ?? (JSON.parse(json) as T), [own, json]);
}
