/**
 * A micro-cache for upstream answers many viewers share (the sports feed, the menu, the guards'
 * redirect and block answers): one call per key per `ttlMs`, and callers that arrive while it is
 * in flight wait for the same call, so a thousand viewers polling one scope cost one upstream
 * call per interval. Failures are not kept. Bounded: the oldest entries go first. A `ttlMs` of 0
 * keeps nothing. Since callers share a call, it must not carry one caller's abort signal.
 */
export class MicroCache {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return compute();
    const time = this.now();
    const hit = this.entries.get(key);
    if (hit && time - hit.at < this.ttlMs) return hit.value as Promise<T>;
    const value = compute();
    this.entries.delete(key);
    this.entries.set(key, { at: time, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return value;
  }

  /** Forgets every answer: the next caller of each key computes anew. */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
