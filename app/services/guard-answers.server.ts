// The micro-caches of the guards' answers (issue 12, decision 048): redirect-light and the block
// check run on every page, and their answers change only when the operator edits rules. An
// answer is reused for GUARD_CACHE_MS (a second by default) under the exact question the site
// sends, so visitors share an answer only when the API would be asked the same thing. An ops
// write through this site clears them all; other site processes follow within the TTL.
import { env } from "~/env.server";
import { MicroCache } from "./micro-cache.server";

/** Enough for every page of a busy second; the oldest goes first beyond it. */
const MAX_ENTRIES = 5_000;
/** A longer question (a very long URL or user-agent) is asked each time: a miss is always safe. */
const MAX_KEY_CHARS = 2_048;

const caches: MicroCache[] = [];

export interface GuardAnswerCache<T> {
  get(key: string, ask: () => Promise<T>): Promise<T>;
}

export function guardAnswerCache<T>(): GuardAnswerCache<T> {
  const cache = new MicroCache(env.GUARD_CACHE_MS, MAX_ENTRIES);
  caches.push(cache);
  return { get: (key, ask) => (key.length > MAX_KEY_CHARS ? ask() : cache.get(key, ask)) };
}

/** After an ops write: the next page asks the APIs again. */
export function clearGuardAnswers(): void {
  for (const cache of caches) cache.clear();
}
