import type { PipestackErrorCode } from "./codes";
import { PipestackError, type PipestackErrorOptions } from "./pipestack-error";

/** A create may have gone through, but the objects it may have made cannot be told apart: none is recorded, the message lists them. */
export class UnprovenCreateError extends PipestackError {
  static readonly code: PipestackErrorCode = "PIPESTACK_CREATE_UNPROVEN";

  constructor(message: string, options?: PipestackErrorOptions) {
    super(UnprovenCreateError.code, message, options);
  }
}
