/**
 * What pages make of shared upstream answers, kept once per answer and view: the JSON of a game
 * list (decision 052), the markup of its rows (decision 055). Bounded by answers and by the
 * weight of what is kept (characters of text, or a count of objects), the oldest answer going
 * first: the micro-caches keep an answer until the next second's replaces it, or for as long as
 * nobody asks for its scope again, so the views must not live as long as the answers do.
 */
export class PerAnswerCache<V> {
  private readonly answers = new Map<object, Map<string, V>>();
  private weight = 0;

  constructor(
    private readonly maxAnswers: number,
    private readonly maxWeight: number,
    private readonly maxViewsPerAnswer: number,
    /** A kept value's share of `maxWeight`: its length in characters, say. */
    private readonly weightOf: (value: V) => number,
  ) {}

  /** `view` names everything `make` depends on besides the answer. */
  get<T extends V>(answer: object, view: string, make: () => T): T {
    const hit = this.answers.get(answer)?.get(view);
    if (hit !== undefined) return hit as T;
    const made = make();
    const weight = this.weightOf(made);
    // Looked up after `make`, which may itself have kept something (one kept part inside another).
    let views = this.answers.get(answer);
    // A view above a sixteenth of the budget (a page of 2,000 games, say) would push out what
    // everyone shares; it is served without being kept, as is one beyond the answer's share.
    if (weight > this.maxWeight / 16 || (views && views.size >= this.maxViewsPerAnswer)) return made;
    if (!views) {
      views = new Map();
      this.answers.set(answer, views);
    }
    const replaced = views.get(view);
    if (replaced !== undefined) this.weight -= this.weightOf(replaced);
    views.set(view, made);
    this.weight += weight;
    while (this.answers.size > this.maxAnswers || (this.weight > this.maxWeight && this.answers.size > 0)) this.dropOldest();
    return made;
  }

  private dropOldest(): void {
    const [answer, views] = this.answers.entries().next().value as [object, Map<string, V>];
    for (const value of views.values()) this.weight -= this.weightOf(value);
    this.answers.delete(answer);
  }

  get size(): { answers: number; weight: number } {
    return { answers: this.answers.size, weight: this.weight };
  }
}
