import type { PipestackErrorCode } from "./codes";
import { PipestackError, type PipestackErrorOptions } from "./pipestack-error";

/** The program uses what the stack server's API generation does not have; refused before any write. */
export class StackGenerationError extends PipestackError {
  static readonly code: PipestackErrorCode = "PIPESTACK_STACK_GENERATION";

  constructor(message: string, options?: PipestackErrorOptions) {
    super(StackGenerationError.code, message, options);
  }
}
