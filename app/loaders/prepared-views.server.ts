import { type PreparedJson, prepareJson } from "~/lib/prepared-json";

/**
 * What pages made of shared upstream answers, prepared as JSON once per answer and view (decision
 * 052). Bounded by answers and by the length of their texts, the oldest answer going first: the
 * micro-caches keep an answer until the next second's replaces it, or for as long as nobody asks
 * for its scope again, so the views must not live as long as the answers do.
 */
export class PreparedViews {
  private readonly answers = new Map<object, Map<string, PreparedJson<object>>>();
  private chars = 0;

  constructor(
    private readonly maxAnswers: number,
    private readonly maxChars: number,
    private readonly maxViewsPerAnswer: number,
  ) {}

  /** `view` names everything `make` depends on besides the answer. */
  get<T extends object>(answer: object, view: string, make: () => T): PreparedJson<T> {
    let views = this.answers.get(answer);
    const hit = views?.get(view);
    if (hit) return hit as PreparedJson<T>;
    const prepared = prepareJson(make());
    // A view too big for the budget, or one beyond the answer's share, is served without being kept.
    if (prepared.json.length > this.maxChars || (views && views.size >= this.maxViewsPerAnswer)) return prepared;
    if (!views) {
      views = new Map();
      this.answers.set(answer, views);
    }
    views.set(view, prepared);
    this.chars += prepared.json.length;
    while (this.answers.size > this.maxAnswers || this.chars > this.maxChars) this.dropOldest();
    return prepared;
  }

  private dropOldest(): void {
    const [answer, views] = this.answers.entries().next().value as [object, Map<string, PreparedJson<object>>];
    for (const prepared of views.values()) this.chars -= prepared.json.length;
    this.answers.delete(answer);
  }

  get size(): { answers: number; chars: number } {
    return { answers: this.answers.size, chars: this.chars };
  }
}
