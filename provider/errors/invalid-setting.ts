import type { PipestackErrorCode } from "./codes";
import { PipestackError, type PipestackErrorOptions } from "./pipestack-error";

/** A setting is missing or not valid; the message names it and both ways to set it, never its value. */
export class InvalidSettingError extends PipestackError {
  static readonly code: PipestackErrorCode = "PIPESTACK_INVALID_SETTING";

  constructor(message: string, options?: PipestackErrorOptions) {
    super(InvalidSettingError.code, message, options);
  }
}
