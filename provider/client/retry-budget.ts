import { retryDelay, type Outcome, type RetryPolicy } from "./retry";

/**
 * The retries one operation may spend, shared by every request it sends. A create that loops
 * around a client which retries on its own would otherwise multiply the two limits
 * ((maxRetries + 1)^2 POSTs under a steady 429); with one budget the whole operation sends at
 * most maxRetries + 1 attempts of anything, within the policy's elapsed-time bound.
 */
export class RetryBudget {
  private used = 0;
  private readonly started = Date.now();

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
    return Date.now() - this.started;
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
