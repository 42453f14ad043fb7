import { ApiError } from "../errors";
import type { RetryPolicy } from "./retry";
import { seconds, type ServerWait } from "./server-wait";

/** The API's error with words added, keeping its class, status and requestId. */
function withNote(failure: ApiError, note: string): ApiError {
  // 404 is never retried: the body's kind does not matter to the class.
  return ApiError.from({
    status: failure.status,
    apiCode: failure.apiCode,
    detail: `${failure.detail.replace(/\.$/, "")}; ${note}`,
    requestId: failure.requestId,
    method: failure.method,
    path: failure.path,
    jsonBody: true,
  });
}

/**
 * The error a retryable answer (a 429, a 5xx) ends with once the retries are spent: the API's
 * own error with how many retries went before it and the setting that allows them, since only
 * the message reaches the user. `spent` counts the operation's retries (its budget is shared);
 * fewer than `pipestack:maxRetries` means the retry time limit ran out first. Pure.
 */
export function afterRetries(failure: ApiError, spent: number, elapsedMs: number, policy: RetryPolicy): ApiError {
  const limit = spent >= policy.maxRetries ? "" : ` (the retry time limit, ${seconds(policy.maxElapsedMs)}, ran out first; pipestack:retryTimeLimitMs)`;
  return withNote(
    failure,
    `still ${failure.status} after ${spent} ${spent === 1 ? "retry" : "retries"} in ${(elapsedMs / 1000).toFixed(1)} s${limit}; check pipestack:maxRetries (now ${policy.maxRetries}), or send fewer requests at once`,
  );
}

/**
 * The error an answer ends with at once when the server asks for a wait longer than what is left
 * of the operation's budget: the limit, the server's figure (header and value as sent) and the
 * setting to raise. Pure.
 */
export function waitTooLong(failure: ApiError, asked: ServerWait, leftMs: number, policy: RetryPolicy): ApiError {
  return withNote(
    failure,
    `the server asks to wait ${seconds(asked.ms)} (${asked.header}: ${asked.value}), longer than the ${seconds(leftMs)} left of this operation's ` +
      `${seconds(policy.maxElapsedMs)} limit, so no retry waits for it; raise pipestack:retryTimeLimitMs (now ${policy.maxElapsedMs}) to wait that long, or run again later`,
  );
}
