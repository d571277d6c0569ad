/**
 * The last good answer per key, kept so that pages can show it while the upstream is away
 * (decision 063). A least-recently-used map bounded by entries and by a weight (a feed answer
 * weighs its games), so a whole line of thousands of games cannot pile up by scope. Each entry
 * also keeps the copy a page is served while the upstream is away, made once per answer: pages
 * key their prepared views on the answer object (decision 052), and the copy must stay one object.
 */
export class LastGood<T extends object, S extends object = T> {
  private readonly entries = new Map<string, { value: T; weight: number; stale: S | null }>();
  private weight = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight: number,
    private readonly weightOf: (value: T) => number,
    /** The copy shown while the upstream is away (every market suspended, marked stale). */
    private readonly staleCopy: (value: T) => S,
  ) {}

  remember(key: string, value: T): void {
    const weight = this.weightOf(value);
    this.forget(key);
    // One answer heavier than the whole budget is not kept: it would push out every other scope.
    if (weight > this.maxWeight) return;
    this.entries.set(key, { value, weight, stale: null });
    this.weight += weight;
    while (this.entries.size > this.maxEntries || this.weight > this.maxWeight) {
      this.forget(this.entries.keys().next().value as string);
    }
  }

  /** The stale copy of the last good answer of `key`, or null; a recall counts as a use. */
  recall(key: string): S | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    this.entries.delete(key);
    this.entries.set(key, entry);
    entry.stale ??= this.staleCopy(entry.value);
    return entry.stale;
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.weight -= entry.weight;
    this.entries.delete(key);
  }

  get size(): { entries: number; weight: number } {
    return { entries: this.entries.size, weight: this.weight };
  }
}
