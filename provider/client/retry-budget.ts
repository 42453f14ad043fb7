import { retryDelay, type Outcome, type RetryPolicy } from "./retry";

/**
 * The retries one operation may spend, shared by every request it sends. A create that loops
 * around a client which retries on its own would otherwise multiply the two limits
 * ((maxRetries + 1)^2 POSTs under a steady 429); with one budget the whole operation sends at
 * most maxRetries + 1 attempts of anything, within the policy's elapsed-time bound.
 */
export class RetryBudget {
  private used = 0;
  /** When its first attempt started (the policy's bounds count from there); unset before. */
  private started?: number;

  constructor(
    readonly policy: RetryPolicy,
    private readonly random: () => number = Math.random,
  ) {}

  /** Retries spent so far. */
  get spent(): number {
    return this.used;
  }

  /** Time since the budget's first attempt, in ms. */
  get elapsedMs(): number {
    return this.started === undefined ? 0 : Date.now() - this.started;
  }

  /**
   * The time left of the operation, in ms: it ends `maxElapsedMs` after its first attempt
   * started (this call, the first time), or one `attemptMs` after when that is longer (so a
   * first attempt always has its whole deadline).
   */
  leftMs(attemptMs = 0): number {
    const now = Date.now();
    this.started ??= now;
    return this.started + this.spanMs(attemptMs) - now;
  }

  /** How long the whole operation may take, for messages. */
  spanMs(attemptMs = 0): number {
    return Math.max(this.policy.maxElapsedMs, attemptMs);
  }

  /** Leaves `ms` out of the time spent: a service's wake-up, which has a limit of its own. */
  setAside(ms: number): void {
    if (this.started !== undefined) this.started += ms;
  }

  /**
   * The wait before one more attempt, taken from the budget; undefined once it is spent. The
   * outcome lets a server's `Retry-After` / reset header choose the wait; without one, backoff.
   */
  next(outcome: Outcome = { kind: "transport", neverSent: false }): number | undefined {
    const now = Date.now();
    const delay = retryDelay(outcome, this.used, now - (this.started ?? now), this.policy, this.random());
    if (delay !== undefined) this.used += 1;
    return delay;
  }
}
