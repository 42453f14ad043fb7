import type { PipestackErrorCode } from "./codes";
import { PipestackError, type PipestackErrorOptions } from "./pipestack-error";

/** A declaration inside the package contradicts itself (found at load time): a bug in the package, never in the program. */
export class InternalError extends PipestackError {
  static readonly code: PipestackErrorCode = "PIPESTACK_INTERNAL";

  constructor(message: string, options?: PipestackErrorOptions) {
    super(InternalError.code, message, options);
  }
}
