import type { PipestackErrorCode } from "./codes";
import { PipestackError } from "./pipestack-error";

/** Polling ran out of time; `last` is the last value read. */
export class PollTimeoutError<T = unknown> extends PipestackError {
  static readonly code: PipestackErrorCode = "PIPESTACK_POLL_TIMEOUT";

  constructor(
    readonly last: T,
    message: string,
  ) {
    super(PollTimeoutError.code, message);
  }
}
