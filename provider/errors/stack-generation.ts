import { PipestackError, type PipestackErrorOptions } from "./pipestack-error";

/** The program uses what the stack server's API generation does not have; refused before any write. */
export class StackGenerationError extends PipestackError {
  constructor(message: string, options?: PipestackErrorOptions) {
    super("PIPESTACK_STACK_GENERATION", message, options);
  }
}
