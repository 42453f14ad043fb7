import { PipestackError, type PipestackErrorOptions } from "./pipestack-error";

/** The service answered 424 and is stopped (waking it is the user's decision), or did not wake in time; the 424 is the cause. */
export class ServiceNotRunningError extends PipestackError {
  constructor(message: string, options?: PipestackErrorOptions) {
    super("PIPESTACK_SERVICE_NOT_RUNNING", message, options);
  }
}
