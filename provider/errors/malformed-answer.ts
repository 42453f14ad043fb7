import type { PipestackErrorCode } from "./codes";
import { PipestackError, type PipestackErrorOptions } from "./pipestack-error";

/** The API answered in its envelope, but not with the shape of what was asked for (the message names the field). */
export class MalformedAnswerError extends PipestackError {
  static readonly code: PipestackErrorCode = "PIPESTACK_MALFORMED_ANSWER";

  constructor(message: string, options?: PipestackErrorOptions) {
    super(MalformedAnswerError.code, message, options);
  }
}
