import { PipestackError, type PipestackErrorOptions } from "./pipestack-error";

/** A setting is missing or not valid; the message names it and both ways to set it, never its value. */
export class InvalidSettingError extends PipestackError {
  constructor(message: string, options?: PipestackErrorOptions) {
    super("PIPESTACK_INVALID_SETTING", message, options);
  }
}
