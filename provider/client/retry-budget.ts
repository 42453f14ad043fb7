import { ApiError, TransportError } from "../errors";
import { systemClock, type Clock } from "./clock";
import { retryStep, type Outcome, type RetryPolicy } from "./retry";
import { afterRetries, waitTooLong } from "./retries-spent";

/**
 * The retries one operation may spend, shared by every request it sends, and the one retry loop
 * step ({@link RetryBudget.again}) both the client and a create's own loop (`create-once.ts`)
 * take. A create that loops around a client which retries on its own would otherwise multiply
 * the two limits ((maxRetries + 1)^2 POSTs under a steady 429); with one budget the whole
 * operation sends at most maxRetries + 1 attempts of anything, and every wait ends within the
 * policy's time limit.
 */
export class RetryBudget {
  private used = 0;
  /** When its first attempt started (the policy's bounds count from there); unset before. */
  private started?: number;

  constructor(
    readonly policy: RetryPolicy,
    private readonly random: () => number = Math.random,
    readonly clock: Clock = systemClock,
  ) {}

  /** Retries spent so far. */
  get spent(): number {
    return this.used;
  }

  /** Time since the budget's first attempt, in ms. */
  get elapsedMs(): number {
    return this.started === undefined ? 0 : this.clock.now() - this.started;
  }

  /**
   * The time left of the operation, in ms: it ends `maxElapsedMs` after its first attempt
   * started (this call, the first time), or one `attemptMs` after when that is longer (so a
   * first attempt always has its whole deadline).
   */
  leftMs(attemptMs = 0): number {
    const now = this.clock.now();
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
   * The step before one more attempt, taken from the budget: a wait (a server's `Retry-After` /
   * reset header when it named one, else backoff), or why there is none.
   */
  next(outcome: Outcome = { kind: "transport", neverSent: false }): ReturnType<typeof retryStep> {
    const now = this.clock.now();
    const step = retryStep(outcome, this.used, now - (this.started ?? now), this.policy, this.random());
    if (step.kind === "wait") this.used += 1;
    return step;
  }

  /**
   * After a failed attempt that may be sent again: waits as the budget says and resolves (go
   * again), or throws `failure`, an API error with the words that say why no retry comes (the
   * retries spent, or a server's wait longer than what is left) and the setting to change.
   */
  async again(failure: Error, outcome: Outcome = outcomeOf(failure)): Promise<void> {
    const step = this.next(outcome);
    if (step.kind === "wait") return this.clock.sleep(step.ms);
    if (!(failure instanceof ApiError)) throw failure;
    throw step.kind === "too-long" ? waitTooLong(failure, step.asked, step.leftMs, this.policy) : afterRetries(failure, this.used, this.elapsedMs, this.policy);
  }
}

/** What a failure says to the retry step: an API error its status and the wait its answer asked for. Pure. */
export function outcomeOf(failure: unknown): Outcome {
  if (failure instanceof ApiError) return { kind: "status", status: failure.status, ...(failure.serverWait ? { asked: failure.serverWait } : {}) };
  return { kind: "transport", neverSent: failure instanceof TransportError && failure.neverSent };
}
