import { ApiError } from "../errors";
import type { RetryPolicy } from "./retry";

/**
 * The error a retryable answer (a 429, a 5xx) ends with once the retries are spent: the API's
 * own error with how many retries went before it and the setting that allows them, since only
 * the message reaches the user. `spent` counts the operation's retries (its budget is shared);
 * fewer than `pipestack:maxRetries` means the retry time limit ran out first. Pure.
 */
export function afterRetries(failure: ApiError, spent: number, elapsedMs: number, policy: RetryPolicy): ApiError {
  const limit = spent >= policy.maxRetries ? "" : ` (the retry time limit, ${Math.round(policy.maxElapsedMs / 1000)} s, ran out first)`;
  const note = `still ${failure.status} after ${spent} ${spent === 1 ? "retry" : "retries"} in ${(elapsedMs / 1000).toFixed(1)} s${limit}; check pipestack:maxRetries (now ${policy.maxRetries}), or send fewer requests at once`;
  const detail = `${failure.detail.replace(/\.$/, "")}; ${note}`;
  // 404 is never retried: the body's kind does not matter to the class.
  return ApiError.from({
    status: failure.status,
    apiCode: failure.apiCode,
    detail,
    requestId: failure.requestId,
    method: failure.method,
    path: failure.path,
    jsonBody: true,
  });
}
