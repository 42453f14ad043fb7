/** When and how long to wait before sending a request again: small pure functions. */

import type { ServerWait } from "./server-wait";
import { CLIENT_DEFAULTS } from "../client-defaults";

export interface RetryPolicy {
  /** Retries after the first attempt. @default 6 */
  maxRetries: number;
  /** First backoff delay; doubles each retry, with full jitter. @default 500 */
  baseDelayMs: number;
  /** Longest backoff wait (a server's own figure is waited whole, when it fits in the budget). @default 30000 */
  maxDelayMs: number;
  /**
   * The operation's budget: every attempt and every wait (backoff, the server's, the pacer's)
   * ends within this much time of its first attempt (`pipestack:retryTimeLimitMs`). @default 120000
   */
  maxElapsedMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  maxRetries: CLIENT_DEFAULTS.maxRetries,
  baseDelayMs: CLIENT_DEFAULTS.retryBaseDelayMs,
  maxDelayMs: CLIENT_DEFAULTS.retryMaxDelayMs,
  maxElapsedMs: CLIENT_DEFAULTS.retryTimeLimitMs,
};

/** The policy the settings ask for (`pipestack:maxRetries`, `pipestack:retryBaseDelayMs`, `pipestack:retryTimeLimitMs`). */
export function retryPolicyFrom(settings: { maxRetries: number; retryBaseDelayMs: number; retryTimeLimitMs: number }): RetryPolicy {
  return { ...defaultRetryPolicy, maxRetries: settings.maxRetries, baseDelayMs: settings.retryBaseDelayMs, maxElapsedMs: settings.retryTimeLimitMs };
}

/** What came back from one attempt, as far as retrying cares. */
export type Outcome = { kind: "status"; status: number; asked?: ServerWait } | { kind: "transport"; neverSent: boolean };

/** Statuses worth another try: rate limit and the server-side failures. */
function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 500 || status === 502 || status === 503 || status === 504;
}

/**
 * Whether to retry. A request that may have been applied (a POST that got a 5xx or lost its
 * connection) is not retried here: the caller must first find out what happened.
 */
export function shouldRetry(outcome: Outcome, idempotent: boolean): boolean {
  if (outcome.kind === "transport") return idempotent || outcome.neverSent;
  if (outcome.status === 429) return true;
  return idempotent && isRetryableStatus(outcome.status);
}

/** Exponential backoff with full jitter; `random` in [0, 1). */
export function backoffMs(retry: number, policy: RetryPolicy, random: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.floor(random * ceiling);
}

/**
 * What to do before retry number `retry` (0-based): wait so long, stop (the retries or the time
 * are spent), or stop at once because the server asks for a wait longer than what is left of the
 * operation's budget (waiting it would outlive the budget; retrying sooner would only be refused).
 */
export type RetryStep = { kind: "wait"; ms: number } | { kind: "spent" } | { kind: "too-long"; asked: ServerWait; leftMs: number };

/** The step before retry number `retry`, `elapsedMs` into the operation; `random` in [0, 1). Pure. */
export function retryStep(outcome: Outcome, retry: number, elapsedMs: number, policy: RetryPolicy, random: number = Math.random()): RetryStep {
  if (retry >= policy.maxRetries) return { kind: "spent" };
  const leftMs = policy.maxElapsedMs - elapsedMs;
  const asked = outcome.kind === "status" ? outcome.asked : undefined;
  if (asked !== undefined) return asked.ms > leftMs ? { kind: "too-long", asked, leftMs: Math.max(0, leftMs) } : { kind: "wait", ms: asked.ms };
  const delay = backoffMs(retry, policy, random);
  return delay > leftMs ? { kind: "spent" } : { kind: "wait", ms: delay };
}
