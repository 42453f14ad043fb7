import type { PipestackErrorCode } from "./codes";
import { PipestackError, type PipestackErrorOptions } from "./pipestack-error";

/** An argument, input or request names something that cannot be used (a bad field, an unknown token, an id that cannot be a path segment). */
export class InvalidArgumentError extends PipestackError {
  static readonly code: PipestackErrorCode = "PIPESTACK_INVALID_ARGUMENT";

  constructor(message: string, options?: PipestackErrorOptions) {
    super(InvalidArgumentError.code, message, options);
  }
}
