import { retryDelay, type Outcome, type RetryPolicy } from "./retry";

/**
 * The retries one operation may spend, shared by every request it sends. A create that loops
 * around a client which retries on its own would otherwise multiply the two limits
 * ((maxRetries + 1)^2 POSTs under a steady 429); with one budget the whole operation sends at
 * most maxRetries + 1 attempts of anything, within the policy's elapsed-time bound.
 */
export class RetryBudget {
  private used = 0;
  private started = Date.now();

  constructor(
    readonly policy: RetryPolicy,
    private readonly random: () => number = Math.random,
  ) {}

  /** Retries spent so far. */
  get spent(): number {
    return this.used;
  }

  /**
   * The time left of the operation, in ms: it ends `maxElapsedMs` after it started, or one
   * `attemptMs` after when that is longer (so a first attempt always has its own deadline).
   */
  leftMs(attemptMs = 0): number {
    return this.started + this.spanMs(attemptMs) - Date.now();
  }

  /** How long the whole operation may take, for messages. */
  spanMs(attemptMs = 0): number {
    return Math.max(this.policy.maxElapsedMs, attemptMs);
  }

  /** Leaves `ms` out of the time spent: a service's wake-up, which has a limit of its own. */
  setAside(ms: number): void {
    this.started += ms;
  }

  /**
   * The wait before one more attempt, taken from the budget; undefined once it is spent. The
   * outcome lets a server's `Retry-After` / reset header choose the wait; without one, backoff.
   */
  next(outcome: Outcome = { kind: "transport", neverSent: false }): number | undefined {
    const delay = retryDelay(outcome, this.used, Date.now() - this.started, this.policy, this.random());
    if (delay !== undefined) this.used += 1;
    return delay;
  }
}
