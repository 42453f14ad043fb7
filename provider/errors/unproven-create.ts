import { PipestackError, type PipestackErrorOptions } from "./pipestack-error";

/** A create may have gone through, but the objects it may have made cannot be told apart: none is recorded, the message lists them. */
export class UnprovenCreateError extends PipestackError {
  constructor(message: string, options?: PipestackErrorOptions) {
    super("PIPESTACK_CREATE_UNPROVEN", message, options);
  }
}
