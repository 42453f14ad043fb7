import type { PipestackErrorCode } from "./codes";
import { PipestackError, type PipestackErrorOptions } from "./pipestack-error";

/** The service answered 424 and is stopped (waking it is the user's decision), or did not wake in time; the 424 is the cause. */
export class ServiceNotRunningError extends PipestackError {
  static readonly code: PipestackErrorCode = "PIPESTACK_SERVICE_NOT_RUNNING";

  constructor(message: string, options?: PipestackErrorOptions) {
    super(ServiceNotRunningError.code, message, options);
  }
}
