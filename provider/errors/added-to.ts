import { PipestackError } from "./pipestack-error";
import type { PipestackErrorCode } from "./codes";

/**
 * `cause` with words added to its message: the same code when it has one (what went wrong is
 * still the cause's), `fallback` otherwise; the cause is kept for `err.cause`.
 */
export function addedTo(cause: unknown, message: string, fallback: PipestackErrorCode = "PIPESTACK_INTERNAL"): PipestackError {
  return new PipestackError(cause instanceof PipestackError ? cause.code : fallback, message, { cause });
}
