import { PipestackError, type PipestackErrorOptions } from "./pipestack-error";

/** An argument, input or request names something that cannot be used (a bad field, an unknown token, an id that cannot be a path segment). */
export class InvalidArgumentError extends PipestackError {
  constructor(message: string, options?: PipestackErrorOptions) {
    super("PIPESTACK_INVALID_ARGUMENT", message, options);
  }
}
