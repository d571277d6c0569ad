/**
 * When to ask a failing upstream again for visitors who carry a mark of its outage (decision
 * 062). While its last answer in this process was a failure, one caller per `intervalMs` may ask
 * (the others keep their mark without waiting on a dead upstream); once it has answered, or when
 * this process has seen no failure, everyone may.
 */
export class RecheckGate {
  private failedAt: number | null = null;
  private claimedAt: number | null = null;

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The upstream failed to answer (an outage, not a refusal of the question). */
  failed(): void {
    this.failedAt = this.now();
  }

  /** The upstream answered. */
  answered(): void {
    this.failedAt = null;
    this.claimedAt = null;
  }

  /** Whether this caller may ask now; while the upstream is failing, it takes the interval's one ask. */
  mayAsk(): boolean {
    if (this.failedAt === null) return true;
    const at = this.now();
    const last = Math.max(this.failedAt, this.claimedAt ?? this.failedAt);
    if (at - last < this.intervalMs) return false;
    this.claimedAt = at;
    return true;
  }
}
