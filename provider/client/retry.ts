/** When and how long to wait before sending a request again: small pure functions. */

export interface RetryPolicy {
  /** Retries after the first attempt. @default 6 */
  maxRetries: number;
  /** First backoff delay; doubles each retry, with full jitter. @default 500 */
  baseDelayMs: number;
  /** Longest single wait, also for `Retry-After`. @default 30000 */
  maxDelayMs: number;
  /** No retry starts once this much time has passed since the first attempt. @default 120000 */
  maxElapsedMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  maxRetries: 6,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  maxElapsedMs: 120_000,
};

/** The policy the settings ask for (`pipestack:maxRetries`, `pipestack:retryBaseDelayMs`). */
export function retryPolicyFrom(settings: { maxRetries: number; retryBaseDelayMs: number }): RetryPolicy {
  return { ...defaultRetryPolicy, maxRetries: settings.maxRetries, baseDelayMs: settings.retryBaseDelayMs };
}

/** What came back from one attempt, as far as retrying cares. */
export type Outcome = { kind: "status"; status: number; headers: Record<string, string | string[] | undefined> } | { kind: "transport"; neverSent: boolean };

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

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * The wait the server asked for, in ms: `X-RateLimit-Reset` or `RateLimit-Reset` (seconds to
 * wait), else `Retry-After` (seconds or an HTTP date). Undefined when it asked for nothing.
 */
export function serverDelayMs(headers: Record<string, string | string[] | undefined>, now = Date.now()): number | undefined {
  for (const name of ["x-ratelimit-reset", "ratelimit-reset", "retry-after"]) {
    const raw = header(headers, name)?.trim();
    if (!raw) continue;
    if (/^\d+(\.\d+)?$/.test(raw)) {
      const n = Number(raw);
      // Some gateways send an epoch instant in the reset header instead of seconds to wait.
      if (n > 1_000_000_000) return Math.max(0, n * 1000 - now);
      return n * 1000;
    }
    const date = Date.parse(raw);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  return undefined;
}

/** Exponential backoff with full jitter; `random` in [0, 1). */
export function backoffMs(retry: number, policy: RetryPolicy, random: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.floor(random * ceiling);
}

/** The delay before retry number `retry` (0-based), or undefined to stop retrying. */
export function retryDelay(outcome: Outcome, retry: number, elapsedMs: number, policy: RetryPolicy, random: number = Math.random()): number | undefined {
  if (retry >= policy.maxRetries) return undefined;
  const asked = outcome.kind === "status" ? serverDelayMs(outcome.headers) : undefined;
  const delay = Math.min(policy.maxDelayMs, asked ?? backoffMs(retry, policy, random));
  if (elapsedMs + delay > policy.maxElapsedMs) return undefined;
  return delay;
}
